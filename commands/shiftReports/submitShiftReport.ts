import { reportAlreadySubmitted } from '../../domain/shiftReports/errors.js';
import type { ShiftReportEvent } from '../../domain/shiftReports/events.js';
import type { ShiftReportState } from '../../domain/shiftReports/state.js';
import { assertAuthor, assertContent, assertNotFuture, assertShiftStarted, type ReportCommandBase } from './reportCommand.js';

/**
 * The operator's 'CONFERMA e INVIA REPORT' (POST /factory/shift_notes/submit): every
 * field filled, for today or an earlier day, once its shift has begun, once; after it the operator changes nothing.
 */
export interface SubmitShiftReport extends ReportCommandBase {
  type: 'SubmitShiftReport';
}

export function decideSubmitShiftReport(command: SubmitShiftReport, state: ShiftReportState, now: Date): ShiftReportEvent[] {
  if (state.status === 'submitted') throw reportAlreadySubmitted();
  assertNotFuture(command, now);
  assertShiftStarted(command, now);
  assertAuthor(command, state);
  assertContent(command, true);
  return [{ type: 'ShiftReportSubmitted', data: { ...command.key, ...command.content, by: command.username } }];
}
