import type { Knex } from 'knex';

export interface ShiftRow {
  id: number;
  name: string;
  code: string;
  shiftDay: string;
  startTime: Date;
  endTime: Date;
  extra: boolean;
}

const toShift = (r: Record<string, unknown>): ShiftRow => ({
  id: Number(r.id),
  name: String(r.name),
  code: String(r.code),
  shiftDay: String(r.shift_day),
  startTime: r.start_time as Date,
  endTime: r.end_time as Date,
  extra: Boolean(r.extra),
});

/** Shifts of a shop floor whose day lies in the range, in time order. */
export async function listShifts(knex: Knex, shopFloorId: number, dayFrom: string, dayTo: string, includeExtra: boolean): Promise<ShiftRow[]> {
  const q = knex('shifts')
    .where({ shop_floor_id: shopFloorId })
    .whereBetween('shift_day', [dayFrom, dayTo])
    .orderBy([{ column: 'start_time' }, { column: 'code' }]);
  if (!includeExtra) q.andWhere({ extra: false });
  return (await q).map(toShift);
}
