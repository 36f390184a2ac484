import type { Knex } from 'knex';

export interface DetectedStopRow {
  id: number;
  equipmentId: number;
  lineId: number;
  shopFloorId: number;
  startTime: Date;
  endTime: Date | null;
  classifiedStopId: number | null;
}

export type DetectedStopState = 'open' | 'unclassified' | 'all';

const toStop = (r: Record<string, unknown>): DetectedStopRow => ({
  id: Number(r.id),
  equipmentId: Number(r.equipment_id),
  lineId: Number(r.line_id),
  shopFloorId: Number(r.shop_floor_id),
  startTime: r.start_time as Date,
  endTime: (r.end_time as Date | null) ?? null,
  classifiedStopId: r.classified_stop_id === null ? null : Number(r.classified_stop_id),
});

/** A line's detected stops that overlap [from, to), in time order: open ones (still stopped), unclassified ones, or all. */
export async function listDetectedStops(knex: Knex, f: { shopFloorId: number; lineId: number; from: Date; to: Date; state: DetectedStopState }): Promise<DetectedStopRow[]> {
  const q = knex('detected_stops')
    .where({ shop_floor_id: f.shopFloorId, line_id: f.lineId })
    .andWhere('start_time', '<', f.to)
    .andWhere((w) => w.whereNull('end_time').orWhere('end_time', '>', f.from))
    .orderBy([{ column: 'start_time' }, { column: 'equipment_id' }]);
  if (f.state === 'open') q.whereNull('end_time');
  if (f.state === 'unclassified') q.whereNull('classified_stop_id');
  return (await q).map(toStop);
}

export async function findDetectedStop(knex: Knex, id: number): Promise<DetectedStopRow | null> {
  const row = await knex('detected_stops').where({ id }).first();
  return row ? toStop(row) : null;
}

/** Stops still open, to tell a restarted connector which machines it left stopped. */
export async function openDetectedStops(knex: Knex): Promise<DetectedStopRow[]> {
  return (await knex('detected_stops').whereNull('end_time')).map(toStop);
}

export interface LineHourRow {
  hourStart: Date;
  good: number;
  reject: number;
  /** The counting machine has a fold for the hour. */
  counted: boolean;
  microStops: number;
  microStopMinutes: number;
}

/**
 * A line's counted figures per clock hour in [from, to): pieces as the counting machine
 * says them (domain/machines/counting.ts; null: a line without machines, nothing counted),
 * micro-stops of all its machines.
 */
export async function lineHours(knex: Knex, lineId: number, from: Date, to: Date, countingEquipmentId: number | null): Promise<LineHourRow[]> {
  const counted = countingEquipmentId === null ? 'false' : `equipment_id = ${Number(countingEquipmentId)}`;
  const rows = (await knex('machine_hours')
    .where({ line_id: lineId })
    .andWhere('hour_start', '>=', from)
    .andWhere('hour_start', '<', to)
    .groupBy('hour_start')
    .orderBy('hour_start')
    .select(
      'hour_start',
      knex.raw(`coalesce(sum(good) filter (where ${counted}), 0) as good`),
      knex.raw(`coalesce(sum(reject) filter (where ${counted}), 0) as reject`),
      knex.raw(`coalesce(bool_or(${counted}), false) as counted`),
      knex.raw('sum(micro_stops) as micro_stops'),
      knex.raw('sum(micro_stop_minutes) as micro_stop_minutes'),
    )) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    hourStart: r.hour_start as Date,
    good: Number(r.good),
    reject: Number(r.reject),
    counted: r.counted === true,
    microStops: Number(r.micro_stops),
    microStopMinutes: Math.round(Number(r.micro_stop_minutes) * 100) / 100,
  }));
}
