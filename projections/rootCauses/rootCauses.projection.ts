import { rootCauseEvents } from '../../domain/rootCauses/events.js';
import { upsertRows } from '../batchWrite.js';
import { bigint, defineColumns, text, timestamptz, type RowOf } from '../columns.js';
import { defineProjection } from '../types.js';

const ROOT_CAUSES = defineColumns({ stop_event_id: bigint().primary(), root_cause: text(), troubleshooting: text(), updated_at: timestamptz() });

/** The Root Cause Tool's two boxes per unplanned stop; the stop lists join it by stop id. */
export const rootCausesProjection = defineProjection(rootCauseEvents, {
  name: 'root_causes',
  version: 1,
  tables: {
    root_causes: ROOT_CAUSES.table(),
  },
  async applyBatch({ trx, tables }, events) {
    // Every event carries both boxes, so the last one per stop is the row.
    const analyses = new Map<number, RowOf<typeof ROOT_CAUSES>>();
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
    if (analyses.size > 0) await upsertRows(trx, tables.root_causes!, ['stop_event_id'], ROOT_CAUSES.columns, [...analyses.values()]);
  },
});
