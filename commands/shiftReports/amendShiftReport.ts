import type { ShiftReportEvent } from '../../domain/shiftReports/events.js';
import { sameContent } from '../../domain/shiftReports/rules.js';
import type { ShiftReportState } from '../../domain/shiftReports/state.js';
import { assertAuthor, assertContent, assertNotFuture, assertShiftStarted, type ReportCommandBase } from './reportCommand.js';

/**
 * The improvement role's 'Salva Report' (PUT /factory/shift_notes/update). It sees only
 * confirmed reports, so where none is confirmed (nothing, or an operator's draft) the
 * save creates the confirmed report: recorded as ShiftReportSubmitted, so the shift
 * counts as closed for the stops too. Same rules as a submit.
 */
export interface AmendShiftReport extends ReportCommandBase {
  type: 'AmendShiftReport';
}

export function decideAmendShiftReport(command: AmendShiftReport, state: ShiftReportState, now: Date): ShiftReportEvent[] {
  assertNotFuture(command, now);
  // Creating the confirmed report sends it; a report already sent may be amended at any time.
  if (state.status !== 'submitted') assertShiftStarted(command, now);
  assertAuthor(command, state);
  assertContent(command, true);
  const data = { ...command.key, ...command.content, by: command.username };
  if (state.status !== 'submitted') return [{ type: 'ShiftReportSubmitted', data }];
  if (sameContent(state.content, command.content)) return [];
  return [{ type: 'ShiftReportAmended', data }];
}

/** The response's `created`: whether this amend made the confirmed report ('Report creato correttamente'). */
export const amendCreated = (events: ShiftReportEvent[]) => events.some((e) => e.type === 'ShiftReportSubmitted');
