import { createCatalog } from '../catalog.js';
import { charCount, clipChars } from './text.js';

/**
 * The event schemas hold the bounds of docs/bounds.md: each row is an event at the edge of
 * a bound (accepted) and one step past it (refused). The figures are written out here from
 * the doc, so a bound dropped or moved in the code fails a row.
 */
const catalog = createCatalog();
const accepts = (type: string, data: unknown) => catalog.encode({ type, data }) !== undefined;
const refuses = (type: string, data: unknown) => expect(() => catalog.encode({ type, data })).toThrow();

const place = { shopFloorId: 1, lineId: 1, equipmentId: 1 };
const unplanned = (startTime: string, endTime: string, over: Record<string, unknown> = {}) => ({
  stopId: 1_000_001_000_000_001,
  ...place,
  workpointId: 1,
  stopCodeId: 1,
  triggeringEventId: 1,
  failureMode: 'x',
  correctiveAction: 'y',
  actionMaterialChange: false,
  actionCleaning: false,
  actionSettingAdjustment: false,
  actionComponentRestore: false,
  startTime,
  endTime,
  ...over,
});
const planned = (startTime: string, endTime: string) => ({ stopId: 1_000_001_000_001_001, ...place, plannedReasonId: 1, startTime, endTime, notes: null });
const report = (over: Record<string, unknown>) => ({
  lineId: 1,
  shopFloorId: 1,
  day: '2030-06-05',
  shiftCode: 'A',
  notes: '',
  machineNotes: [],
  productionVolume: null,
  waste: null,
  workingTime: null,
  by: 'frontline',
  ...over,
});
const shift = (shiftDay: string, startTime: string, endTime: string) => ({ shiftId: 1_000_001, name: 'Turno A', code: 'A', shiftDay, startTime, endTime, extra: false });

