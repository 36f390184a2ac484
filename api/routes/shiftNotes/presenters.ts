import { DateTime } from 'luxon';
import type { ReportContent } from '../../../domain/shiftReports/events.js';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import type { ShiftReportRow } from '../../../projections/shiftReports/shiftReports.queries.js';

/** The report's key as the spec's calls name it. */
export interface ShiftNoteKey {
  day: string;
  shift_code: string;
  line_name: string;
}

/** A saved report's state beyond its content. */
export interface ShiftNoteStatus {
  confirmed: boolean;
  revision: number;
  updatedAt: Date | null;
  updatedBy: string | null;
}

const local = (d: Date | null) => (d ? DateTime.fromJSDate(d, { zone: PLANT_ZONE }).toISO({ suppressMilliseconds: true }) : null);

/** The spec's shift-note fields plus what the client needs to write back safely (revision) and to show who saved last. */
export function presentShiftNote(key: ShiftNoteKey, content: ReportContent, status: ShiftNoteStatus) {
  return {
    shift_code: key.shift_code,
    day: key.day,
    line_name: key.line_name,
    notes: content.notes,
    machine_notes: content.machineNotes,
    production_volume: content.productionVolume,
    waste: content.waste,
    working_time: content.workingTime,
    confirmed: status.confirmed,
    revision: status.revision,
    updated_at: local(status.updatedAt),
    updated_by: status.updatedBy,
  };
}

/**
 * "The shift note, or empty": no report, or an unconfirmed one read by the improvement
 * role. `revision` stays the stream's (-1 when nothing was ever saved) so an amend can
 * knowingly replace an operator's draft (docs/line-log.md).
 */
export function presentEmptyShiftNote(key: ShiftNoteKey, revision: number) {
  return {
    ...presentShiftNote(
      key,
      { notes: '', machineNotes: [], productionVolume: null, waste: null, workingTime: null },
      { confirmed: false, revision, updatedAt: null, updatedBy: null },
    ),
    notes: null,
  };
}

/** GET: the row, or the empty shape when there is none or the reader may see only confirmed reports. */
export function presentShiftNoteRow(key: ShiftNoteKey, row: ShiftReportRow | null, confirmedOnly: boolean) {
  if (!row) return presentEmptyShiftNote(key, -1);
  if (confirmedOnly && !row.confirmed) return presentEmptyShiftNote(key, row.revision);
  return presentShiftNote(key, row, row);
}
