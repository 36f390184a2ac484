import { createCatalog } from '../../domain/catalog.js';
import { ShiftIndex } from '../shiftPlacement.js';
import { eventsFor } from '../../test/support/replayKit.js';
import { dashboardProjection } from './dashboard.projection.js';
import { foldDashboardBatch, placeStops, type MovedStop, type PlacedStop } from './dashboardFold.js';

/**
 * The dashboard's batch fold without a database: events in, the rows its statements write
 * and the figures each line, day and shift receives out. The statements' answers (stops
 * inserted, moved, deleted) are given as literal rows, as PostgreSQL returns them.
 */
const catalog = createCatalog();
let n = 0;
const event = (type: string, data: Record<string, unknown>, revision = 0) =>
  catalog.decode({
    type,
    data,
    schemaVersion: 1,
    id: `00000000-0000-0000-0000-${String(++n).padStart(12, '0')}`,
    streamId: 's',
    revision,
    position: { commit: n, prepare: n },
    recordedAt: '2030-06-05T12:00:00.000Z',
    metadata: { userId: 'u', username: 'frontline', role: 'frontline', correlationId: 'c', causationId: null, occurredAt: '2030-06-05T12:00:00.000Z' },
  });
const unplanned = (stopId: number, startTime: string, endTime: string) =>
  event('UnplannedStopRecorded', {
    stopId,
    shopFloorId: 1,
    lineId: 1,
    equipmentId: 1,
    startTime,
    endTime,
    workpointId: 1,
    stopCodeId: 1,
    triggeringEventId: 1,
    failureMode: 'f',
    correctiveAction: 'c',
    actionMaterialChange: false,
    actionCleaning: false,
    actionSettingAdjustment: false,
    actionComponentRestore: false,
  });
const planned = (stopId: number, startTime: string, endTime: string) =>
  event('PlannedStopRecorded', { stopId, shopFloorId: 1, lineId: 1, equipmentId: 1, startTime, endTime, plannedReasonId: 1, notes: null });
const report = (type: string, revision: number, productionVolume: number | null, waste: number | null, workingTime: number | null) =>
  event(type, { lineId: 1, shopFloorId: 1, day: '2030-06-05', shiftCode: 'A', notes: '', machineNotes: [], productionVolume, waste, workingTime, by: 'frontline' }, revision);
const shiftA = { shiftId: 11, name: 'Turno A', code: 'A', shiftDay: '2030-06-05', startTime: '2030-06-05T04:00:00.000Z', endTime: '2030-06-05T12:00:00.000Z', extra: false };
const shiftE = { ...shiftA, shiftId: 12, name: 'Turno E', code: 'E', extra: true };

const events = eventsFor(dashboardProjection, [
  event('ShiftsScheduled', { shopFloorId: 1, startDate: '2030-06-05', endDate: '2030-06-05', shifts: [shiftA, shiftE] }),
  unplanned(1, '2030-06-05T06:10:00.000Z', '2030-06-05T06:25:00.000Z'),
  planned(2, '2030-06-05T08:00:00.000Z', '2030-06-05T08:30:00.000Z'),
  event('PlannedStopDeleted', { stopId: 2 }),
  event('UnplannedStopDeleted', { stopId: 9 }),
  // 01:30 in Italy on the 6th: no shift holds it.
  unplanned(3, '2030-06-05T23:30:00.000Z', '2030-06-05T23:50:00.000Z'),
  event(
    'ShiftReportDraftSaved',
    { lineId: 1, shopFloorId: 1, day: '2030-06-05', shiftCode: 'A', notes: '', machineNotes: [], productionVolume: 5, waste: 5, workingTime: 5, by: 'frontline' },
    0,
  ),
  report('ShiftReportSubmitted', 1, 1000, 2, 8),
  report('ShiftReportAmended', 2, 1100, null, 7.5),
  // A replayed older revision changes nothing.
  report('ShiftReportSubmitted', 1, 1000, 2, 8),
]);

