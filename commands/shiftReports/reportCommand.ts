import type { ReportContent, ReportKey } from '../../domain/shiftReports/events.js';
import { changedByAnotherUser, futureDay, incompleteReport, invalidReport, shiftNotStarted } from '../../domain/shiftReports/errors.js';
import { invalidContent, isFutureDay, missingForSubmit } from '../../domain/shiftReports/rules.js';
import type { ShiftReportState } from '../../domain/shiftReports/state.js';

/**
 * What every report command carries. The shop floor's report labels and the shift's
 * length travel with it (the loader reads them), so the decision stays pure.
 */
export interface ReportCommandBase {
  key: ReportKey;
  content: ReportContent;
  /** The shop floor's report labels: the only machine-note columns allowed. */
  labels: string[];
  /** Length of the shift in hours: the most a report may declare as worked. */
  shiftHours: number;
  /** The shift's start (an ISO instant): no report is sent before it. */
  shiftStart: string;
  username: string;
  /** Whether the client sent the revision it last read (checked by handleShiftReport). */
  revisionPinned: boolean;
}

export function assertNotFuture(command: ReportCommandBase, now: Date): void {
  if (isFutureDay(command.key.day, now)) throw futureDay();
}

/** A report is sent (submitted, or created confirmed by an amend) only once its shift has begun. */
export function assertShiftStarted(command: ReportCommandBase, now: Date): void {
  if (now.getTime() < Date.parse(command.shiftStart)) throw shiftNotStarted(command.shiftStart);
}

/**
 * Never a silent overwrite: a client that does not say which revision it read may
 * only write over its own last change (an operator's own autosaves).
 */
export function assertAuthor(command: ReportCommandBase, state: ShiftReportState): void {
  if (!command.revisionPinned && state.lastBy !== null && state.lastBy !== command.username) throw changedByAnotherUser();
}

/** Limits always; completeness too when the report is being confirmed. */
export function assertContent(command: ReportCommandBase, confirming: boolean): void {
  const bad = invalidContent(command.content, command.labels, command.shiftHours);
  if (Object.keys(bad).length > 0) throw invalidReport(bad, confirming);
  if (!confirming) return;
  const missing = missingForSubmit(command.content);
  if (Object.keys(missing).length > 0) throw incompleteReport(missing);
}
