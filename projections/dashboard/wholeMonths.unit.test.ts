import { wholeMonths } from './dashboard.queries.js';

/** The split of a summary's range: whole calendar months from the month rollup, the edge days from the day rows. */
describe('wholeMonths', () => {
  it.each([
    // from, to -> first and last whole month, the two edge ranges (an empty one has its first day after its last)
    ['2025-11-24', '2026-11-23', '2025-12-01', '2026-10-01', ['2025-11-24', '2025-11-30', '2026-11-01', '2026-11-23']],
    ['2026-01-01', '2026-03-31', '2026-01-01', '2026-03-01', ['2026-01-01', '2025-12-31', '2026-04-01', '2026-03-31']],
    ['2024-02-29', '2024-03-31', '2024-03-01', '2024-03-01', ['2024-02-29', '2024-02-29', '2024-04-01', '2024-03-31']],
    ['2026-02-10', '2026-02-12', '2026-03-01', '2026-02-01', ['2026-02-10', '2026-02-12', '2026-02-13', '2026-02-12']],
    ['2026-02-10', '2026-02-10', '2026-03-01', '2026-02-01', ['2026-02-10', '2026-02-10', '2026-02-11', '2026-02-10']],
    ['2026-01-15', '2026-02-27', '2026-02-01', '2026-01-01', ['2026-01-15', '2026-02-27', '2026-02-28', '2026-02-27']],
  ])('%s to %s: months %s to %s, edges %j', (from, to, firstMonth, lastMonth, edges) => {
    expect(wholeMonths(from, to)).toEqual({ firstMonth, lastMonth, edges });
  });
});
