import { defaultTimesInShift, otherShiftQuestion, shiftOfStop, shiftText, type ShiftSpan } from './shiftFit.js';

// The demo calendar of 26/11/2030 and the day before (Rome is UTC+1 in November).
const shift = (shift_day: string, code: string, start: string, end: string, name = `Turno ${code}`): ShiftSpan => ({
  name,
  code,
  shift_day,
  start_time: `${start}:00+01:00`,
  end_time: `${end}:00+01:00`,
});
const C25 = shift('2030-11-25', 'C', '2030-11-25T22:00', '2030-11-26T06:00');
const A = shift('2030-11-26', 'A', '2030-11-26T06:00', '2030-11-26T14:00');
const E = shift('2030-11-26', 'E', '2030-11-26T08:00', '2030-11-26T16:00');
const B = shift('2030-11-26', 'B', '2030-11-26T14:00', '2030-11-26T22:00');
const C = shift('2030-11-26', 'C', '2030-11-26T22:00', '2030-11-27T06:00');
const ALL = [C25, A, E, B, C];
const ref = (s: ShiftSpan) => ({ day: s.shift_day, code: s.code });

describe('the shift holding a stop: [start, end) holds its start', () => {
  it('finds the shift of the start, across midnight for a night shift', () => {
    expect(shiftOfStop(ALL, '2030-11-26T10:00', ref(C))?.code).toBe('A');
    expect(shiftOfStop(ALL, '2030-11-26T00:10', ref(C))).toBe(C25);
    expect(shiftOfStop(ALL, '2030-11-26T14:00', null)).toBe(B);
    expect(shiftOfStop(ALL, '2030-11-26T13:59', null)).toBe(A);
  });

  it("prefers the log's own shift where 'Turno E' lies over A, else A or B before E", () => {
    expect(shiftOfStop(ALL, '2030-11-26T09:00', ref(E))).toBe(E);
    expect(shiftOfStop(ALL, '2030-11-26T09:00', ref(A))).toBe(A);
    expect(shiftOfStop(ALL, '2030-11-26T09:00', ref(C))).toBe(A);
    expect(shiftOfStop([E], '2030-11-26T09:00', null)).toBe(E);
  });

  it('is null outside every shift', () => {
    expect(shiftOfStop([A, B], '2030-11-26T23:00', null)).toBeNull();
  });
});

describe('the times default inside the log’s shift', () => {
  it('ends now and starts 15 minutes earlier while the shift runs', () => {
    expect(defaultTimesInShift({ day: '2030-11-26', time: '10:40' }, A, '2030-11-26')).toEqual({
      startDate: '2030-11-26',
      startTime: '10:25',
      endDate: '2030-11-26',
      endTime: '10:40',
    });
  });

  it('ends at the shift’s end when the shift is over, across midnight for a night shift', () => {
    expect(defaultTimesInShift({ day: '2030-11-26', time: '18:00' }, A, '2030-11-26')).toEqual({
      startDate: '2030-11-26',
      startTime: '13:45',
      endDate: '2030-11-26',
      endTime: '14:00',
    });
    expect(defaultTimesInShift({ day: '2030-11-27', time: '09:00' }, C, '2030-11-26')).toEqual({
      startDate: '2030-11-27',
      startTime: '05:45',
      endDate: '2030-11-27',
      endTime: '06:00',
    });
  });

  it('does not start before the shift', () => {
    expect(defaultTimesInShift({ day: '2030-11-26', time: '06:05' }, A, '2030-11-26')).toEqual({
      startDate: '2030-11-26',
      startTime: '06:00',
      endDate: '2030-11-26',
      endTime: '06:05',
    });
  });

  it('falls back to now on the log’s day for a shift not begun, or no shift', () => {
    const usual = { startDate: '2030-11-26', startTime: '09:45', endDate: '2030-11-26', endTime: '10:00' };
    expect(defaultTimesInShift({ day: '2030-11-26', time: '10:00' }, C, '2030-11-26')).toEqual(usual);
    expect(defaultTimesInShift({ day: '2030-11-26', time: '10:00' }, null, '2030-11-26')).toEqual(usual);
  });
});

describe('the words', () => {
  it('asks before saving in another shift, and names it in the summary', () => {
    expect(otherShiftQuestion(A)).toBe('Lo stop cade nel Turno A del 26/11: registrarlo lì?');
    expect(otherShiftQuestion(null)).toBe('Lo stop non cade in nessun turno pianificato: registrarlo comunque?');
    expect(shiftText({ day: '2030-11-25', code: 'C', name: 'Turno C' })).toBe('Turno C del 25/11');
  });
});
