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
 * Lines' counted figures per clock hour in [from, to), in one query (the board asks for all its
 * lines): pieces as each line's counting machine says them (domain/machines/counting.ts;
 * `countingEquipmentIds` holds one per line, and a machine belongs to one line, so one list serves
 * them all), micro-stops of all its machines. Lines without a row in the range are absent.
 */
export async function linesHours(knex: Knex, lineIds: readonly number[], from: Date, to: Date, countingEquipmentIds: readonly number[]): Promise<Map<number, LineHourRow[]>> {
  const out = new Map<number, LineHourRow[]>();
  if (lineIds.length === 0) return out;
  const counted = knex.raw('equipment_id = any(?::int[])', [[...countingEquipmentIds]]);
  const rows = (await knex('machine_hours')
    .whereIn('line_id', [...lineIds])
    .andWhere('hour_start', '>=', from)
    .andWhere('hour_start', '<', to)
    .groupBy('line_id', 'hour_start')
    .orderBy(['line_id', 'hour_start'])
    .select(
      'line_id',
      'hour_start',
      knex.raw('coalesce(sum(good) filter (where ?), 0) as good', [counted]),
      knex.raw('coalesce(sum(reject) filter (where ?), 0) as reject', [counted]),
      knex.raw('coalesce(bool_or(?), false) as counted', [counted]),
      knex.raw('sum(micro_stops) as micro_stops'),
      knex.raw('sum(micro_stop_minutes) as micro_stop_minutes'),
    )) as Array<Record<string, unknown>>;
  for (const r of rows) {
    const lineId = Number(r.line_id);
    const list = out.get(lineId) ?? [];
    list.push({
      hourStart: r.hour_start as Date,
      good: Number(r.good),
      reject: Number(r.reject),
      counted: r.counted === true,
      microStops: Number(r.micro_stops),
      microStopMinutes: Math.round(Number(r.micro_stop_minutes) * 100) / 100,
    });
    out.set(lineId, list);
  }
  return out;
}
