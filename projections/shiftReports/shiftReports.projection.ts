import { shiftReportEvents } from '../../domain/shiftReports/events.js';
import { inChunks, insertNew, keyOf, unnested, type Columns } from '../batchWrite.js';
import { boolean, date, defineColumns, double, int, jsonb, text, timestamptz, type RowOf } from '../columns.js';
import { defineProjection } from '../types.js';

const REPORTS = defineColumns({
  line_id: int(),
  day: date(),
  shift_code: text(),
  shop_floor_id: int(),
  notes: text(),
  machine_notes: jsonb(),
  production_volume: double().nullable(),
  waste: double().nullable(),
  working_time: double().nullable(),
  confirmed: boolean(),
  /** The stream's revision after this row's last event: the client's optimistic-concurrency token. */
  revision: int(),
  updated_at: timestamptz(),
  updated_by: text(),
  submitted_at: timestamptz().nullable(),
  submitted_by: text().nullable(),
});
/** Plus the revision of the batch's last submit, which decides whether it still counts against a row already there. */
const REPORTS_WITH_SUBMIT: Columns = { ...REPORTS.columns, submitted_revision: 'int' };

/** The columns every event overwrites: all but the key and the submit. */
const CONTENT = REPORTS.names.filter((c) => !['line_id', 'day', 'shift_code', 'submitted_at', 'submitted_by'].includes(c));

type Folded = RowOf<typeof REPORTS> & { submitted_revision: number | null };

/**
 * The line log's report per line, day and shift, as the last event left it (every
 * event carries the whole content). A row only moves forward: an event whose
 * revision the row already has is skipped, so a replay leaves the same rows.
 *
 * A batch folds each report's events in memory. One at a time, an event counts only
 * when its revision is above the row's and above every event before it, so: the
 * events that never rise above the ones before them never count; of the rest, those
 * above the stored row's revision count, and the row ends as the last of them, with the
 * submit of the last submit among them. One insert adds the reports not stored yet
 * (all of them in a rebuild); one update brings the others forward, comparing the
 * revision of the batch's last submit with the stored one.
 */
export const shiftReportsProjection = defineProjection(shiftReportEvents, {
  name: 'shift_reports',
  version: 1,
  tables: {
    shift_reports: REPORTS.table((t) => {
      t.primary(['line_id', 'day', 'shift_code']);
      t.index(['shop_floor_id', 'day']);
    }),
  },
  async applyBatch({ trx, tables }, events) {
    const table = tables.shift_reports!;
    const reports = new Map<string, Folded>();
    events.forEach((event) => {
      const d = event.data;
      const key = keyOf(d.lineId, d.day, d.shiftCode);
      const before = reports.get(key);
      if (before && before.revision >= event.revision) return;
      const at = event.metadata.occurredAt;
      const row: Folded = {
        line_id: d.lineId,
        day: d.day,
        shift_code: d.shiftCode,
        shop_floor_id: d.shopFloorId,
        notes: d.notes,
        machine_notes: d.machineNotes,
        production_volume: d.productionVolume,
        waste: d.waste,
        working_time: d.workingTime,
        confirmed: true,
        revision: event.revision,
        updated_at: at,
        updated_by: d.by,
        submitted_at: before?.submitted_at ?? null,
        submitted_by: before?.submitted_by ?? null,
        submitted_revision: before?.submitted_revision ?? null,
      };
      switch (event.type) {
        case 'ShiftReportDraftSaved':
          row.confirmed = false;
          break;
        case 'ShiftReportSubmitted':
          row.submitted_at = at;
          row.submitted_by = d.by;
          row.submitted_revision = event.revision;
          break;
        case 'ShiftReportAmended':
          break;
        default: {
          const never: never = event;
          return never;
        }
      }
      reports.set(key, row);
    });
    if (reports.size === 0) return;
    const inserted = await insertNew(trx, table, ['line_id', 'day', 'shift_code'], REPORTS.columns, [...reports.values()]);
    const existing = [...reports].filter(([key]) => !inserted.has(key)).map(([, row]) => row);
    const submitted = (c: string) => `${c} = case when v.submitted_revision > t.revision then v.${c} else t.${c} end`;
    const set = [...CONTENT.map((c) => `${c} = v.${c}`), submitted('submitted_at'), submitted('submitted_by')].join(', ');
    await inChunks(existing, (chunk) => {
      const from = unnested(REPORTS_WITH_SUBMIT, chunk);
      return trx.raw(
        `update ?? as t set ${set} from ${from.sql}
          where t.line_id = v.line_id and t.day = v.day and t.shift_code = v.shift_code and t.revision < v.revision`,
        [table, ...from.bindings],
      );
    });
  },
});
