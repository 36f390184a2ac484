import { defaultTimes, isTimeOfDay, romeWallClock, shiftWallClock, timesText, validateTimes } from './times.js';

describe('default times (§5: end now, dates today; start 15 minutes earlier)', () => {
  it('ends now and starts 15 minutes before, today', () => {
    expect(defaultTimes({ day: '2031-06-10', time: '08:40' })).toEqual({ startDate: '2031-06-10', startTime: '08:25', endDate: '2031-06-10', endTime: '08:40' });
  });

  it('starts on the day before in the first 15 minutes of a day', () => {
    expect(defaultTimes({ day: '2031-03-01', time: '00:05' })).toEqual({ startDate: '2031-02-28', startTime: '23:50', endDate: '2031-03-01', endTime: '00:05' });
  });

  it('uses the day the line log passed, at the current time', () => {
    expect(defaultTimes({ day: '2031-06-10', time: '14:30' }, '2031-06-07')).toEqual({ startDate: '2031-06-07', startTime: '14:15', endDate: '2031-06-07', endTime: '14:30' });
  });

  it('ignores a future or malformed day', () => {
    const today = { startDate: '2031-06-10', startTime: '14:15', endDate: '2031-06-10', endTime: '14:30' };
    expect(defaultTimes({ day: '2031-06-10', time: '14:30' }, '2031-06-11')).toEqual(today);
    expect(defaultTimes({ day: '2031-06-10', time: '14:30' }, '2031-02-30')).toEqual(today);
    expect(defaultTimes({ day: '2031-06-10', time: '14:30' }, 'ieri')).toEqual(today);
    expect(defaultTimes({ day: '2031-06-10', time: '14:30' }, null)).toEqual(today);
  });

  it('reads the plant clock in Europe/Rome whatever the zone of the device', () => {
    expect(romeWallClock(new Date('2031-06-10T22:30:00Z'))).toEqual({ day: '2031-06-11', time: '00:30' });
    expect(romeWallClock(new Date('2031-01-10T22:30:00Z'))).toEqual({ day: '2031-01-10', time: '23:30' });
  });

  it('moves a wall-clock moment across midnight both ways', () => {
    expect(shiftWallClock({ day: '2031-12-31', time: '23:50' }, 20)).toEqual({ day: '2032-01-01', time: '00:10' });
    expect(shiftWallClock({ day: '2031-01-01', time: '00:10' }, -20)).toEqual({ day: '2030-12-31', time: '23:50' });
    expect(shiftWallClock({ day: '2031-01-01', time: '10:00' }, 0)).toEqual({ day: '2031-01-01', time: '10:00' });
  });
});

describe('times validation (§5)', () => {
  const ok = { startDate: '2031-06-10', startTime: '08:10', endDate: '2031-06-10', endTime: '08:25' };

  it('accepts an end strictly after the start and gives wall-clock ISO times and minutes', () => {
    expect(validateTimes(ok)).toEqual({ ok: true, start: '2031-06-10T08:10', end: '2031-06-10T08:25', minutes: 15 });
  });

  it('accepts a stop across midnight and across a month end', () => {
    expect(validateTimes({ startDate: '2031-01-31', startTime: '23:50', endDate: '2031-02-01', endTime: '00:20' })).toMatchObject({ ok: true, minutes: 30 });
  });

  it("refuses an end equal to or before the start with 'Controlla le date'", () => {
    expect(validateTimes({ ...ok, endTime: '08:10' })).toEqual({ ok: false, message: 'Controlla le date' });
    expect(validateTimes({ ...ok, endTime: '08:00' })).toEqual({ ok: false, message: 'Controlla le date' });
    expect(validateTimes({ ...ok, endDate: '2031-06-09', endTime: '23:00' })).toEqual({ ok: false, message: 'Controlla le date' });
  });

  it('requires all four fields, as real dates and times', () => {
    for (const key of ['startDate', 'startTime', 'endDate', 'endTime'] as const) {
      expect(validateTimes({ ...ok, [key]: '' })).toEqual({ ok: false, message: 'Controlla le date' });
    }
    expect(validateTimes({ ...ok, endDate: '2031-02-30' }).ok).toBe(false);
    expect(validateTimes({ ...ok, endTime: '24:00' }).ok).toBe(false);
  });

  it('knows a time of day', () => {
    expect(isTimeOfDay('00:00')).toBe(true);
    expect(isTimeOfDay('23:59')).toBe(true);
    expect(isTimeOfDay('8:10')).toBe(false);
    expect(isTimeOfDay('12:60')).toBe(false);
  });

  it('writes the answer in Italian format with the duration', () => {
    expect(timesText(ok)).toBe('Dal 10/06/2031 08:10 al 10/06/2031 08:25 (15 min)');
    expect(timesText({ ...ok, endTime: '08:00' })).toBe('Dal 10/06/2031 08:10 al 10/06/2031 08:00');
    expect(timesText({ ...ok, startTime: '' })).toBe('Dal 10/06/2031 — al 10/06/2031 08:25');
  });
});
