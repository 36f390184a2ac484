import { DateTime } from 'luxon';
import { local } from './plantTime.js';

/** Instants as the plant reads them: Italian offset, +01:00 in winter and +02:00 in summer (2030: 31 March, 27 October). */
describe('stop times with the plant offset', () => {
  it.each([
    ['2030-06-05T06:10:00.000Z', '2030-06-05T08:10:00+02:00'],
    ['2030-01-15T23:30:00.000Z', '2030-01-16T00:30:00+01:00'],
    ['2030-06-05T06:10:00.250Z', '2030-06-05T08:10:00.250+02:00'],
    ['2030-03-31T00:59:00.000Z', '2030-03-31T01:59:00+01:00'],
    ['2030-03-31T01:00:00.000Z', '2030-03-31T03:00:00+02:00'],
    ['2030-10-27T00:30:00.000Z', '2030-10-27T02:30:00+02:00'],
    ['2030-10-27T01:30:00.000Z', '2030-10-27T02:30:00+01:00'],
    ['2030-12-31T23:00:00.000Z', '2031-01-01T00:00:00+01:00'],
  ])('%s is %s', (utc, expected) => {
    expect(local(new Date(utc))).toBe(expected);
    expect(local(utc)).toBe(expected);
  });
});

/** Every minute of the two days the clocks change, and around them, against luxon's own text. */
describe('the days the clocks change', () => {
  it.each([
    ['2030-03-30T22:00:00.000Z', '2030-04-01T02:00:00.000Z'],
    ['2030-10-26T21:00:00.000Z', '2030-10-28T02:00:00.000Z'],
  ])('from %s to %s, each minute and each minute less a millisecond', (from, to) => {
    let checked = 0;
    for (let ms = Date.parse(from); ms < Date.parse(to); ms += 60_000) {
      for (const t of [ms, ms - 1]) {
        expect(local(new Date(t))).toBe(DateTime.fromMillis(t, { zone: 'Europe/Rome' }).toISO({ suppressMilliseconds: true }));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2 * 24 * 60);
  });

  it('answers the same however the days are first met', () => {
    // A stop late on the change day seen before one early on it, and the other way round.
    expect(local('2030-10-27T05:00:00.000Z')).toBe('2030-10-27T06:00:00+01:00');
    expect(local('2030-10-27T00:59:59.999Z')).toBe('2030-10-27T02:59:59.999+02:00');
    expect(local('2030-10-27T01:00:00.000Z')).toBe('2030-10-27T02:00:00+01:00');
  });
});
