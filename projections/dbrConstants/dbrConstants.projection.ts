import type { DomainEvent } from '../../domain/shared/catalog.js';
import { DBR_FIELDS } from '../../domain/dbr/constants.js';
import { dbrEvents, type DbrEvent } from '../../domain/dbr/events.js';
import { applyEach, type Projection } from '../types.js';

/** Each line's DBR constants, for the editor and for the dashboard's averages. */
export const dbrConstantsProjection: Projection = {
  name: 'dbr_constants',
  version: 1,
  tables: {
    dbr_constants: (t) => {
      t.integer('line_id').primary();
      for (const f of DBR_FIELDS) t.double(f).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    },
  },
  canHandle: dbrEvents.map((d) => d.type),
  applyBatch: applyEach(async ({ trx, tables }, domainEvent: DomainEvent) => {
    const event = domainEvent as unknown as DbrEvent;
    switch (event.type) {
      case 'DbrConstantsSet': {
        const row = { line_id: event.data.lineId, ...event.data.constants, updated_at: domainEvent.metadata.occurredAt };
        await trx(tables.dbr_constants!).insert(row).onConflict('line_id').merge();
        return;
      }
      default: {
        const never: never = event.type;
        return never;
      }
    }
  }),
};
