import type { DbrConstants } from '../dbr/constants.js';
import type { PlantFile } from './plantFile.js';
import { activeChildren, settingsOf, type PlantState } from './state.js';

/**
 * The plant file of a recorded structure: what `npm run plant:import` would take to build the
 * same plant again. Every item carries its id, so importing the file into the same store records
 * nothing, and a renamed item in an edited copy keeps its history. Retired items are left out (a
 * file lists what is active). `constants` are the lines' DBR constants by line id, where set.
 */
export function plantFileOf(state: PlantState, constants: ReadonlyMap<number, DbrConstants> = new Map()): PlantFile {
  const leaf = (item: { id: number; name: string }) => ({ id: item.id, name: item.name });
  return {
    shopFloors: activeChildren(state, 'shopFloor', null).map((floor) => {
      const settings = settingsOf(state, floor.id);
      return {
        id: floor.id,
        name: floor.name,
        // A shop floor recorded without units (none is, through the plant file) gets an empty first
        // unit, which the import refuses by name: the file says what is missing instead of inventing it.
        units: settings.units ? { ...settings.units } : { unit1: '', unit2: '', unit3: '' },
        reportLabels: [...settings.reportLabels],
        manageExtraShift: settings.manageExtraShift,
        shifts: settings.patterns.map((p) => ({ name: p.name, code: p.code, start: p.start, end: p.end, extra: p.extra })),
        lines: activeChildren(state, 'line', floor.id).map((line) => {
          const equipments = activeChildren(state, 'equipment', line.id);
          const counting = equipments.find((e) => e.id === line.countingEquipmentId);
          const lineConstants = constants.get(line.id);
          return {
            id: line.id,
            name: line.name,
            referenceMachine: line.referenceMachine ?? '',
            ...(counting ? { countingEquipment: counting.name } : {}),
            equipments: equipments.map((equipment) => ({
              id: equipment.id,
              name: equipment.name,
              workpoints: activeChildren(state, 'workpoint', equipment.id).map((workpoint) => ({
                id: workpoint.id,
                name: workpoint.name,
                stopCodes: activeChildren(state, 'stopCode', workpoint.id).map(leaf),
              })),
            })),
            ...(lineConstants ? { dbrConstants: { ...lineConstants } } : {}),
            ...(line.stopThresholdMinutes != null ? { stopThresholdMinutes: line.stopThresholdMinutes } : {}),
          };
        }),
      };
    }),
    triggeringEvents: activeChildren(state, 'triggeringEvent', null).map(leaf),
    plannedStopReasons: activeChildren(state, 'plannedStopReason', null).map((r) => ({ ...leaf(r), ...(r.oeeCategory ? { oeeCategory: r.oeeCategory } : {}) })),
  };
}
