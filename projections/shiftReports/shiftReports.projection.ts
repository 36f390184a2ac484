import type { DomainEvent } from '../../domain/shared/catalog.js';
import { shiftReportEvents, type ShiftReportEvent } from '../../domain/shiftReports/events.js';
import { applyEach, type Projection } from '../types.js';

/**
 * The line log's report per line, day and shift, as the last event left it (every
 * event carries the whole content). A row only moves forward: an event whose
 * revision the row already has is skipped, so a replay leaves the same rows.
 */
export const shiftReportsProjection: Projection = {
  name: 'shift_reports',
  version: 1,
  tables: {
    shift_reports: (t) => {
      t.integer('line_id').notNullable();
      t.date('day').notNullable();
      t.text('shift_code').notNullable();
      t.integer('shop_floor_id').notNullable();
      t.text('notes').notNullable();
      t.jsonb('machine_notes').notNullable();
      t.double('production_volume').nullable();
      t.double('waste').nullable();
      t.double('working_time').nullable();
      t.boolean('confirmed').notNullable();
      /** The stream's revision after this row's last event: the client's optimistic-concurrency token. */
      t.integer('revision').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.text('updated_by').notNullable();
      t.timestamp('submitted_at', { useTz: true }).nullable();
      t.text('submitted_by').nullable();
      t.primary(['line_id', 'day', 'shift_code']);
      t.index(['shop_floor_id', 'day']);
    },
  },
  canHandle: shiftReportEvents.map((d) => d.type),
  applyBatch: applyEach(async ({ trx, tables }, domainEvent: DomainEvent) => {
    const event = domainEvent as unknown as ShiftReportEvent;
    const table = tables.shift_reports!;
    const d = event.data;
    const at = domainEvent.metadata.occurredAt;
    const row: Record<string, unknown> = {
      line_id: d.lineId,
      day: d.day,
      shift_code: d.shiftCode,
      shop_floor_id: d.shopFloorId,
      notes: d.notes,
      machine_notes: JSON.stringify(d.machineNotes),
      production_volume: d.productionVolume,
      waste: d.waste,
      working_time: d.workingTime,
      confirmed: true,
      revision: domainEvent.revision,
      updated_at: at,
      updated_by: d.by,
    };
    switch (event.type) {
      case 'ShiftReportDraftSaved':
        row.confirmed = false;
        break;
      case 'ShiftReportSubmitted':
        row.submitted_at = at;
        row.submitted_by = d.by;
        break;
      case 'ShiftReportAmended':
        break;
      default: {
        const never: never = event;
        return never;
      }
    }
    await trx(table)
      .insert(row)
      .onConflict(['line_id', 'day', 'shift_code'])
      .merge(Object.keys(row).filter((c) => !['line_id', 'day', 'shift_code'].includes(c)))
      .whereRaw('?? < excluded.revision', [`${table}.revision`]);
  }),
};
