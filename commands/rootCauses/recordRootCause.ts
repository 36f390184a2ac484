import { z } from 'zod';
import { notFound, validationError } from '../../domain/shared/errors.js';
import { maxChars } from '../../domain/shared/bounds.js';
import { ROOT_CAUSE_MAX, rootCauseStream, type RootCauseEvent } from '../../domain/rootCauses/events.js';
import { rootCauseFold, type RootCauseState } from '../../domain/rootCauses/state.js';
import { fieldErrors } from '../../domain/stops/rules.js';
import { runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import { unplannedStopExists } from '../stops/locateStop.js';

/**
 * Save the analysis of one unplanned stop (Root Cause Tool, autosave on blur). A box
 * left out keeps its saved text, so two people filling different boxes do not undo
 * each other; an empty box is allowed (the text was cleared). Whether the stop exists
 * (and is not deleted) is read from its stream and travels with the command.
 */
export interface RecordRootCause {
  type: 'RecordRootCause';
  stopEventId: number;
  rootCause?: string;
  troubleshooting?: string;
  stopExists: boolean;
}

const box = z.string().trim().pipe(maxChars(ROOT_CAUSE_MAX)).optional();

/** 404 before 400: an analysis of a stop that does not exist is refused whatever its text. */
export function decideRecordRootCause(command: RecordRootCause, state: RootCauseState): RootCauseEvent[] {
  if (!command.stopExists) throw notFound('Stop non trovato');
  const bad = fieldErrors([
    ['root_cause', box, command.rootCause],
    ['troubleshooting', box, command.troubleshooting],
  ]);
  if (command.rootCause === undefined && command.troubleshooting === undefined) {
    bad.root_cause = 'Indica root_cause o troubleshooting';
  }
  if (Object.keys(bad).length > 0) throw validationError('Analisi non valida', bad);
  const rootCause = command.rootCause?.trim() ?? state.rootCause;
  const troubleshooting = command.troubleshooting?.trim() ?? state.troubleshooting;
  if (rootCause === state.rootCause && troubleshooting === state.troubleshooting) return [];
  return [{ type: 'RootCauseRecorded', data: { stopEventId: command.stopEventId, rootCause, troubleshooting } }];
}

/**
 * The whole command: the analysis's stream and the stop's (day or legacy) stream, so an
 * analysis never lands on a stop deleted while it was being saved.
 */
export function handleRecordRootCause(
  deps: CommandDeps,
  input: { stopEventId: number; rootCause?: string; troubleshooting?: string },
  ctx: CommandContext,
): Promise<CommandResult<RootCauseEvent>> {
  return runCommand(deps, ctx, async (reads) => {
    const stream = rootCauseStream(input.stopEventId);
    const state = await reads.read(stream, rootCauseFold);
    const stopExists = await unplannedStopExists(reads, input.stopEventId);
    return { stream, events: decideRecordRootCause({ ...input, type: 'RecordRootCause', stopExists }, state) };
  });
}
