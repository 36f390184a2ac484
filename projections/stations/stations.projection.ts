import { stationEvents } from '../../domain/station/events.js';
import { upsertRows } from '../batchWrite.js';
import { defineColumns, int, text, timestamptz, type RowOf } from '../columns.js';
import { defineProjection } from '../types.js';

const STATIONS = defineColumns({ username: text().primary(), shop_floor_id: int(), line_id: int(), equipment_id: int().nullable(), updated_at: timestamptz() });

/** Each user's default station, read on any device the user logs in from. */
export const stationsProjection = defineProjection(stationEvents, {
  name: 'stations',
  version: 1,
  tables: {
    default_stations: STATIONS.table(),
  },
  async applyBatch({ trx, tables }, events) {
    // Every choice is the whole station, so the last one per user is the row.
    const stations = new Map<string, RowOf<typeof STATIONS>>();
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
    if (stations.size > 0) await upsertRows(trx, tables.default_stations!, ['username'], STATIONS.columns, [...stations.values()]);
  },
});
