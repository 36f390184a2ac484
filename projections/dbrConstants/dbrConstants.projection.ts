import { DBR_FIELDS, type DbrField } from '../../domain/dbr/constants.js';
import { dbrEvents } from '../../domain/dbr/events.js';
import { upsertRows } from '../batchWrite.js';
import { defineColumns, double, int, timestamptz, type RowOf } from '../columns.js';
import { defineProjection } from '../types.js';

const DBR_CONSTANTS = defineColumns({
  line_id: int().primary(),
  ...(Object.fromEntries(DBR_FIELDS.map((f) => [f, double()])) as Record<DbrField, ReturnType<typeof double>>),
  updated_at: timestamptz(),
});

/** Each line's DBR constants, for the editor and for the dashboard's averages. */
export const dbrConstantsProjection = defineProjection(dbrEvents, {
  name: 'dbr_constants',
  version: 1,
  tables: {
    dbr_constants: DBR_CONSTANTS.table(),
  },
  async applyBatch({ trx, tables }, events) {
    // Every event carries the whole set, so the last one per line is the row.
    const lines = new Map<number, RowOf<typeof DBR_CONSTANTS>>();
    events.forEach((event) => {
      switch (event.type) {
        case 'DbrConstantsSet':
          lines.set(event.data.lineId, { line_id: event.data.lineId, ...event.data.constants, updated_at: event.metadata.occurredAt });
          return;
        default: {
          const never: never = event.type;
          return never;
        }
      }
    });
    if (lines.size > 0) await upsertRows(trx, tables.dbr_constants!, ['line_id'], DBR_CONSTANTS.columns, [...lines.values()]);
  },
});
