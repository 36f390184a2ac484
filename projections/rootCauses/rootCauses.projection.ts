import type { DomainEvent } from '../../domain/shared/catalog.js';
import { rootCauseEvents, type RootCauseEvent } from '../../domain/rootCauses/events.js';
import { applyEach, type Projection } from '../types.js';

/** The Root Cause Tool's two boxes per unplanned stop; the stop lists join it by stop id. */
export const rootCausesProjection: Projection = {
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
  canHandle: rootCauseEvents.map((d) => d.type),
  applyBatch: applyEach(async ({ trx, tables }, domainEvent: DomainEvent) => {
    const event = domainEvent as unknown as RootCauseEvent;
    switch (event.type) {
      case 'RootCauseRecorded': {
        const { stopEventId, rootCause, troubleshooting } = event.data;
        const row = { stop_event_id: stopEventId, root_cause: rootCause, troubleshooting, updated_at: domainEvent.metadata.occurredAt };
        await trx(tables.root_causes!).insert(row).onConflict('stop_event_id').merge();
        return;
      }
      default: {
        const never: never = event.type;
        return never;
      }
    }
  }),
};
