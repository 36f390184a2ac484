import { DateTime } from 'luxon';

/** A range of days (YYYY-MM-DD, both included) whose stops count with `sign` (+1, or -1 to take them off their month). */
export type DayRange = [from: string, to: string, sign: 1 | -1];

/**
 * A range of days as month rollups and ranges of days, with the fewest days of stops to read:
 * a whole calendar month is its month row; a partial month is its own days, or, when the days
 * of its month outside the range are fewer, its month row minus those days (signed -1). The
 * sum over `months` plus the signed sums over `ranges` is the sum over [from, to].
 */
export function monthPieces(from: string, to: string): { months: string[]; ranges: DayRange[] } {
  const last = DateTime.fromISO(to, { zone: 'utc' });
  const d = (x: DateTime) => x.toISODate()!;
  const months: string[] = [];
  const ranges: DayRange[] = [];
  for (let start = DateTime.fromISO(from, { zone: 'utc' }); start <= last; start = start.endOf('month').startOf('day').plus({ days: 1 })) {
    const first = start.startOf('month');
    const monthEnd = start.endOf('month').startOf('day');
    const end = monthEnd < last ? monthEnd : last;
    const days = end.diff(start, 'days').days + 1;
    const outside = monthEnd.day - days;
    if (outside > 0 && days <= outside) {
      ranges.push([d(start), d(end), 1]);
      continue;
    }
    months.push(d(first));
    if (start > first) ranges.push([d(first), d(start.minus({ days: 1 })), -1]);
    if (end < monthEnd) ranges.push([d(end.plus({ days: 1 })), d(monthEnd), -1]);
  }
  return { months, ranges };
}
