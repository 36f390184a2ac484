import { plantMonth } from './paretoStops.projection.js';

/** A stop counts for the Italian month of its start (+01:00 in winter, +02:00 in summer; 2030 changes on 31 March and 27 October). */
describe('the plant month of a stop', () => {
  it.each([
    ['2030-06-15T10:00:00.000Z', '2030-06'],
    ['2030-06-30T21:59:59.999Z', '2030-06'],
    ['2030-06-30T22:00:00.000Z', '2030-07'],
    ['2030-01-31T22:59:00.000Z', '2030-01'],
    ['2030-01-31T23:00:00.000Z', '2030-02'],
    ['2030-12-31T23:30:00.000Z', '2031-01'],
    ['2030-03-31T00:30:00.000Z', '2030-03'],
    ['2030-10-31T22:59:00.000Z', '2030-10'],
    ['2030-10-31T23:00:00.000Z', '2030-11'],
    ['2030-07-01T00:30:00+02:00', '2030-07'],
  ])('%s is in %s', (start, month) => {
    expect(plantMonth(start)).toBe(month);
  });
});
