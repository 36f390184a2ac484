import type { EventCatalog } from '../domain/shared/catalog.js';
import { DomainError } from '../domain/shared/errors.js';
import { parsePlantFile, type PlantFile, type PlantFileIssue } from '../domain/plant/plantFile.js';
import { activeChildren, type PlantState } from '../domain/plant/state.js';
import { handleSetDbrConstants } from '../commands/dbr/setDbrConstants.js';
import type { CommandContext } from '../commands/handleCommand.js';
import { handleImportPlantStructure } from '../commands/plant/importPlantStructure.js';
import { readPlantState } from '../commands/plant/readPlant.js';
import type { EventStore } from '../domain/shared/eventStore.js';

/** A plant file that cannot be applied; each issue names the JSON path of a bad field. Nothing was written. */
export class PlantFileError extends Error {
  constructor(readonly issues: PlantFileIssue[]) {
    super(`Plant file not valid:\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`);
  }
}

export interface PlantImportResult {
  /** Types of the events recorded, in order; empty when the plant already matched the file. */
  recorded: string[];
}

export const IMPORT_CONTEXT = { userId: 'system', username: 'plant-import', role: 'admin' } as const;

/** The line a file entry stands for once the structure matches the file. */
function lineIdOf(state: PlantState, plant: PlantFile, floorIndex: number, lineIndex: number): number {
  const floor = plant.shopFloors[floorIndex]!;
  const line = floor.lines[lineIndex]!;
  if (line.id !== undefined) return line.id;
  const floorId = floor.id ?? activeChildren(state, 'shopFloor', null).find((s) => s.name === floor.name)!.id;
  return activeChildren(state, 'line', floorId).find((l) => l.name === line.name)!.id;
}

/**
 * Validates a parsed plant file and applies it as commands: the structure as one
 * command on the plant stream (all of it or nothing), then each line's DBR constants.
 * Every rule is checked before the first append, so a bad file writes nothing; the
 * deciders emit only differences, so the same file twice records nothing new.
 */
export async function importPlant(
  deps: { store: EventStore; catalog: EventCatalog },
  raw: unknown,
  context: Omit<CommandContext, 'now'> & { now: Date } = { ...IMPORT_CONTEXT, now: new Date() },
): Promise<PlantImportResult> {
  const parsed = parsePlantFile(raw);
  if (!parsed.ok) throw new PlantFileError(parsed.issues);
  const { plant } = parsed;
  const recorded: string[] = [];
  try {
    const structure = await handleImportPlantStructure(deps, { plant }, context);
    recorded.push(...structure.events.map((e) => e.type));
  } catch (err) {
    if (err instanceof DomainError && err.fields) {
      throw new PlantFileError(Object.entries(err.fields).map(([path, message]) => ({ path, message })));
    }
    throw err;
  }
  const state = await readPlantState(deps);
  for (const [fi, floor] of plant.shopFloors.entries()) {
    for (const [li, line] of floor.lines.entries()) {
      if (!line.dbrConstants) continue;
      const lineId = lineIdOf(state, plant, fi, li);
      const r = await handleSetDbrConstants(deps, { lineId, constants: line.dbrConstants }, context);
      recorded.push(...r.events.map((e) => e.type));
    }
  }
  return { recorded };
}