describe('event schemas hold the bounds', () => {
  test('days: 2000-01-01 to 2099-12-31', () => {
    expect(accepts('ShiftReportSubmitted', report({ day: '2000-01-01' }))).toBe(true);
    expect(accepts('ShiftReportSubmitted', report({ day: '2099-12-31' }))).toBe(true);
    refuses('ShiftReportSubmitted', report({ day: '1999-12-31' }));
    refuses('ShiftReportSubmitted', report({ day: '2100-01-01' }));
    refuses('ShiftReportSubmitted', report({ day: '2030-02-30' }));
    refuses('DbrActionCreated', {
      actionId: 1,
      ...place,
      equipmentId: null,
      dueDay: '2100-01-01',
      dueShiftId: null,
      dueShiftName: null,
      activity: 'a',
      owner: 'b',
      supportBy: null,
    });
  });

  test('stops: start on a plant day, end after it, unplanned 24 hours and planned 168 hours at most', () => {
    expect(accepts('UnplannedStopRecorded', unplanned('1999-12-31T23:00:00.000Z', '2000-01-01T23:00:00.000Z'))).toBe(true);
    refuses('UnplannedStopRecorded', unplanned('1999-12-31T22:59:00.000Z', '1999-12-31T23:10:00.000Z'));
    refuses('UnplannedStopRecorded', unplanned('2030-06-05T08:00:00.000Z', '2030-06-06T08:00:00.001Z'));
    refuses('UnplannedStopRecorded', unplanned('2030-06-05T08:00:00.000Z', '2030-06-05T08:00:00.000Z'));
    refuses('UnplannedStopRecorded', unplanned('2030-06-05T08:00:00.000Z', '2030-06-05T07:00:00.000Z'));
    expect(accepts('PlannedStopRecorded', planned('2030-06-05T08:00:00.000Z', '2030-06-12T08:00:00.000Z'))).toBe(true);
    refuses('PlannedStopRecorded', planned('2030-06-05T08:00:00.000Z', '2030-06-12T08:00:00.001Z'));
    refuses('PlannedStopRecorded', planned('2000-01-01T00:00:00.000Z', '2026-11-26T00:00:00.000Z'));
    expect(accepts('PlannedStopRecorded', planned('2099-12-31T10:00:00.000Z', '2100-01-07T10:00:00.000Z'))).toBe(true);
    refuses('PlannedStopRecorded', planned('2100-01-01T10:00:00.000Z', '2100-01-01T11:00:00.000Z'));
  });

  test('report figures: finite, not negative, at most 1,000,000,000 pieces and 24 hours', () => {
    expect(accepts('ShiftReportSubmitted', report({ productionVolume: 1_000_000_000, waste: 1_000_000_000, workingTime: 24 }))).toBe(true);
    refuses('ShiftReportSubmitted', report({ productionVolume: 1_000_000_001 }));
    refuses('ShiftReportSubmitted', report({ waste: 1e12 }));
    refuses('ShiftReportSubmitted', report({ waste: -1 }));
    refuses('ShiftReportSubmitted', report({ workingTime: 24.01 }));
    refuses('ShiftReportSubmitted', report({ productionVolume: Number.POSITIVE_INFINITY }));
  });

  test('DBR constants: at most 1,000,000,000 in magnitude', () => {
    const constants = (v: number) =>
      Object.fromEntries(
        [
          'def_speed',
          'def_uptime',
          'def_mtbf',
          'def_waste',
          'def_volume',
          'min_ut',
          'max_ut',
          'min_mtbf',
          'max_mtbf',
          'min_waste',
          'max_waste',
          'ut_threshold',
          'mtbf_threshold',
          'waste_threshold',
        ].map((f) => [f, v]),
      );
    expect(accepts('DbrConstantsSet', { lineId: 1, constants: constants(-1_000_000_000) })).toBe(true);
    refuses('DbrConstantsSet', { lineId: 1, constants: constants(1_000_000_001) });
  });

  test('shifts: within the calendar, ending after their start and within 24 hours', () => {
    const scheduled = (s: ReturnType<typeof shift>) => ({ shopFloorId: 1, startDate: s.shiftDay, endDate: s.shiftDay, shifts: [s] });
    expect(accepts('ShiftsScheduled', scheduled(shift('2099-12-31', '2099-12-31T22:00:00+01:00', '2100-01-01T06:00:00+01:00')))).toBe(true);
    refuses('ShiftsScheduled', scheduled(shift('9999-12-31', '9999-12-31T22:00:00+01:00', '+010000-01-01T06:00:00+01:00')));
    refuses('ShiftsScheduled', scheduled(shift('2030-06-05', '2030-06-05T06:00:00+02:00', '2030-06-06T06:00:01+02:00')));
    refuses('ShiftsScheduled', scheduled(shift('2030-06-05', '2030-06-05T06:00:00+02:00', '2030-06-05T06:00:00+02:00')));
  });

  test('plant ids: at most 999,999', () => {
    expect(accepts('LineAdded', { lineId: 999_999, shopFloorId: 1, name: 'L', referenceMachine: 'M' })).toBe(true);
    refuses('LineAdded', { lineId: 1_000_000, shopFloorId: 1, name: 'L', referenceMachine: 'M' });
  });

  test('texts: counted in characters, and nothing the database cannot store', () => {
    expect(accepts('UnplannedStopRecorded', unplanned('2030-06-05T08:00:00.000Z', '2030-06-05T08:10:00.000Z', { failureMode: '😀'.repeat(250) }))).toBe(true);
    refuses('UnplannedStopRecorded', unplanned('2030-06-05T08:00:00.000Z', '2030-06-05T08:10:00.000Z', { failureMode: '😀'.repeat(251) }));
    refuses('UnplannedStopRecorded', unplanned('2030-06-05T08:00:00.000Z', '2030-06-05T08:10:00.000Z', { failureMode: 'a\u0000b' }));
    refuses('ShiftReportSubmitted', report({ machineNotes: [{ ['\uD800']: 'x' }] }));
    refuses('RootCauseRecorded', { stopEventId: 1, rootCause: 'x\uDC00', troubleshooting: '' });
  });
});

describe('characters as the user sees them', () => {
  test.each([
    ['', 0],
    ['abc', 3],
    ['è', 1],
    ['😀', 1],
    ['a😀b', 3],
    ['\uD800', 1],
  ])('%j has %i', (text, n) => {
    expect(charCount(text)).toBe(n);
  });

  test('clipping never splits a character', () => {
    expect(clipChars('a😀b', 2)).toBe('a😀');
    expect(clipChars('😀😀😀', 1)).toBe('😀');
    expect(clipChars('abc', 5)).toBe('abc');
  });
});