describe('the dashboard fold of a batch', () => {
  const b = foldDashboardBatch(events);

  it('keeps the last copy of each shift, extra ones included', () => {
    expect([...b.shifts.values()]).toEqual([
      { id: 11, shop_floor_id: 1, code: 'A', shift_day: '2030-06-05', start_time: '2030-06-05T04:00:00.000Z', end_time: '2030-06-05T12:00:00.000Z', extra: false },
      { id: 12, shop_floor_id: 1, code: 'E', shift_day: '2030-06-05', start_time: '2030-06-05T04:00:00.000Z', end_time: '2030-06-05T12:00:00.000Z', extra: true },
    ]);
  });

  it('holds each recorded stop once, its deletion in the batch applied, and the deletions of earlier stops apart', () => {
    expect([...b.recorded.values()]).toEqual([
      { id: 1, kind: 'u', shop_floor_id: 1, line_id: 1, start_time: '2030-06-05T06:10:00.000Z', start_day: '2030-06-05', minutes: 15, deleted: false },
      { id: 2, kind: 'p', shop_floor_id: 1, line_id: 1, start_time: '2030-06-05T08:00:00.000Z', start_day: '2030-06-05', minutes: 30, deleted: true },
      { id: 3, kind: 'u', shop_floor_id: 1, line_id: 1, start_time: '2030-06-05T23:30:00.000Z', start_day: '2030-06-06', minutes: 20, deleted: false },
    ]);
    expect([...b.deleted]).toEqual([9]);
  });

  it('places each stop in the regular shift holding its start, else its Italian day with no shift', () => {
    const index = new ShiftIndex([{ id: 11, shop_floor_id: 1, shift_day: '2030-06-05', code: 'A', start_time: '2030-06-05T04:00:00.000Z', end_time: '2030-06-05T12:00:00.000Z' }]);
    expect(placeStops([...b.recorded.values()], index).map((s) => [s.id, s.day, s.shift_code, s.deleted])).toEqual([
      [1, '2030-06-05', 'A', false],
      [2, '2030-06-05', 'A', true],
      [3, '2030-06-06', '', false],
    ]);
  });

  it('gives each key the newest submitted report and the stops the statements report, leaving out keys that cancel out', () => {
    const days = foldDashboardBatch(events).days;
    expect(days.rows()).toEqual([
      {
        line_id: 1,
        day: '2030-06-05',
        shift_code: 'A',
        shop_floor_id: 1,
        volume: 1100,
        waste: 0,
        working_minutes: 450,
        report_revision: 2,
        stop_count: 0,
        unplanned_minutes: 0,
        planned_minutes: 0,
      },
    ]);
    expect(days.removed).toBe(false);

    const at = (day: string, shift_code: string, kind: 'u' | 'p', minutes: number): PlacedStop => ({ line_id: 1, shop_floor_id: 1, day, shift_code, kind, minutes });
    const moved: MovedStop[] = [
      { ...at('2030-06-05', 'A', 'p', 10), deleted: false, old_day: '2030-06-05', old_code: '' },
      { ...at('2030-06-05', 'A', 'u', 99), deleted: true, old_day: '2030-06-05', old_code: '' },
    ];
    const stops = [
      { id: 1, kind: 'u' as const, shop_floor_id: 1, line_id: 1, start_time: '2030-06-05T06:10:00.000Z', minutes: 15, deleted: false, day: '2030-06-05', shift_code: 'A' },
      { id: 2, kind: 'p' as const, shop_floor_id: 1, line_id: 1, start_time: '2030-06-05T08:00:00.000Z', minutes: 30, deleted: true, day: '2030-06-05', shift_code: 'A' },
      { id: 3, kind: 'u' as const, shop_floor_id: 1, line_id: 1, start_time: '2030-06-05T23:30:00.000Z', minutes: 20, deleted: false, day: '2030-06-06', shift_code: '' },
    ];
    days.moved(moved);
    // Stop 1 was new, stop 3 too; stop 2 (new and deleted) counts nowhere; an earlier stop of the 6th, recorded again deleted, stops counting.
    days.recorded(stops, [1, 2, 3], [at('2030-06-06', '', 'u', 20)]);
    days.deleted([at('2030-06-04', 'C', 'u', 40)]);
    expect(days.rows()).toEqual([
      {
        line_id: 1,
        day: '2030-06-05',
        shift_code: 'A',
        shop_floor_id: 1,
        volume: 1100,
        waste: 0,
        working_minutes: 450,
        report_revision: 2,
        stop_count: 1,
        unplanned_minutes: 15,
        planned_minutes: 10,
      },
      {
        line_id: 1,
        day: '2030-06-05',
        shift_code: '',
        shop_floor_id: 1,
        volume: null,
        waste: null,
        working_minutes: null,
        report_revision: null,
        stop_count: 0,
        unplanned_minutes: 0,
        planned_minutes: -10,
      },
      {
        line_id: 1,
        day: '2030-06-04',
        shift_code: 'C',
        shop_floor_id: 1,
        volume: null,
        waste: null,
        working_minutes: null,
        report_revision: null,
        stop_count: -1,
        unplanned_minutes: -40,
        planned_minutes: 0,
      },
    ]);
    expect(days.removed).toBe(true);
  });
});
