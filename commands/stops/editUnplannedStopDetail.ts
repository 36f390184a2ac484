import { notFound, validationError } from '../../domain/shared/errors.js';
import type { UnplannedStopEvent } from '../../domain/stops/events.js';
import { assertMayChange, CORRECTIVE_ACTION_MAX, FAILURE_MODE_MAX, fieldErrors, requiredText } from '../../domain/stops/rules.js';
import type { UnplannedStopsState } from '../../domain/stops/unplannedState.js';
import type { CommandContext, CommandDeps, CommandResult } from '../handleCommand.js';
import { readUnplannedStream, runOnExistingStop, unplannedStreamOf } from './stopStreams.js';

export type UnplannedDetailField = 'failureMode' | 'correctiveAction';

/** An inline edit of the line log's stop table, saved on blur (line log §5). */
export interface EditUnplannedStopDetail {
  type: 'EditUnplannedStopDetail';
  stopId: number;
  field: UnplannedDetailField;
  value: string;
  role: string;
  shiftSubmitted: boolean;
}

const LIMITS: Record<UnplannedDetailField, number> = { failureMode: FAILURE_MODE_MAX, correctiveAction: CORRECTIVE_ACTION_MAX };

export const stopNotFound = () => notFound('Stop non trovato');

/** The new text must not be empty and must fit the chatbot's limit; the same text records nothing. */
export function decideEditUnplannedStopDetail(command: EditUnplannedStopDetail, state: UnplannedStopsState): UnplannedStopEvent[] {
  const stop = state.stops.get(command.stopId);
  if (!stop) throw stopNotFound();
  const bad = fieldErrors([['value', requiredText(LIMITS[command.field]), command.value]]);
  if (bad.value) throw validationError('Testo non valido', bad);
  assertMayChange(command.role, command.shiftSubmitted);
  const value = command.value.trim();
  if (stop[command.field] === value) return [];
  return [{ type: 'UnplannedStopDetailEdited', data: { stopId: stop.id, field: command.field, value } }];
}

/** The whole command: the stop's stream (day or legacy), the calendar and the reports for the lock. */
export function handleEditUnplannedStopDetail(
  deps: CommandDeps,
  input: { stopId: number; field: UnplannedDetailField; value: string },
  ctx: CommandContext,
): Promise<CommandResult<UnplannedStopEvent>> {
  const stop = { id: input.stopId, where: unplannedStreamOf(input.stopId), read: readUnplannedStream, notFound: stopNotFound };
  return runOnExistingStop(deps, ctx, stop, (state, shiftSubmitted) =>
    decideEditUnplannedStopDetail({ ...input, type: 'EditUnplannedStopDetail', role: ctx.role, shiftSubmitted }, state),
  );
}
