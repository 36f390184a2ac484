import { detectedStopId, machineEvents } from '../../domain/machines/events.js';
import { UnplannedStopDeleted, UnplannedStopRecorded } from '../../domain/stops/events.js';
import { inChunks, unnested, upsertRows } from '../batchWrite.js';
import { bigint, defineColumns, double, int, timestamptz, type RowOf } from '../columns.js';
import { defineProjection } from '../types.js';

const DETECTED_STOPS = defineColumns({
  id: bigint().primary(),
  shop_floor_id: int(),
  line_id: int(),
  equipment_id: int(),
  start_time: timestamptz(),
  end_time: timestamptz().nullable(),
  /** The unplanned stop an operator recorded to explain it (its detected_stop_id), or null. */
  classified_stop_id: bigint().nullable(),
});

const MACHINE_HOURS = defineColumns({
  equipment_id: int(),
  hour_start: timestamptz(),
  first_at: timestamptz(),
  shop_floor_id: int(),
  line_id: int(),
  good: bigint(),
  reject: bigint(),
  micro_stops: int(),
  micro_stop_minutes: double(),
});

const LINKS = { id: 'bigint', classified_stop_id: 'bigint' } as const;

/**
 * What the machines said (docs/machine-signals.md): the stops they detected, whether an
 * operator explained each, and their hour folds (an hour's figures are the sum of its folds).
 */
export const machinesProjection = defineProjection([...machineEvents, UnplannedStopRecorded, UnplannedStopDeleted], {
  name: 'machines',
  version: 2,
  // It reads no event's metadata: the store leaves it out (readsMetadataOf).
  readsMetadataOf: [],
  tables: {
    // A shift's list asks for the stops that end after its start or are still open: the end-time
    // index keeps that to the stops near the shift, however many years the line has behind it.
    detected_stops: DETECTED_STOPS.table((t) => {
      t.index(['line_id', 'start_time']);
      t.index(['line_id', 'end_time']);
    }),
    machine_hours: MACHINE_HOURS.table((t) => {
      t.primary(['equipment_id', 'hour_start', 'first_at']);
      t.index(['line_id', 'hour_start']);
    }),
  },
  async applyBatch({ trx, tables }, events) {
    const stops = new Map<number, RowOf<typeof DETECTED_STOPS>>();
    const hours = new Map<string, RowOf<typeof MACHINE_HOURS>>();
    /** Detected stop -> the recorded stop linked to it in this batch (null: linked, then deleted). */
    const links = new Map<number, number | null>();
    /** Recorded stops deleted in this batch: their links from earlier batches go. */
    const deleted: number[] = [];
    for (const event of events) {
      switch (event.type) {
        case 'MachineStopDetected':
        case 'MachineRestarted': {
          const d = event.data;
          const id = detectedStopId(d.equipmentId, d.startTime);
          const end = event.type === 'MachineRestarted' ? event.data.endTime : (stops.get(id)?.end_time ?? null);
          stops.set(id, { id, shop_floor_id: d.shopFloorId, line_id: d.lineId, equipment_id: d.equipmentId, start_time: d.startTime, end_time: end, classified_stop_id: null });
          break;
        }
        case 'MachineHourCounted': {
          const d = event.data;
          hours.set(`${d.equipmentId}|${d.hour}|${d.firstAt}`, {
            equipment_id: d.equipmentId,
            hour_start: d.hour,
            first_at: d.firstAt,
            shop_floor_id: d.shopFloorId,
            line_id: d.lineId,
            good: d.good,
            reject: d.reject,
            micro_stops: d.microStops,
            micro_stop_minutes: d.microStopMinutes,
          });
          break;
        }
        case 'UnplannedStopRecorded':
          if (event.data.detectedStopId !== undefined) links.set(event.data.detectedStopId, event.data.stopId);
          break;
        case 'UnplannedStopDeleted':
          deleted.push(event.data.stopId);
          for (const [detected, stopId] of links) if (stopId === event.data.stopId) links.set(detected, null);
          break;
        default: {
          const never: never = event;
          return never;
        }
      }
    }
    const table = tables.detected_stops!;
    await inChunks([...stops.values()], (chunk) => {
      const from = unnested(DETECTED_STOPS.columns, chunk);
      const names = DETECTED_STOPS.names.filter((n) => n !== 'classified_stop_id').join(', ');
      return trx.raw(`insert into ?? as t (${names}) select ${names} from ${from.sql} on conflict (id) do update set end_time = coalesce(excluded.end_time, t.end_time)`, [
        table,
        ...from.bindings,
      ]);
    });
    if (deleted.length > 0) await trx(table).whereIn('classified_stop_id', deleted).update({ classified_stop_id: null });
    const linkRows = [...links].map(([id, classified_stop_id]) => ({ id, classified_stop_id }));
    await inChunks(linkRows, (chunk) => {
      const from = unnested(LINKS, chunk);
      return trx.raw(`update ?? as t set classified_stop_id = v.classified_stop_id from ${from.sql} where t.id = v.id`, [table, ...from.bindings]);
    });
    if (hours.size > 0) await upsertRows(trx, tables.machine_hours!, ['equipment_id', 'hour_start', 'first_at'], MACHINE_HOURS.columns, [...hours.values()]);
  },
});
