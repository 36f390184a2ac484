import { monthPieces } from './monthPieces.js';

describe('monthPieces', () => {
  it.each([
    // A year ending on the 26th: the first 4 days read, the last month as its row minus its 4 days after the range.
    [
      '2025-11-27',
      '2026-11-26',
      {
        months: [
          '2025-12-01',
          '2026-01-01',
          '2026-02-01',
          '2026-03-01',
          '2026-04-01',
          '2026-05-01',
          '2026-06-01',
          '2026-07-01',
          '2026-08-01',
          '2026-09-01',
          '2026-10-01',
          '2026-11-01',
        ],
        ranges: [
          ['2025-11-27', '2025-11-30', 1],
          ['2026-11-27', '2026-11-30', -1],
        ],
      },
    ],
    // Whole months only.
    ['2030-06-01', '2030-07-31', { months: ['2030-06-01', '2030-07-01'], ranges: [] }],
    // One day at each end of a whole June.
    [
      '2030-05-31',
      '2030-07-01',
      {
        months: ['2030-06-01'],
        ranges: [
          ['2030-05-31', '2030-05-31', 1],
          ['2030-07-01', '2030-07-01', 1],
        ],
      },
    ],
    // Inside one month: the days themselves when they are at most half of it, else the month minus both sides.
    ['2030-06-10', '2030-06-24', { months: [], ranges: [['2030-06-10', '2030-06-24', 1]] }],
    [
      '2030-06-03',
      '2030-06-28',
      {
        months: ['2030-06-01'],
        ranges: [
          ['2030-06-01', '2030-06-02', -1],
          ['2030-06-29', '2030-06-30', -1],
        ],
      },
    ],
    // February of a leap year, less its first day; a single day.
    ['2028-02-02', '2028-02-29', { months: ['2028-02-01'], ranges: [['2028-02-01', '2028-02-01', -1]] }],
    ['2030-06-05', '2030-06-05', { months: [], ranges: [['2030-06-05', '2030-06-05', 1]] }],
  ])('%s to %s', (from, to, expected) => {
    expect(monthPieces(from, to)).toEqual(expected);
  });
});
