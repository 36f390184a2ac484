import { z } from 'zod';
import { notFound, validationError } from '../../domain/shared/errors.js';
import { maxChars } from '../../domain/shared/bounds.js';
import { ROOT_CAUSE_MAX, rootCauseStream, sixMSchema, WHY_COUNT, WHY_MAX, type RootCauseEvent, type SixM } from '../../domain/rootCauses/events.js';
import { rootCauseFold, type RootCauseState } from '../../domain/rootCauses/state.js';
import { fieldErrors } from '../../domain/stops/rules.js';
import { runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import { unplannedStopExists } from '../stops/locateStop.js';

/**
 * Save the analysis of one unplanned stop (Root Cause Tool, autosave on blur). A box
 * left out keeps its saved text, so two people filling different boxes do not undo
 * each other; an empty box is allowed (the text was cleared). The same holds for each
 * of the five whys (`whys[i]` null or missing: kept) and the 6M category. Whether the
 * stop exists (and is not deleted) is read from its stream and travels with the command.
 */
export interface RecordRootCause {
  type: 'RecordRootCause';
  stopEventId: number;
  rootCause?: string;
  troubleshooting?: string;
  /** Up to five answers; a null entry keeps the saved one. */
  whys?: (string | null)[];
  category?: string;
  stopExists: boolean;
}

/** What the route hands the command: the parsed body. */
export type RootCauseInput = Omit<RecordRootCause, 'type' | 'stopExists'>;

const box = z.string().trim().pipe(maxChars(ROOT_CAUSE_MAX)).optional();
const whys = z
  .array(z.union([z.null(), z.string().trim().pipe(maxChars(WHY_MAX))]))
  .max(WHY_COUNT, `Al massimo ${WHY_COUNT} perché`)
  .optional();
const category = sixMSchema.optional();

/** The five whys after a save: each given answer (trimmed) in its place, the others as saved. */
function mergedWhys(saved: readonly string[], given: readonly (string | null)[] | undefined): string[] {
  return saved.map((old, i) => (typeof given?.[i] === 'string' ? given[i].trim() : old));
}

/** 404 before 400: an analysis of a stop that does not exist is refused whatever its text. */
export function decideRecordRootCause(command: RecordRootCause, state: RootCauseState): RootCauseEvent[] {
  if (!command.stopExists) throw notFound('Stop non trovato');
  const bad = fieldErrors([
    ['root_cause', box, command.rootCause],
    ['troubleshooting', box, command.troubleshooting],
    ['whys', whys, command.whys],
    ['category', category, command.category],
  ]);
  if (command.rootCause === undefined && command.troubleshooting === undefined && command.whys === undefined && command.category === undefined) {
    bad.root_cause = 'Indica root_cause, troubleshooting, whys o category';
  }
  if (Object.keys(bad).length > 0) throw validationError('Analisi non valida', bad);
  const next = {
    rootCause: command.rootCause?.trim() ?? state.rootCause,
    troubleshooting: command.troubleshooting?.trim() ?? state.troubleshooting,
    whys: mergedWhys(state.whys, command.whys),
    category: (command.category as SixM | '' | undefined) ?? state.category,
  };
  const same =
    next.rootCause === state.rootCause && next.troubleshooting === state.troubleshooting && next.category === state.category && next.whys.every((w, i) => w === state.whys[i]);
  if (same) return [];
  return [{ type: 'RootCauseRecorded', data: { stopEventId: command.stopEventId, ...next } }];
}

/**
 * The whole command: the analysis's stream and the stop's (day or legacy) stream, so an
 * analysis never lands on a stop deleted while it was being saved.
 */
export function handleRecordRootCause(deps: CommandDeps, input: RootCauseInput, ctx: CommandContext): Promise<CommandResult<RootCauseEvent>> {
  return runCommand(deps, ctx, async (reads) => {
    const stream = rootCauseStream(input.stopEventId);
    const state = await reads.read(stream, rootCauseFold);
    const stopExists = await unplannedStopExists(reads, input.stopEventId);
    return { stream, events: decideRecordRootCause({ ...input, type: 'RecordRootCause', stopExists }, state) };
  });
}
