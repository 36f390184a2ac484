import { createCatalog } from '../../domain/catalog.js';
import type { DomainEvent } from '../../domain/shared/catalog.js';
import { DBR_FIELDS } from '../../domain/dbr/constants.js';
import { useTestDatabase } from '../../test/support/db.js';
import { eventsFor, expectSameRowsEveryWay } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { oeeProjection } from './oee.projection.js';

/**
 * Replay of the OEE read model: stops recorded before their shift is scheduled (they move
 * into it), a report submitted then amended, a failure mode edited, a stop deleted, two
 * design speeds, a reason whose category changes, and the micro-stops the machines detected
 * (a fold before the shift is scheduled, a late fold of the same hour, a fold without any).
 */
describeWith(['postgres'])('oee projection replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  let n = 0;
  const event = (type: string, data: Record<string, unknown>, occurredAt = '2030-06-01T00:00:00.000Z', revision = n): DomainEvent =>
    catalog.decode({
      type,
      data,
      metadata: { userId: 'u', username: 'admin', role: 'admin', correlationId: 'c', causationId: null, occurredAt },
      streamId: 's',
      revision,
      position: { commit: ++n, prepare: n },
      schemaVersion: 1,
      id: `e${n}`,
      recordedAt: occurredAt,
    });
  const place = { shopFloorId: 1, lineId: 1, equipmentId: 2 };
  const unplanned = (stopId: number, startTime: string, endTime: string) =>
    event('UnplannedStopRecorded', {
      stopId,
      ...place,
      workpointId: 1,
      stopCodeId: 7,
      triggeringEventId: 1,
      failureMode: 'Coclea ',
      correctiveAction: 'Riavvio',
      actionMaterialChange: false,
      actionCleaning: false,
      actionSettingAdjustment: false,
      actionComponentRestore: false,
      startTime,
      endTime,
    });
  const fold = (hour: string, firstAt: string, microStops: number, microStopMinutes: number) =>
    event('MachineHourCounted', { ...place, hour, firstAt, lastAt: firstAt, good: 100, reject: 1, microStops, microStopMinutes });
  const constants = (def_speed: number) => Object.fromEntries(DBR_FIELDS.map((f) => [f, f === 'def_speed' ? def_speed : 1]));
  const report = (type: string, revision: number, productionVolume: number) =>
    event(
      type,
      { lineId: 1, shopFloorId: 1, day: '2030-06-05', shiftCode: 'A', notes: '', machineNotes: [], productionVolume, waste: 10, workingTime: 7.5, by: 'op' },
      undefined,
      revision,
    );

  it('keeps stops in their shifts, the highest report revision, every speed and each reason’s category, the same every way', async () => {
    const events = [
      event('PlannedStopReasonAdded', { plannedStopReasonId: 1, name: 'Cambio formato' }),
      event('PlannedStopReasonAdded', { plannedStopReasonId: 2, name: 'Pausa mensa' }),
      event('DbrConstantsSet', { lineId: 1, constants: constants(3600) }, '2030-06-01T00:00:00.000Z'),
      // 08:10 Italian time on 5 June, before any shift is scheduled: its Italian day under ''.
      unplanned(11, '2030-06-05T06:10:00.000Z', '2030-06-05T06:25:30.000Z'),
      // 09:00-10:00 Italian time, folded before the shift is scheduled, then a late fold of the same hour.
      fold('2030-06-05T07:00:00.000Z', '2030-06-05T07:00:10.000Z', 4, 2.5),
      fold('2030-06-05T08:00:00.000Z', '2030-06-05T08:00:10.000Z', 0, 0),
      event('PlannedStopRecorded', { stopId: 12, ...place, plannedReasonId: 1, startTime: '2030-06-05T04:00:00.000Z', endTime: '2030-06-05T04:20:00.000Z', notes: null }),
      event('ShiftsScheduled', {
        shopFloorId: 1,
        startDate: '2030-06-05',
        endDate: '2030-06-05',
        shifts: [
          { shiftId: 1000001, name: 'Turno A', code: 'A', shiftDay: '2030-06-05', startTime: '2030-06-05T06:00:00+02:00', endTime: '2030-06-05T14:00:00+02:00', extra: false },
          { shiftId: 1000002, name: 'Turno E', code: 'E', shiftDay: '2030-06-05', startTime: '2030-06-05T08:00:00+02:00', endTime: '2030-06-05T16:00:00+02:00', extra: true },
        ],
      }),
      unplanned(13, '2030-06-05T10:00:00.000Z', '2030-06-05T10:03:00.000Z'),
      fold('2030-06-05T07:00:00.000Z', '2030-06-05T07:59:00.000Z', 1, 0.75),
      // 23:00 Italian time: no regular shift holds it, so its Italian day under ''.
      fold('2030-06-05T21:00:00.000Z', '2030-06-05T21:00:05.000Z', 2, 1),
      event('UnplannedStopDetailEdited', { stopId: 11, field: 'failureMode', value: 'Coclea inceppata' }),
      event('UnplannedStopDeleted', { stopId: 13 }),
      report('ShiftReportSubmitted', 1, 11000),
      report('ShiftReportAmended', 3, 12000),
      report('ShiftReportSubmitted', 2, 99),
      event('DbrConstantsSet', { lineId: 1, constants: constants(4000) }, '2030-06-05T00:00:00.000Z'),
      event('PlannedStopReasonCategorySet', { plannedStopReasonId: 1, oeeCategory: 'excluded' }),
    ];
    const rows = await expectSameRowsEveryWay(db.knex, oeeProjection, eventsFor(oeeProjection, events), 3);
    const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : d);
    expect(
      rows.oee_stops!.map((r: any) => [Number(r.id), r.kind, r.equipment_id, r.stop_code_id, r.failure_mode, r.reason_id, r.minutes, r.deleted, day(r.day), r.shift_code]),
    ).toEqual([
      [11, 'u', 2, 7, 'Coclea inceppata', null, 15.5, false, '2030-06-05', 'A'],
      [12, 'p', 2, null, null, 1, 20, false, '2030-06-05', 'A'],
      [13, 'u', 2, 7, 'Coclea', null, 3, true, '2030-06-05', 'A'],
    ]);
    expect(rows.oee_reports!.map((r: any) => [r.line_id, day(r.day), r.shift_code, r.volume, r.waste, r.working_minutes, r.revision])).toEqual([
      [1, '2030-06-05', 'A', 12000, 10, 450, 3],
    ]);
    const speeds = rows.oee_speeds!.map((r: any) => [r.line_id, new Date(r.effective_at).toISOString(), r.def_speed]);
    expect(speeds.sort((a: any, b: any) => a[1].localeCompare(b[1]))).toEqual([
      [1, '2030-06-01T00:00:00.000Z', 3600],
      [1, '2030-06-05T00:00:00.000Z', 4000],
    ]);
    expect(rows.oee_machine_hours!.map((r: any) => [r.equipment_id, new Date(r.start_time).toISOString(), r.micro_stops, r.micro_stop_minutes, day(r.day), r.shift_code])).toEqual([
      [2, '2030-06-05T07:00:00.000Z', 4, 2.5, '2030-06-05', 'A'],
      [2, '2030-06-05T07:00:00.000Z', 1, 0.75, '2030-06-05', 'A'],
      [2, '2030-06-05T21:00:00.000Z', 2, 1, '2030-06-05', ''],
    ]);
    // The rollup: stop 12's 20 minutes are excluded since its reason's category changed; stop 13 is deleted; 5 micro-stops of 3.25 minutes in A.
    const rollup = (r: any) => [
      r.line_id,
      day(r.day),
      r.shift_code,
      r.excluded_minutes,
      r.setup_minutes,
      r.unplanned_minutes,
      r.breakdown_minutes,
      r.failures,
      r.micro_stops,
      r.micro_stop_minutes,
    ];
    expect(rows.oee_shift_stops!.map(rollup)).toEqual([
      [1, '2030-06-05', '', 0, 0, 0, 0, 0, 2, 1],
      [1, '2030-06-05', 'A', 20, 0, 15.5, 15.5, 1, 5, 3.25],
    ]);
    expect(rows.oee_shift_figures!.map((r: any) => [day(r.day), r.shift_code, r.unplanned_minutes, r.micro_stops, r.micro_stop_minutes])).toEqual([
      ['2030-06-05', 'A', 15.5, 5, 3.25],
    ]);
    expect(rows.oee_reasons!.map((r: any) => [r.id, r.oee_category])).toEqual([
      [1, 'excluded'],
      [2, 'excluded'],
    ]);
  });
});
