import { decideImportPlantStructure } from '../../commands/plant/importPlantStructure.js';
import { readDemoPlantFile } from '../../seed/demoPlant.js';
import type { DbrConstants } from '../dbr/constants.js';
import { parsePlantFile, type PlantFile } from './plantFile.js';
import { plantFileOf } from './plantFileOf.js';
import { evolvePlant, initialPlantState, type PlantState } from './state.js';

function parsed(raw: unknown): PlantFile {
  const r = parsePlantFile(raw);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.plant;
}

/** The plant a file builds in an empty store, as the import's events fold it. */
function imported(file: PlantFile, from: PlantState = initialPlantState): PlantState {
  return decideImportPlantStructure({ type: 'ImportPlantStructure', plant: file }, from).reduce(evolvePlant, from);
}

/** A file's content without the ids a recorded plant pins, for comparing with a file written by hand. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'id')
        .map(([k, v]) => [k, withoutIds(v)]),
    );
  return value;
}

describe('the plant file of a recorded plant', () => {
  const demo = parsed(readDemoPlantFile());
  const constants = new Map<number, DbrConstants>();
  demo.shopFloors.flatMap((f) => f.lines).forEach((l, i) => l.dbrConstants && constants.set(i + 1, l.dbrConstants));
  const state = imported(demo);

  it('is a valid plant file that says what the demo plant file says', () => {
    const file = parsed(plantFileOf(state, constants));
    // The demo file names no counting machine and no threshold, and gives every planned-stop
    // reason its default category: those the written file states where the state has them.
    const expected = withoutIds(demo) as PlantFile;
    const written = withoutIds(file) as PlantFile;
    expect(written.shopFloors).toEqual(expected.shopFloors);
    expect(written.triggeringEvents).toEqual(expected.triggeringEvents);
    expect(written.plannedStopReasons.map((r) => r.name)).toEqual(demo.plannedStopReasons.map((r) => r.name));
  });

  it('imports into the same plant as no change at all', () => {
    expect(decideImportPlantStructure({ type: 'ImportPlantStructure', plant: parsed(plantFileOf(state)) }, state)).toEqual([]);
  });

  it('pins ids, so a rename in an edited copy renames and a removed item retires', () => {
    const file = plantFileOf(state);
    const line = file.shopFloors[0]!.lines[1]!;
    line.name = 'Linea 2 bis';
    file.triggeringEvents.shift();
    const events = decideImportPlantStructure({ type: 'ImportPlantStructure', plant: parsed(file) }, state);
    expect(events).toEqual([
      { type: 'LineRenamed', data: { lineId: line.id, name: 'Linea 2 bis' } },
      { type: 'TriggeringEventRetired', data: { triggeringEventId: 1 } },
    ]);
  });

  it('leaves retired items out and keeps a line threshold and counting machine', () => {
    const file = plantFileOf(state);
    file.shopFloors[0]!.lines[0]!.stopThresholdMinutes = 7;
    file.shopFloors[0]!.lines[0]!.countingEquipment = file.shopFloors[0]!.lines[0]!.equipments[0]!.name;
    file.shopFloors[0]!.lines.pop();
    const next = imported(parsed(file), state);
    const again = plantFileOf(next);
    expect(again.shopFloors[0]!.lines.map((l) => l.name)).toEqual(file.shopFloors[0]!.lines.map((l) => l.name));
    expect(again.shopFloors[0]!.lines[0]).toMatchObject({ stopThresholdMinutes: 7, countingEquipment: file.shopFloors[0]!.lines[0]!.equipments[0]!.name });
  });
});
