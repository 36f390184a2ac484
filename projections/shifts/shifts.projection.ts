import type { DomainEvent } from '../../domain/shared/catalog.js';
import { shiftEvents, type ShiftEvent } from '../../domain/shifts/events.js';
import { applyEach, type Projection } from '../types.js';

/** Every scheduled shift, for the shift selectors and for placing reports and stops in time. */
export const shiftsProjection: Projection = {
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
  canHandle: shiftEvents.map((d) => d.type),
  applyBatch: applyEach(async ({ trx, tables }, domainEvent: DomainEvent) => {
    const event = domainEvent as unknown as ShiftEvent;
    switch (event.type) {
      case 'ShiftsScheduled': {
        const rows = event.data.shifts.map((s) => ({
          id: s.shiftId,
          shop_floor_id: event.data.shopFloorId,
          name: s.name,
          code: s.code,
          shift_day: s.shiftDay,
          start_time: s.startTime,
          end_time: s.endTime,
          extra: s.extra,
        }));
        for (let i = 0; i < rows.length; i += 500) await trx(tables.shifts!).insert(rows.slice(i, i + 500)).onConflict('id').merge();
        return;
      }
      default: {
        const never: never = event.type;
        return never;
      }
    }
  }),
};
