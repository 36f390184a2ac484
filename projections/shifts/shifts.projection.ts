import { shiftEvents } from '../../domain/shifts/events.js';
import { inChunks, keyOf, unnested } from '../batchWrite.js';
import { bigint, boolean, date, defineColumns, int, text, timestamptz, type RowOf } from '../columns.js';
import { defineProjection } from '../types.js';
import { scheduledShiftRow } from './shiftRow.js';

const SHIFTS = defineColumns({
  id: bigint().primary(),
  shop_floor_id: int(),
  name: text(),
  code: text(),
  shift_day: date(),
  start_time: timestamptz(),
  end_time: timestamptz(),
  extra: boolean(),
});
type ShiftRow = RowOf<typeof SHIFTS>;

/** Every scheduled shift, for the shift selectors and for placing reports and stops in time. */
export const shiftsProjection = defineProjection(shiftEvents, {
  name: 'shifts',
  version: 1,
  // It reads no event's metadata: the store leaves it out (readsMetadataOf).
  readsMetadataOf: [],
  tables: {
    shifts: SHIFTS.table((t) => t.unique(['shop_floor_id', 'shift_day', 'code'])),
  },
  async applyBatch({ trx, tables }, events) {
    const shifts = new Map<number, ShiftRow>();
    events.forEach((event) => {
      switch (event.type) {
        case 'ShiftsScheduled':
          for (const s of event.data.shifts) {
            shifts.set(s.shiftId, { ...scheduledShiftRow(event.data.shopFloorId, s), name: s.name });
          }
          return;
        default: {
          const never: never = event.type;
          return never;
        }
      }
    });
    if (shifts.size === 0) return;
    // A calendar holds one shift of a code per day (the decider's rule): should events ever
    // carry a second one, the first keeps the day and the other is left out, never a failed batch.
    const byKey = new Map<string, ShiftRow>();
    for (const row of shifts.values()) {
      const key = keyOf(row.shop_floor_id, row.shift_day, row.code);
      if (!byKey.has(key)) byKey.set(key, row);
    }
    const names = SHIFTS.names;
    const set = names
      .filter((c) => c !== 'id')
      .map((c) => `"${c}" = excluded."${c}"`)
      .join(', ');
    await inChunks([...byKey.values()], (chunk) => {
      const v = unnested(SHIFTS.columns, chunk);
      return trx.raw(
        `insert into ?? as t (${names.join(', ')}) select ${names.map((n) => `v.${n}`).join(', ')} from ${v.sql}
          where not exists (select 1 from ?? s where s.shop_floor_id = v.shop_floor_id and s.shift_day = v.shift_day and s.code = v.code and s.id <> v.id)
         on conflict (id) do update set ${set}`,
        [tables.shifts!, ...v.bindings, tables.shifts!],
      );
    });
  },
});
