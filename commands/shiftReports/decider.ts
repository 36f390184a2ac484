import type { ShiftReportEvent } from '../../domain/shiftReports/events.js';
import { evolveShiftReport, initialShiftReportState, type ShiftReportState } from '../../domain/shiftReports/state.js';
import type { Decider } from '../handleCommand.js';
import { decideAmendShiftReport, type AmendShiftReport } from './amendShiftReport.js';
import { decideSaveShiftReportDraft, type SaveShiftReportDraft } from './saveShiftReportDraft.js';
import { decideSubmitShiftReport, type SubmitShiftReport } from './submitShiftReport.js';

/** The three ways a report changes: the operator's autosave and submit, the improvement role's amend. */
export type ShiftReportCommand = SaveShiftReportDraft | SubmitShiftReport | AmendShiftReport;

/** One report per line, day and shift (stream `shift-report-<lineId>-<day>-<shiftCode>`). */
export const shiftReportDecider: Decider<ShiftReportCommand, ShiftReportState, ShiftReportEvent> = {
  initialState: initialShiftReportState,
  evolve: evolveShiftReport,
  decide(command, state, now) {
    switch (command.type) {
      case 'SaveShiftReportDraft':
        return decideSaveShiftReportDraft(command, state, now);
      case 'SubmitShiftReport':
        return decideSubmitShiftReport(command, state, now);
      case 'AmendShiftReport':
        return decideAmendShiftReport(command, state, now);
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
