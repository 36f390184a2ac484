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
