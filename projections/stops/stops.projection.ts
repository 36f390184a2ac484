import { ShiftsScheduled } from '../../domain/shifts/events.js';
import { stopEvents } from '../../domain/stops/events.js';
import { defineProjection } from '../types.js';
import { PLANNED_STOPS, STOP_SHIFTS, UNPLANNED_STOPS } from './stopsColumns.js';
import { foldStopsBatch } from './stopsFold.js';
import { patchPlanned, patchUnplanned, PLANNED_COLUMNS, replaceInShifts, UNPLANNED_COLUMNS, upsertShifts, upsertStops } from './stopsWrites.js';

/**
 * The line log's stop tables, the Root Cause Tool and the dashboard's stop history.
 * Names (workpoint, stop code, ...) are joined from the plant views when read. The shift
 * day of each stop is stored: the projection keeps its own copy of the shift calendar
 * (a projection never reads another's tables, rebuilds run in any order) and places the
 * stops again when shifts are scheduled after them.
 */
export const stopsProjection = defineProjection([...stopEvents, ShiftsScheduled], {
  name: 'stops',
  version: 2,
  tables: {
    unplanned_stops: UNPLANNED_STOPS.table(),
    planned_stops: PLANNED_STOPS.table(),
    stop_shifts: STOP_SHIFTS.table(),
  },
  /**
   * The lists' order is (shift_day, start_time, id), the same as by start time since a stop's
   * shift day never decreases as its start moves on, and it is also the cursor of a page. By
   * line: one shift of some lines, a range of days of a few lines, a page of one line. By shop
   * floor: a page across many lines read in order, and the stops of newly scheduled shifts.
   * Leading with the shift day (not the start) keeps the planner's row estimates right: a
   * range of days is one condition, not two correlated ones.
   */
  async afterCreate(knex, tables) {
    // The stops of newly scheduled shifts are found by shop floor and day: needed while loading.
    for (const table of [tables.unplanned_stops!, tables.planned_stops!]) {
      await knex.raw('create index ?? on ?? (shop_floor_id, shift_day, start_time, id)', [`${table}_floor_day`, table]);
    }
    await knex.raw('create index ?? on ?? (shop_floor_id, shift_day)', [`${tables.stop_shifts}_floor_day`, tables.stop_shifts!]);
  },
  /** By line: only the lists read it, so a rebuild builds it after its load. */
  async afterLoad(knex, tables) {
    for (const table of [tables.unplanned_stops!, tables.planned_stops!]) {
      await knex.raw('create index ?? on ?? (line_id, shift_day, start_time, id)', [`${table}_line_day`, table]);
    }
  },
  async applyBatch({ trx, tables }, events) {
    const b = foldStopsBatch(events);
    const shifts = tables.stop_shifts!;
    const windows = await upsertShifts(trx, shifts, [...b.shifts.values()]);
    await upsertStops(trx, tables.unplanned_stops!, shifts, UNPLANNED_COLUMNS, [...b.unplanned.values()]);
    await upsertStops(trx, tables.planned_stops!, shifts, PLANNED_COLUMNS, [...b.planned.values()]);
    await patchUnplanned(trx, tables.unplanned_stops!, [...b.unplannedPatches.values()]);
    await patchPlanned(trx, tables.planned_stops!, [...b.plannedPatches.values()]);
    await replaceInShifts(trx, tables.unplanned_stops!, shifts, windows);
    await replaceInShifts(trx, tables.planned_stops!, shifts, windows);
  },
});
