import { rootCauseEvents } from '../../domain/rootCauses/events.js';
import { upsertRows } from '../batchWrite.js';
import { bigint, defineColumns, jsonb, text, timestamptz, type RowOf } from '../columns.js';
import { defineProjection } from '../types.js';

/** `whys`: the 5-why chain, a JSON array of five texts; `category`: the 6M category, '' for none. */
const ROOT_CAUSES = defineColumns({ stop_event_id: bigint().primary(), root_cause: text(), troubleshooting: text(), whys: jsonb(), category: text(), updated_at: timestamptz() });

/** The Root Cause Tool's analysis per unplanned stop (two boxes, the 5-why chain, the 6M category); the stop lists join it by stop id. Version 2: whys and category. */
export const rootCausesProjection = defineProjection(rootCauseEvents, {
  name: 'root_causes',
  version: 2,
  tables: {
    root_causes: ROOT_CAUSES.table(),
  },
  async applyBatch({ trx, tables }, events) {
    // Every event carries the whole analysis, so the last one per stop is the row.
    const analyses = new Map<number, RowOf<typeof ROOT_CAUSES>>();
    events.forEach((event) => {
      switch (event.type) {
        case 'RootCauseRecorded': {
          const { stopEventId, rootCause, troubleshooting, whys, category } = event.data;
          analyses.set(stopEventId, { stop_event_id: stopEventId, root_cause: rootCause, troubleshooting, whys, category, updated_at: event.metadata.occurredAt });
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
