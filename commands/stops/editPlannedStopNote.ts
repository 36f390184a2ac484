import { notFound, validationError } from '../../domain/shared/errors.js';
import type { PlannedStopEvent } from '../../domain/stops/events.js';
import type { PlannedStopsState } from '../../domain/stops/plannedState.js';
import { assertMayChange, fieldErrors, optionalNote } from '../../domain/stops/rules.js';
import type { CommandContext, CommandDeps, CommandResult } from '../handleCommand.js';
import { readPlannedStream, runOnExistingStop, plannedStreamOf } from './stopStreams.js';

/** The note is saved on blur even when empty (line log §5); empty is stored as null. */
export interface EditPlannedStopNote {
  type: 'EditPlannedStopNote';
  stopId: number;
  notes: string | null;
  role: string;
  shiftSubmitted: boolean;
}

export const plannedStopNotFound = () => notFound('Stop pianificato non trovato');

/** Unlike the unplanned details, an empty note is a valid value (it clears the note). */
export function decideEditPlannedStopNote(command: EditPlannedStopNote, state: PlannedStopsState): PlannedStopEvent[] {
  const stop = state.stops.get(command.stopId);
  if (!stop) throw plannedStopNotFound();
  const bad = fieldErrors([['notes', optionalNote, command.notes]]);
  if (bad.notes) throw validationError('Nota non valida', bad);
  assertMayChange(command.role, command.shiftSubmitted);
  const notes = optionalNote.parse(command.notes);
  if (stop.notes === notes) return [];
  return [{ type: 'PlannedStopNoteEdited', data: { stopId: stop.id, notes } }];
}

/** The whole command: the stop's stream (day or legacy), the calendar and the reports for the lock. */
export function handleEditPlannedStopNote(deps: CommandDeps, input: { stopId: number; notes: string | null }, ctx: CommandContext): Promise<CommandResult<PlannedStopEvent>> {
  const stop = { id: input.stopId, where: plannedStreamOf(input.stopId), read: readPlannedStream, notFound: plannedStopNotFound };
  return runOnExistingStop(deps, ctx, stop, (state, shiftSubmitted) => decideEditPlannedStopNote({ ...input, type: 'EditPlannedStopNote', role: ctx.role, shiftSubmitted }, state));
}
