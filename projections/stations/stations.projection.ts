import type { DomainEvent } from '../../domain/shared/catalog.js';
import { stationEvents, type StationEvent } from '../../domain/station/events.js';
import { applyEach, type Projection } from '../types.js';

/** Each user's default station, read on any device the user logs in from. */
export const stationsProjection: Projection = {
  name: 'stations',
  version: 1,
  tables: {
    default_stations: (t) => {
      t.text('username').primary();
      t.integer('shop_floor_id').notNullable();
      t.integer('line_id').notNullable();
      t.integer('equipment_id').nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    },
  },
  canHandle: stationEvents.map((d) => d.type),
  applyBatch: applyEach(async ({ trx, tables }, domainEvent: DomainEvent) => {
    const event = domainEvent as unknown as StationEvent;
    switch (event.type) {
      case 'DefaultStationChosen': {
        const { username, shopFloorId, lineId, equipmentId } = event.data;
        const row = { username, shop_floor_id: shopFloorId, line_id: lineId, equipment_id: equipmentId, updated_at: domainEvent.metadata.occurredAt };
        await trx(tables.default_stations!).insert(row).onConflict('username').merge();
        return;
      }
      default: {
        const never: never = event.type;
        return never;
      }
    }
  }),
};
