import { dbrStream, type DbrConstants } from '../../domain/dbr/constants.js';
import { plantFileOf } from '../../domain/plant/plantFileOf.js';
import type { DbrEvent } from '../../domain/dbr/events.js';
import { dbrFold } from '../../domain/dbr/state.js';
import { describePlantChanges, type PlantChange } from '../../domain/plant/changes.js';
import { PLANT_STREAM, type PlantEvent } from '../../domain/plant/events.js';
import type { PlantFile } from '../../domain/plant/plantFile.js';
import { activeChildren, evolvePlant, plantFold, type PlantState } from '../../domain/plant/state.js';
import type { Position } from '../../domain/shared/eventStore.js';
import { decideSetDbrConstants, handleSetDbrConstants } from '../dbr/setDbrConstants.js';
import { runCommand, type CommandContext, type CommandDeps } from '../handleCommand.js';
import { readCached, readFolded } from '../readSet.js';
import { decideImportPlantStructure } from './importPlantStructure.js';

/** What a plant file means against the recorded plant: the events, and the same in words. */
export interface PlantPlan {
  /** Revision of the plant stream the plan was decided on (-1: no plant yet). */
  revision: number;
  before: PlantState;
  structure: PlantEvent[];
  constants: DbrEvent[];
  changes: PlantChange[];
}

/** The line each file entry with DBR constants stands for, once the structure matches the file. */
function linesWithConstants(
  after: PlantState,
  plant: PlantFile,
): Array<{ lineId: number; constants: NonNullable<PlantFile['shopFloors'][number]['lines'][number]['dbrConstants']> }> {
  const out = [];
  for (const floor of plant.shopFloors) {
    const floorId = floor.id ?? activeChildren(after, 'shopFloor', null).find((s) => s.name === floor.name)!.id;
    for (const line of floor.lines) {
      if (!line.dbrConstants) continue;
      const lineId = line.id ?? activeChildren(after, 'line', floorId).find((l) => l.name === line.name)!.id;
      out.push({ lineId, constants: line.dbrConstants });
    }
  }
  return out;
}

/**
 * The changes a validated plant file would record, decided exactly as the apply decides them but
 * appended nowhere: the plant's structure by its decider, then each line's DBR constants by theirs.
 */
export async function previewPlantFile(deps: CommandDeps, plant: PlantFile): Promise<PlantPlan> {
  const { state: before, revision } = await readCached(deps, PLANT_STREAM, plantFold);
  const structure = decideImportPlantStructure({ type: 'ImportPlantStructure', plant }, before);
  const after = structure.reduce(evolvePlant, before);
  const constants: DbrEvent[] = [];
  for (const { lineId, constants: values } of linesWithConstants(after, plant)) {
    const { state } = await readFolded(deps, dbrStream(lineId), dbrFold);
    constants.push(...decideSetDbrConstants({ type: 'SetDbrConstants', lineId, constants: values }, state));
  }
  return { revision, before, structure, constants, changes: describePlantChanges(before, [...structure, ...constants]) };
}

export interface AppliedPlant {
  /** Revision of the plant stream after the apply. */
  revision: number;
  events: Array<PlantEvent | DbrEvent>;
  changes: PlantChange[];
  position: Position | null;
}

/**
 * Applies a plant file read at `revision`: the structure as one append on the plant stream,
 * refused with a conflict (409) when the plant moved since (never merged: the admin reviewed a
 * preview of that revision), then each line's DBR constants, as `npm run plant:import` does.
 */
export async function applyPlantFile(deps: CommandDeps, input: { plant: PlantFile; revision: number }, ctx: CommandContext): Promise<AppliedPlant> {
  let before: PlantState | null = null;
  const structure = await runCommand(
    deps,
    ctx,
    async (reads) => {
      const state = await reads.readCached(PLANT_STREAM, plantFold);
      reads.requireRevision(PLANT_STREAM, input.revision);
      before = state;
      return { stream: PLANT_STREAM, events: decideImportPlantStructure({ type: 'ImportPlantStructure', plant: input.plant }, state) };
    },
    { maxRetries: 0 },
  );
  const after = structure.events.reduce(evolvePlant, before!);
  const constants: DbrEvent[] = [];
  let position = structure.position;
  for (const { lineId, constants: values } of linesWithConstants(after, input.plant)) {
    const r = await handleSetDbrConstants(deps, { lineId, constants: values }, ctx);
    constants.push(...r.events);
    position = r.position ?? position;
  }
  const events = [...structure.events, ...constants];
  return { revision: structure.revision, events, changes: describePlantChanges(before!, events), position };
}

/** The recorded plant as a plant file (ids pinned, DBR constants where set) with the revision it was read at. */
export async function readPlantFile(deps: CommandDeps): Promise<{ revision: number; plant: PlantFile }> {
  const { state, revision } = await readCached(deps, PLANT_STREAM, plantFold);
  const constants = new Map<number, DbrConstants>();
  for (const floor of activeChildren(state, 'shopFloor', null)) {
    for (const line of activeChildren(state, 'line', floor.id)) {
      const { state: dbr } = await readFolded(deps, dbrStream(line.id), dbrFold);
      if (dbr.constants) constants.set(line.id, dbr.constants);
    }
  }
  return { revision, plant: plantFileOf(state, constants) };
}
