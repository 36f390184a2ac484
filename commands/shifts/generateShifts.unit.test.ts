import type { ShiftPattern } from '../../domain/plant/events.js';
import type { ShiftEvent } from '../../domain/shifts/events.js';
import { initialShiftCalendarState } from '../../domain/shifts/state.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';
import { shiftCalendarDecider } from './decider.js';
import { decideGenerateShifts, type GenerateShifts } from './generateShifts.js';

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
const spec = deciderSpec(shiftCalendarDecider);
const shiftsOf = (events: ShiftEvent[]) => events.flatMap((e) => e.data.shifts);
/** The decided shifts pass the check. */
const shifts = (check: (scheduled: ReturnType<typeof shiftsOf>) => void) => (events: ShiftEvent[]) => check(shiftsOf(events));

describe('given an empty calendar', () => {
  it('schedules every regular pattern for each day, with ids in the shop floor’s block', () => {
    spec
      .given([])
      .when(command({ shopFloorId: 2, endDate: '2030-01-02' }))
      .then(
        shifts((scheduled) =>
          expect(scheduled.map((s) => `${s.shiftDay} ${s.code} ${s.shiftId}`)).toEqual([
            '2030-01-01 A 2000001',
            '2030-01-01 B 2000002',
            '2030-01-01 C 2000003',
            '2030-01-02 A 2000004',
            '2030-01-02 B 2000005',
            '2030-01-02 C 2000006',
          ]),
        ),
      );
  });

  it('gives a night shift to the day it starts, ending the next morning', () => {
    spec
      .given([])
      .when(command())
      .then(
        shifts((scheduled) => {
          expect(scheduled.find((s) => s.code === 'C')).toMatchObject({ shiftDay: '2030-01-01', startTime: '2030-01-01T22:00:00+01:00', endTime: '2030-01-02T06:00:00+01:00' });
        }),
      );
  });

  it('uses the Italian offset of each date, summer time included', () => {
    spec
      .given([])
      .when(command({ startDate: '2030-07-01', endDate: '2030-07-01' }))
      .then(
        shifts((scheduled) => {
          expect(scheduled.find((s) => s.code === 'A')).toMatchObject({ startTime: '2030-07-01T06:00:00+02:00', endTime: '2030-07-01T14:00:00+02:00' });
        }),
      );
  });

  it('adds the extra shift (Turno E) only where the shop floor manages it', () => {
    spec
      .given([])
      .when(command())
      .then(shifts((scheduled) => expect(scheduled.map((s) => s.code)).toEqual(['A', 'B', 'C'])));
    spec
      .given([])
      .when(command({ manageExtraShift: true }))
      .then(
        shifts((withExtra) => {
          expect(withExtra.map((s) => s.code)).toEqual(['A', 'B', 'C', 'E']);
          expect(withExtra.at(-1)).toMatchObject({ name: 'Turno E', extra: true });
        }),
      );
  });

  it('accepts 366 days and refuses 367', () => {
    spec
      .given([])
      .when(command({ startDate: '2030-01-01', endDate: '2031-01-01' }))
      .then(shifts((scheduled) => expect(scheduled).toHaveLength(366 * 3)));
    spec
      .given([])
      .when(command({ startDate: '2030-01-01', endDate: '2031-01-02' }))
      .thenRefuses({ status: 400, message: 'Intervallo troppo lungo: al massimo 366 giorni' });
  });

  it('refuses a start after the end, and dates that do not exist', () => {
    spec
      .given([])
      .when(command({ startDate: '2030-01-02', endDate: '2030-01-01' }))
      .thenRefuses({ fields: { end_date: expect.any(String) } });
    spec
      .given([])
      .when(command({ startDate: '2030-02-30', endDate: '30-01-2030' }))
      .thenRefuses((error) => expect(Object.keys(error.fields ?? {})).toEqual(['start_date', 'end_date']));
  });

  it('refuses a shop floor without shift patterns with 409', () => {
    spec
      .given([])
      .when(command({ patterns: [] }))
      .thenRefuses('NO_SHIFT_PATTERNS');
    spec
      .given([])
      .when(command({ patterns: [PATTERNS[3]!] }))
      .thenRefuses({ status: 409 });
  });
});

describe('given a calendar with January scheduled', () => {
  /** January as its generation recorded it: the history the cases below start from. */
  const january = decideGenerateShifts(command({ startDate: '2030-01-01', endDate: '2030-01-31' }), initialShiftCalendarState);

  it('decides nothing for the same range', () => {
    spec
      .given(january)
      .when(command({ startDate: '2030-01-01', endDate: '2030-01-31' }))
      .thenNothingHappened();
  });

  it('schedules only the missing days of an overlapping range, continuing the ids', () => {
    spec
      .given(january)
      .when(command({ startDate: '2030-01-30', endDate: '2030-02-01' }))
      .then(
        shifts((scheduled) => {
          expect(scheduled.map((s) => `${s.shiftDay} ${s.code} ${s.shiftId}`)).toEqual(['2030-02-01 A 1000094', '2030-02-01 B 1000095', '2030-02-01 C 1000096']);
        }),
      );
  });

  it('adds only the extra shift once the shop floor starts managing it', () => {
    spec
      .given(january)
      .when(command({ startDate: '2030-01-31', endDate: '2030-01-31', manageExtraShift: true }))
      .then(shifts((scheduled) => expect(scheduled.map((s) => s.code)).toEqual(['E'])));
  });
});
