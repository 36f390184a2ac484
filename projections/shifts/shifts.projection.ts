import { shiftEvents } from '../../domain/shifts/events.js';
import { upsertRows, type Columns, type Row } from '../batchWrite.js';
import { defineProjection } from '../types.js';

const SHIFTS: Columns = {
  id: 'bigint',
  shop_floor_id: 'int',
  name: 'text',
  code: 'text',
  shift_day: 'date',
  start_time: 'timestamptz',
  end_time: 'timestamptz',
  extra: 'boolean',
};

/** Every scheduled shift, for the shift selectors and for placing reports and stops in time. */
export const shiftsProjection = defineProjection(shiftEvents, {
  name: 'shifts',
  version: 1,
  tables: {
    shifts: (t) => {
      t.bigInteger('id').primary();
      t.integer('shop_floor_id').notNullable();
      t.text('name').notNullable();
      t.text('code').notNullable();
      t.date('shift_day').notNullable();
      t.timestamp('start_time', { useTz: true }).notNullable();
      t.timestamp('end_time', { useTz: true }).notNullable();
      t.boolean('extra').notNullable();
      t.unique(['shop_floor_id', 'shift_day', 'code']);
    },
  },
  async applyBatch({ trx, tables }, events) {
    const shifts = new Map<number, Row>();
    events.forEach((event) => {
      switch (event.type) {
        case 'ShiftsScheduled':
          for (const s of event.data.shifts) {
            shifts.set(s.shiftId, {
              id: s.shiftId,
              shop_floor_id: event.data.shopFloorId,
              name: s.name,
              code: s.code,
              shift_day: s.shiftDay,
              start_time: s.startTime,
              end_time: s.endTime,
              extra: s.extra,
            });
          }
          return;
        default: {
          const never: never = event.type;
          return never;
        }
      }
    });
    if (shifts.size > 0) await upsertRows(trx, tables.shifts!, ['id'], SHIFTS, [...shifts.values()]);
  },
});
