import type { ShiftPattern } from '../../domain/plant/events.js';
import type { ShiftEvent } from '../../domain/shifts/events.js';
import { initialShiftCalendarState, type ShiftCalendarState } from '../../domain/shifts/state.js';
import { shiftCalendarDecider } from './decider.js';
import type { GenerateShifts } from './generateShifts.js';
import { refusal } from '../../test/support/refusals.js';

const PATTERNS: ShiftPattern[] = [
  { name: 'Turno A', code: 'A', start: '06:00', end: '14:00', extra: false },
  { name: 'Turno B', code: 'B', start: '14:00', end: '22:00', extra: false },
  { name: 'Turno C', code: 'C', start: '22:00', end: '06:00', extra: false },
  { name: 'Turno E', code: 'E', start: '08:00', end: '16:00', extra: true },
];
const command = (over: Partial<GenerateShifts> = {}): GenerateShifts => ({
  type: 'GenerateShifts',
  shopFloorId: 1,
  startDate: '2030-01-01',
  endDate: '2030-01-01',
  patterns: PATTERNS,
  manageExtraShift: false,
  ...over,
});
const when = (c: GenerateShifts, state: ShiftCalendarState = initialShiftCalendarState) => shiftCalendarDecider.decide(c, state, new Date(0));
const given = (...events: ShiftEvent[]) => events.reduce(shiftCalendarDecider.evolve, initialShiftCalendarState);
const shiftsOf = (events: ShiftEvent[]) => events.flatMap((e) => e.data.shifts);

describe('given an empty calendar', () => {
  it('schedules every regular pattern for each day, with ids in the shop floor’s block', () => {
    const shifts = shiftsOf(when(command({ shopFloorId: 2, endDate: '2030-01-02' })));
    expect(shifts.map((s) => `${s.shiftDay} ${s.code} ${s.shiftId}`)).toEqual([
      '2030-01-01 A 2000001', '2030-01-01 B 2000002', '2030-01-01 C 2000003',
      '2030-01-02 A 2000004', '2030-01-02 B 2000005', '2030-01-02 C 2000006',
    ]);
  });

  it('gives a night shift to the day it starts, ending the next morning', () => {
    const night = shiftsOf(when(command())).find((s) => s.code === 'C');
    expect(night).toMatchObject({ shiftDay: '2030-01-01', startTime: '2030-01-01T22:00:00+01:00', endTime: '2030-01-02T06:00:00+01:00' });
  });

  it('uses the Italian offset of each date, summer time included', () => {
    const a = shiftsOf(when(command({ startDate: '2030-07-01', endDate: '2030-07-01' }))).find((s) => s.code === 'A');
    expect(a).toMatchObject({ startTime: '2030-07-01T06:00:00+02:00', endTime: '2030-07-01T14:00:00+02:00' });
  });

  it('adds the extra shift (Turno E) only where the shop floor manages it', () => {
    expect(shiftsOf(when(command())).map((s) => s.code)).toEqual(['A', 'B', 'C']);
    const withExtra = shiftsOf(when(command({ manageExtraShift: true })));
    expect(withExtra.map((s) => s.code)).toEqual(['A', 'B', 'C', 'E']);
    expect(withExtra.at(-1)).toMatchObject({ name: 'Turno E', extra: true });
  });

  it('accepts 366 days and refuses 367', () => {
    expect(shiftsOf(when(command({ startDate: '2030-01-01', endDate: '2031-01-01' })))).toHaveLength(366 * 3);
    const err = refusal(() => when(command({ startDate: '2030-01-01', endDate: '2031-01-02' })));
    expect([err.status, err.message]).toEqual([400, 'Intervallo troppo lungo: al massimo 366 giorni']);
  });

  it('refuses a start after the end, and dates that do not exist', () => {
    expect(refusal(() => when(command({ startDate: '2030-01-02', endDate: '2030-01-01' }))).fields).toEqual({ end_date: expect.any(String) });
    expect(Object.keys(refusal(() => when(command({ startDate: '2030-02-30', endDate: '30-01-2030' }))).fields ?? {})).toEqual(['start_date', 'end_date']);
  });

  it('refuses a shop floor without shift patterns with 409', () => {
    expect(refusal(() => when(command({ patterns: [] }))).code).toBe('NO_SHIFT_PATTERNS');
    expect(refusal(() => when(command({ patterns: [PATTERNS[3]!] }))).status).toBe(409);
  });
});

describe('given a calendar with January scheduled', () => {
  const january = given(...when(command({ startDate: '2030-01-01', endDate: '2030-01-31' })));

  it('decides nothing for the same range', () => {
    expect(when(command({ startDate: '2030-01-01', endDate: '2030-01-31' }), january)).toEqual([]);
  });

  it('schedules only the missing days of an overlapping range, continuing the ids', () => {
    const shifts = shiftsOf(when(command({ startDate: '2030-01-30', endDate: '2030-02-01' }), january));
    expect(shifts.map((s) => `${s.shiftDay} ${s.code} ${s.shiftId}`)).toEqual(['2030-02-01 A 1000094', '2030-02-01 B 1000095', '2030-02-01 C 1000096']);
  });

  it('adds only the extra shift once the shop floor starts managing it', () => {
    const shifts = shiftsOf(when(command({ startDate: '2030-01-31', endDate: '2030-01-31', manageExtraShift: true }), january));
    expect(shifts.map((s) => s.code)).toEqual(['E']);
  });
});
