import { rootCauseEvents } from '../../domain/rootCauses/events.js';
import { upsertRows, type Columns, type Row } from '../batchWrite.js';
import { defineProjection } from '../types.js';

const ROOT_CAUSES: Columns = { stop_event_id: 'bigint', root_cause: 'text', troubleshooting: 'text', updated_at: 'timestamptz' };

/** The Root Cause Tool's two boxes per unplanned stop; the stop lists join it by stop id. */
export const rootCausesProjection = defineProjection(rootCauseEvents, {
  name: 'root_causes',
  version: 1,
  tables: {
    root_causes: (t) => {
      t.bigInteger('stop_event_id').primary();
      t.text('root_cause').notNullable();
      t.text('troubleshooting').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    },
  },
  async applyBatch({ trx, tables }, events) {
    // Every event carries both boxes, so the last one per stop is the row.
    const analyses = new Map<number, Row>();
    events.forEach((event) => {
      switch (event.type) {
        case 'RootCauseRecorded': {
          const { stopEventId, rootCause, troubleshooting } = event.data;
          analyses.set(stopEventId, { stop_event_id: stopEventId, root_cause: rootCause, troubleshooting, updated_at: event.metadata.occurredAt });
          return;
        }
        default: {
          const never: never = event.type;
          return never;
        }
      }
    });
    if (analyses.size > 0) await upsertRows(trx, tables.root_causes!, ['stop_event_id'], ROOT_CAUSES, [...analyses.values()]);
  },
});
