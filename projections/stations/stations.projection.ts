import { stationEvents } from '../../domain/station/events.js';
import { upsertRows, type Columns, type Row } from '../batchWrite.js';
import { defineProjection } from '../types.js';

const STATIONS: Columns = { username: 'text', shop_floor_id: 'int', line_id: 'int', equipment_id: 'int', updated_at: 'timestamptz' };

/** Each user's default station, read on any device the user logs in from. */
export const stationsProjection = defineProjection(stationEvents, {
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
  async applyBatch({ trx, tables }, events) {
    // Every choice is the whole station, so the last one per user is the row.
    const stations = new Map<string, Row>();
    events.forEach((event) => {
      switch (event.type) {
        case 'DefaultStationChosen': {
          const { username, shopFloorId, lineId, equipmentId } = event.data;
          stations.set(username, { username, shop_floor_id: shopFloorId, line_id: lineId, equipment_id: equipmentId, updated_at: event.metadata.occurredAt });
          return;
        }
        default: {
          const never: never = event.type;
          return never;
        }
      }
    });
    if (stations.size > 0) await upsertRows(trx, tables.default_stations!, ['username'], STATIONS, [...stations.values()]);
  },
});
