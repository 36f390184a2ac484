import { plantFileSchema, type PlantFile } from '../../domain/plant/plantFile.js';
import type { PlantEvent } from '../../domain/plant/events.js';
import type { PlantState } from '../../domain/plant/state.js';
import { plantDecider } from '../../commands/plant/decider.js';

/**
 * Test builders: a small plant file and the state its import records, built from
 * events as the house style asks (never by inserting read rows).
 */
export function smallPlantFile(): Record<string, unknown> {
  return {
    shopFloors: [
      {
        name: 'Confezionamento',
        units: { unit1: 'pz', unit2: 'cartoni', unit3: 'pallet' },
        reportLabels: ['Macchina', 'Nota'],
        manageExtraShift: false,
        shifts: [
          { name: 'Turno A', code: 'A', start: '06:00', end: '14:00' },
          { name: 'Turno B', code: 'B', start: '14:00', end: '22:00' },
          { name: 'Turno C', code: 'C', start: '22:00', end: '06:00' },
          { name: 'Turno E', code: 'E', start: '08:00', end: '16:00', extra: true },
        ],
        lines: [
          {
            name: 'Linea 1',
            referenceMachine: 'Riempitrice L1',
            equipments: [
              { name: 'Filler', workpoints: [{ name: 'Giostra di riempimento', stopCodes: ['Perdita di prodotto', 'Valvola bloccata'] }] },
              { name: 'Capper', workpoints: [{ name: 'Testa di tappatura', stopCodes: ['Tappo storto'] }] },
            ],
          },
          { name: 'Linea 2', referenceMachine: 'Riempitrice L2', equipments: [{ name: 'Filler', workpoints: [] }] },
        ],
      },
      { name: 'Preparazione', units: { unit1: 'kg' }, lines: [{ name: 'Linea P', referenceMachine: 'Miscelatore', equipments: [] }] },
    ],
    triggeringEvents: ['Cambio formato', 'Avvio linea dopo fermo'],
    plannedStopReasons: ['Pulizia programmata', 'Manutenzione preventiva'],
  };
}

export const parsePlant = (raw: unknown): PlantFile => plantFileSchema.parse(raw);

export function fold(events: PlantEvent[], from: PlantState = plantDecider.initialState): PlantState {
  return events.reduce(plantDecider.evolve, from);
}

/** The state after importing a file into `from` (empty by default). */
export function plantStateFrom(raw: unknown, from: PlantState = plantDecider.initialState): PlantState {
  return fold(plantDecider.decide({ type: 'ImportPlantStructure', plant: parsePlant(raw) }, from, new Date(0)), from);
}

/** The history after importing a file over `before` (none by default): the given events of a plant decider test. */
export function plantEventsFrom(raw: unknown, before: PlantEvent[] = []): PlantEvent[] {
  return [...before, ...plantDecider.decide({ type: 'ImportPlantStructure', plant: parsePlant(raw) }, fold(before), new Date(0))];
}
