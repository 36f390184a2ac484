import { createCatalog } from '../../domain/catalog.js';
import type { EventOf } from '../../domain/shared/catalog.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { useTestDatabase } from '../../test/support/db.js';
import { eventsFor, replayBatchedAndSingly, replayOverlapping, replayTwice, storedEvents } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { dashboardProjection } from './dashboard.projection.js';

/**
 * Replay of the dashboard read model over one day of two lines: drafts, a submit and
 * its amendments, unplanned and planned stops (some deleted, one in the night shift after
 * midnight, two before the calendar existed) and the shift calendar generated midway.
 */
describeWith(['postgres'])('dashboard projection replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`).toISOString();
  const D = '2030-06-05';
  const N = '2030-06-06';
  let seq = 0;
  const append = async (stream: string, event: EventOf, occurredAt?: string) => {
    const metadata = {
      userId: 'u',
      username: 'frontline',
      role: 'frontline',
      correlationId: `c${++seq}`,
      causationId: null,
      occurredAt: occurredAt ?? new Date(`2030-06-07T10:00:${String(seq % 60).padStart(2, '0')}Z`).toISOString(),
    };
    await store.appendToStream(stream, [{ ...catalog.encode(event), metadata }], { expectedRevision: 'any' });
  };
  const report = (type: string, lineId: number, shiftCode: string, volume: number | null, waste: number | null, hours: number | null) =>
    append(`shift-report-${lineId}-${D}-${shiftCode}`, {
      type,
      data: { lineId, shopFloorId: 1, day: D, shiftCode, notes: '', machineNotes: [], productionVolume: volume, waste, workingTime: hours, by: 'frontline' },
    });
  const unplanned = (stopId: number, lineId: number, start: string, end: string) =>
    append(`unplanned-stops-${lineId}`, {
      type: 'UnplannedStopRecorded',
      data: {
        stopId,
        shopFloorId: 1,
        lineId,
        equipmentId: lineId * 3,
        workpointId: 1,
        stopCodeId: 1,
        triggeringEventId: 1,
        failureMode: 'f',
        correctiveAction: 'c',
        actionMaterialChange: false,
        actionCleaning: false,
        actionSettingAdjustment: false,
        actionComponentRestore: false,
        startTime: start,
        endTime: end,
      },
    });
  const planned = (stopId: number, lineId: number, start: string, end: string) =>
    append(`planned-stops-${lineId}`, {
      type: 'PlannedStopRecorded',
      data: { stopId, shopFloorId: 1, lineId, equipmentId: lineId * 3, plannedReasonId: 1, startTime: start, endTime: end, notes: null },
    });
  const CONSTANTS = { def_uptime: 0.85, def_mtbf: 120, def_waste: 0.02, def_volume: 25000, min_ut: 0, max_ut: 1, min_mtbf: 0, max_mtbf: 480 };
  const speed = (lineId: number, def_speed: number, occurredAt: string) =>
    append(
      `dbr-constants-${lineId}`,
      {
        type: 'DbrConstantsSet',
        data: { lineId, constants: { ...CONSTANTS, min_waste: 0, max_waste: 0.1, ut_threshold: 0.8, mtbf_threshold: 90, waste_threshold: 0.03, def_speed } },
      },
      occurredAt,
    );
  const shift = (id: number, code: string, start: string, end: string, extra = false) => ({
    shiftId: id,
    name: `Turno ${code}`,
    code,
    shiftDay: D,
    startTime: start,
    endTime: end,
    extra,
  });

  beforeAll(async () => {
    // Before the calendar: counted for its day outside any shift, then moved into A (the emptied row goes).
    await unplanned(101, 1, at(D, '07:00'), at(D, '07:12'));
    // Recorded and deleted before the calendar: its row goes, and the calendar moves it without counting it.
    await unplanned(107, 2, at(D, '07:30'), at(D, '07:40'));
    await append('unplanned-stops-2', { type: 'UnplannedStopDeleted', data: { stopId: 107 } });
    await append('shift-calendar-1', {
      type: 'ShiftsScheduled',
      data: {
        shopFloorId: 1,
        startDate: D,
        endDate: D,
        shifts: [
          shift(1_000_001, 'A', at(D, '06:00'), at(D, '14:00')),
          shift(1_000_002, 'E', at(D, '08:00'), at(D, '16:00'), true),
          shift(1_000_003, 'B', at(D, '14:00'), at(D, '22:00')),
          shift(1_000_004, 'C', at(D, '22:00'), at(N, '06:00')),
        ],
      },
    });
    await report('ShiftReportDraftSaved', 1, 'A', 5000, null, 4);
    await report('ShiftReportSubmitted', 1, 'A', 11000, 120, 7.5);
    await report('ShiftReportAmended', 1, 'A', 11500, 130, 7.5);
    await report('ShiftReportDraftSaved', 1, 'B', 4000, 10, 2);
    await report('ShiftReportSubmitted', 2, 'A', 9000, 0, 8);
    await unplanned(102, 1, at(D, '08:10'), at(D, '08:25'));
    await unplanned(103, 1, at(D, '09:00'), at(D, '09:05'));
    await append('unplanned-stops-1', { type: 'UnplannedStopDetailEdited', data: { stopId: 102, field: 'failureMode', value: 'g' } });
    await append('unplanned-stops-1', { type: 'UnplannedStopDeleted', data: { stopId: 103 } });
    await planned(201, 1, at(D, '06:00'), at(D, '06:30'));
    await planned(202, 1, at(D, '10:00'), at(D, '10:20'));
    await append('planned-stops-1', { type: 'PlannedStopDeleted', data: { stopId: 202 } });
    await unplanned(104, 1, at(N, '02:00'), at(N, '02:44'));
    await unplanned(105, 2, at(D, '15:00'), at(D, '15:09'));
    // The only stop of line 2's night shift, deleted later: that key has no row.
    await planned(203, 2, at(D, '23:00'), at(D, '23:15'));
    await append('planned-stops-2', { type: 'PlannedStopDeleted', data: { stopId: 203 } });
    // Design speeds, stored after the reports: line 1's first (in force since 1 June) and a change
    // made after D; line 2's first on 1 June and a change at 10:00 of D, after its shift A began.
    await speed(1, 12_000, at('2030-06-01', '08:00'));
    await speed(1, 15_000, at('2030-06-07', '09:00'));
    await speed(2, 8_000, at('2030-06-01', '08:00'));
    await speed(2, 10_000, at(D, '10:00'));
  });

  const events = async () => eventsFor(dashboardProjection, await storedEvents(store, catalog));
  const figures = (rows: unknown[]) =>
    (rows as Record<string, unknown>[]).map((r) => [r.line_id, r.day, r.shift_code, r.volume, r.waste, r.working_minutes, r.stop_count, r.unplanned_minutes, r.planned_minutes]);

  it('holds the submitted figures (amendments replace, drafts ignored) and whole minutes of downtime per line, day and shift', async () => {
    const { first } = await replayTwice(db.knex, dashboardProjection, await events());
    expect(figures(first.dashboard_days!)).toEqual([
      [1, D, 'A', 11500, 130, 450, 2, 12 + 15, 30],
      [1, D, 'C', 0, 0, 0, 1, 44, 0],
      [2, D, 'A', 9000, 0, 480, 0, 0, 0],
      [2, D, 'B', 0, 0, 0, 1, 9, 0],
    ]);
    // The rollups hold the same sums per month and per line-day (volume only, no zero row).
    const M = '2030-06-01';
    const months = (first.dashboard_months as Record<string, unknown>[]).map((r) => [
      r.line_id,
      r.month,
      r.shift_code,
      ...['volume', 'waste', 'working_minutes', 'stop_count', 'unplanned_minutes', 'planned_minutes'].map((c) => Number(r[c])),
    ]);
    expect(months).toEqual([
      [1, M, 'A', 11500, 130, 450, 2, 12 + 15, 30],
      [1, M, 'C', 0, 0, 0, 1, 44, 0],
      [2, M, 'A', 9000, 0, 480, 0, 0, 0],
      [2, M, 'B', 0, 0, 0, 1, 9, 0],
    ]);
    expect((first.dashboard_line_days as Record<string, unknown>[]).map((r) => [r.line_id, r.day, Number(r.volume)])).toEqual([
      [1, D, 11500],
      [2, D, 9000],
    ]);
  });

  it('rates each report at the design speed in force at its shift start, whatever came later', async () => {
    const { first } = await replayTwice(db.knex, dashboardProjection, await events());
    const rated = (rows: unknown[]) => (rows as Record<string, unknown>[]).map((r) => [r.line_id, r.shift_code, Number(r.rated_volume)]);
    // Line 1 A: 12 000 × 7.5 h; line 2 A (06:00, before the 10:00 change): 8 000 × 8 h; rows without a report: 0.
    expect(rated(first.dashboard_days!)).toEqual([
      [1, 'A', 90_000],
      [1, 'C', 0],
      [2, 'A', 64_000],
      [2, 'B', 0],
    ]);
    expect(rated(first.dashboard_months!)).toEqual([
      [1, 'A', 90_000],
      [1, 'C', 0],
      [2, 'A', 64_000],
      [2, 'B', 0],
    ]);
  });

  it('gives the same rows applied twice, in one batch, one event per batch and in batches of 3', async () => {
    const history = await events();
    const { first, second } = await replayTwice(db.knex, dashboardProjection, history);
    expect(second).toEqual(first);
    const { batched, singly, chunked } = await replayBatchedAndSingly(db.knex, dashboardProjection, history, 3);
    expect(singly).toEqual(batched);
    expect(chunked).toEqual(batched);
    expect(first).toEqual(batched);
  });

  it('gives the same rows when a batch overlaps what an earlier one applied', async () => {
    const history = await events();
    const { batched } = await replayBatchedAndSingly(db.knex, dashboardProjection, history, 3);
    for (const k of [1, 4, 9, 14, history.length - 1]) {
      expect({ k, rows: await replayOverlapping(db.knex, dashboardProjection, history, k) }).toEqual({ k, rows: batched });
    }
  });
});
