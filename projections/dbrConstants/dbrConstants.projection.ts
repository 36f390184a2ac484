import { DBR_FIELDS } from '../../domain/dbr/constants.js';
import { dbrEvents } from '../../domain/dbr/events.js';
import { upsertRows, type Columns, type Row } from '../batchWrite.js';
import { defineProjection } from '../types.js';

const DBR_CONSTANTS: Columns = {
  line_id: 'int',
  ...Object.fromEntries(DBR_FIELDS.map((f) => [f, 'double precision'])),
  updated_at: 'timestamptz',
};

/** Each line's DBR constants, for the editor and for the dashboard's averages. */
export const dbrConstantsProjection = defineProjection(dbrEvents, {
  name: 'dbr_constants',
  version: 1,
  tables: {
    dbr_constants: (t) => {
      t.integer('line_id').primary();
      for (const f of DBR_FIELDS) t.double(f).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    },
  },
  async applyBatch({ trx, tables }, events) {
    // Every event carries the whole set, so the last one per line is the row.
    const lines = new Map<number, Row>();
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
    if (lines.size > 0) await upsertRows(trx, tables.dbr_constants!, ['line_id'], DBR_CONSTANTS, [...lines.values()]);
  },
});
