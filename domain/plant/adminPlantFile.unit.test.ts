import { shiftsOverlap } from './adminPlantFile.js';

/** Daily shifts repeat every 24 hours; one whose end is not after its start ends the next day. */
describe('shiftsOverlap', () => {
  const table: Array<[string, string, string, string, boolean]> = [
    ['06:00', '14:00', '14:00', '22:00', false],
    ['14:00', '22:00', '22:00', '06:00', false],
    ['22:00', '06:00', '06:00', '14:00', false],
    ['06:00', '14:00', '13:00', '15:00', true],
    ['22:00', '06:00', '05:00', '07:00', true],
    ['22:00', '06:00', '23:00', '01:00', true],
    ['20:00', '04:00', '02:00', '10:00', true],
    ['08:00', '09:00', '09:30', '10:00', false],
  ];
  it.each(table)('%s-%s against %s-%s: %s', (as, ae, bs, be, expected) => {
    expect(shiftsOverlap({ start: as, end: ae }, { start: bs, end: be })).toBe(expected);
    expect(shiftsOverlap({ start: bs, end: be }, { start: as, end: ae })).toBe(expected);
  });
});
