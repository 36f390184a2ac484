import { DateTime } from 'luxon';

/**
 * DBR action ids are integers given by the decider and stored in the events (never a
 * database sequence), so a rebuild of the read table keeps every id.
 *
 * Layout: line × 10^9 + due day × 10^4 + n, where the due day counts days from
 * 2000-01-01 and n (1..9999) is the action's place among that line's actions due that
 * day, in creation order: action 3 of line 1 due 2030-06-05 (day 11113) is 1 11113 0003.
 * Always below 2^53 (lines up to MAX_LINE_ID).
 *
 * There is no counter stream: creating an action reads `dbr-action-<id(line, day, 1)>`,
 * `<id(line, day, 2)>`, ... through the command's ReadSet until a stream that does not
 * exist, and appends there with expectedRevision 'no_stream'. Two creations racing for the
 * same n: one append wins, the other fails, reads again and takes n + 1. Deleted actions
 * keep their stream, so an id is never reused. Cost: one read per action already due that
 * day on that line (a handful), never a stream that grows for the life of the plant.
 */
const EPOCH = DateTime.fromISO('2000-01-01', { zone: 'UTC' });
export const MAX_DAY_INDEX = 99_999;
export const MAX_LINE_ID = 9_000_000;
/** Actions one line can have due on one day. */
export const MAX_ACTIONS_PER_LINE_DAY = 9_999;

/** First and last due day an id can encode (2000-01-01 to 2273-10-15). */
export const FIRST_DUE_DAY = '2000-01-01';
export const LAST_DUE_DAY = EPOCH.plus({ days: MAX_DAY_INDEX }).toISODate()!;

const dayIndex = (day: string) => Math.round(DateTime.fromISO(day, { zone: 'UTC' }).diff(EPOCH, 'days').days);

/** The id of the n-th action of a line due on a day (YYYY-MM-DD). */
export function dbrActionId(lineId: number, dueDay: string, n: number): number {
  const index = dayIndex(dueDay);
  if (!(lineId >= 1 && lineId <= MAX_LINE_ID) || !(index >= 0 && index <= MAX_DAY_INDEX) || !(n >= 1 && n <= MAX_ACTIONS_PER_LINE_DAY)) {
    throw new RangeError(`No DBR action id for action ${n} of line ${lineId} due ${dueDay}`);
  }
  return lineId * 1e9 + index * 1e4 + n;
}
