import { previousShift } from './previousShift.js';

const shift = (code: string, day: string, start: string) => ({ id: 0, name: `Turno ${code}`, code, shift_day: day, start_time: start, end_time: start });
const yesterdayC = shift('C', '2031-06-09', '2031-06-09T22:00:00+02:00');
const todayA = shift('A', '2031-06-10', '2031-06-10T06:00:00+02:00');
const todayB = shift('B', '2031-06-10', '2031-06-10T14:00:00+02:00');

describe('previousShift', () => {
  it('is the shift before on the same day', () => {
    expect(previousShift(todayB, [yesterdayC, todayA, todayB])?.code).toBe('A');
  });
  it("is the day before's last shift for the day's first", () => {
    expect(previousShift(todayA, [todayB, todayA, yesterdayC])).toBe(yesterdayC);
  });
  it('is null when nothing started before', () => {
    expect(previousShift(yesterdayC, [todayA, todayB])).toBeNull();
  });
});
