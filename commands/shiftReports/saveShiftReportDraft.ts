import { reportAlreadySubmitted } from '../../domain/shiftReports/errors.js';
import type { ShiftReportEvent } from '../../domain/shiftReports/events.js';
import { sameContent } from '../../domain/shiftReports/rules.js';
import type { ShiftReportState } from '../../domain/shiftReports/state.js';
import { assertAuthor, assertContent, assertNotFuture, type ReportCommandBase } from './reportCommand.js';

/**
 * The operator's autosave (POST /factory/shift_notes/save): partial content is fine,
 * bad values are not; a submitted report is locked (spec §4.1, §6).
 */
export interface SaveShiftReportDraft extends ReportCommandBase {
  type: 'SaveShiftReportDraft';
}

export function decideSaveShiftReportDraft(command: SaveShiftReportDraft, state: ShiftReportState, now: Date): ShiftReportEvent[] {
  if (state.status === 'submitted') throw reportAlreadySubmitted();
  assertNotFuture(command, now);
  assertAuthor(command, state);
  assertContent(command, false);
  if (state.status === 'draft' && sameContent(state.content, command.content)) return [];
  return [{ type: 'ShiftReportDraftSaved', data: { ...command.key, ...command.content, by: command.username } }];
}
