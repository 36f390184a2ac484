import { createCatalog } from '../../domain/catalog.js';
import type { DomainEvent } from '../../domain/shared/catalog.js';
import { useTestDatabase } from '../../test/support/db.js';
import { eventsFor, expectSameRowsEveryWay } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { dashboardHistoryProjection } from './dashboardHistory.projection.js';

/**
 * Replay of the temporal dashboard: a report submitted then amended twice, stops recorded and
 * deleted (one deleted twice), a calendar scheduled twice. The validity of every row comes from
 * the events' times, so every batching, and a second pass, give the same intervals.
 */
describeWith(['postgres'])('dashboard_history projection replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  let n = 0;
  const event = (type: string, data: Record<string, unknown>, occurredAt: string, revision = 0): DomainEvent =>
    catalog.decode({
      type,
      data,
      schemaVersion: 1,
      id: `00000000-0000-0000-0000-${String(++n).padStart(12, '0')}`,
      streamId: 's',
      revision,
      position: { commit: n, prepare: n },
      recordedAt: occurredAt,
      metadata: { userId: 'u', username: 'frontline', role: 'frontline', correlationId: 'c', causationId: null, occurredAt },
    });
  const report = (type: string, revision: number, volume: number, at: string) =>
    event(
      type,
      { lineId: 1, shopFloorId: 1, day: '2030-06-05', shiftCode: 'A', notes: '', machineNotes: [], productionVolume: volume, waste: 2, workingTime: 8, by: 'frontline' },
      at,
      revision,
    );
  const stop = (type: string, stopId: number, startTime: string, endTime: string, at: string) =>
    event(
      type,
      {
        stopId,
        shopFloorId: 1,
        lineId: 1,
        equipmentId: 1,
        startTime,
        endTime,
        ...(type === 'PlannedStopRecorded'
          ? { plannedReasonId: 1, notes: null }
          : {
              workpointId: 1,
              stopCodeId: 1,
              triggeringEventId: 1,
              failureMode: 'f',
              correctiveAction: 'c',
              actionMaterialChange: false,
              actionCleaning: false,
              actionSettingAdjustment: false,
              actionComponentRestore: false,
            }),
      },
      at,
    );
  const shiftA = { shiftId: 11, name: 'Turno A', code: 'A', shiftDay: '2030-06-05', startTime: '2030-06-05T04:00:00.000Z', endTime: '2030-06-05T12:00:00.000Z', extra: false };

  it('keeps every revision, stop and shift with the interval it was valid, the same every way it is replayed', async () => {
    const events = [
      stop('UnplannedStopRecorded', 1, '2030-06-05T06:10:00Z', '2030-06-05T06:25:00Z', '2030-06-05T06:30:00.000Z'),
      event('ShiftsScheduled', { shopFloorId: 1, startDate: '2030-06-05', endDate: '2030-06-05', shifts: [shiftA] }, '2030-06-05T07:00:00.000Z'),
      report('ShiftReportDraftSaved', 0, 1, '2030-06-05T11:00:00.000Z'),
      report('ShiftReportSubmitted', 1, 1000, '2030-06-05T12:00:00.000Z'),
      stop('PlannedStopRecorded', 2, '2030-06-05T08:00:00Z', '2030-06-05T08:30:00Z', '2030-06-05T12:05:00.000Z'),
      report('ShiftReportAmended', 2, 1100, '2030-06-06T09:00:00.000Z'),
      event('UnplannedStopDeleted', { stopId: 1 }, '2030-06-06T09:30:00.000Z'),
      event('UnplannedStopDeleted', { stopId: 1 }, '2030-06-06T10:00:00.000Z'),
      event('ShiftsScheduled', { shopFloorId: 1, startDate: '2030-06-05', endDate: '2030-06-05', shifts: [shiftA] }, '2030-06-07T07:00:00.000Z'),
      report('ShiftReportAmended', 3, 1200, '2030-06-07T09:00:00.000Z'),
    ];
    const rows = await expectSameRowsEveryWay(db.knex, dashboardHistoryProjection, eventsFor(dashboardHistoryProjection, events), 2);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    expect(rows.dashboard_history_reports!.map((r: any) => [r.report_revision, r.volume, iso(r.valid_from), iso(r.valid_to)])).toEqual([
      [1, 1000, '2030-06-05T12:00:00.000Z', '2030-06-06T09:00:00.000Z'],
      [2, 1100, '2030-06-06T09:00:00.000Z', '2030-06-07T09:00:00.000Z'],
      [3, 1200, '2030-06-07T09:00:00.000Z', null],
    ]);
    expect(rows.dashboard_history_stops!.map((r: any) => [Number(r.id), r.kind, r.minutes, iso(r.valid_from), iso(r.valid_to)])).toEqual([
      [1, 'u', 15, '2030-06-05T06:30:00.000Z', '2030-06-06T09:30:00.000Z'],
      [2, 'p', 30, '2030-06-05T12:05:00.000Z', null],
    ]);
    expect(rows.dashboard_history_shifts!.map((r: any) => [Number(r.id), iso(r.valid_from)])).toEqual([[11, '2030-06-05T07:00:00.000Z']]);
  });
});
