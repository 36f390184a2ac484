import type { Knex } from 'knex';
import { italianDay, utcDayText } from '../domain/shifts/plantOffset.js';
import { bigint, boolean, date, int, text, timestamptz, type ColumnList } from './columns.js';

/**
 * Placing stops into the regular shift holding their start, in Node, from the shifts a
 * projection copied into its own table: the rule of docs/line-log.md (regular shifts only,
 * not 'Turno E'; of the start's Italian day or the day before; where two hold it, the one
 * that starts first, then the lower id). A batch loads the few shifts of its stops' days
 * once, instead of one lookup per row in SQL.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The Italian day of an instant (domain/shifts/plantOffset.ts). */
export { italianDay };

const before = new Map<string, string>();
/** The day before an ISO day. */
export function dayBefore(day: string): string {
  let s = before.get(day);
  if (s === undefined) before.set(day, (s = utcDayText(Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY) - 1)));
  return s;
}

export interface PlacedShift {
  id: number;
  shift_day: string;
  code: string;
}

interface Candidate extends PlacedShift {
  start: number;
  end: number;
}

/** The regular shifts a batch's stops may fall in, by shop floor and shift day. */
export class ShiftIndex {
  private readonly byFloorDay = new Map<string, Candidate[]>();

  constructor(rows: ReadonlyArray<{ id: number | string; shop_floor_id: number; shift_day: string; code?: string; start_time: Date | string; end_time: Date | string }>) {
    for (const r of rows) {
      const key = `${r.shop_floor_id}|${r.shift_day}`;
      let list = this.byFloorDay.get(key);
      if (!list) this.byFloorDay.set(key, (list = []));
      list.push({ id: Number(r.id), shift_day: r.shift_day, code: r.code ?? '', start: new Date(r.start_time).getTime(), end: new Date(r.end_time).getTime() });
    }
  }

  /** The regular shift holding a start (ms) whose Italian day is `startDay`, or null. */
  place(shopFloorId: number, start: number, startDay: string): PlacedShift | null {
    let best: Candidate | null = null;
    for (const list of [this.byFloorDay.get(`${shopFloorId}|${dayBefore(startDay)}`), this.byFloorDay.get(`${shopFloorId}|${startDay}`)]) {
      if (!list) continue;
      for (const s of list) {
        if (s.start <= start && start < s.end && (!best || s.start < best.start || (s.start === best.start && s.id < best.id))) best = s;
      }
    }
    return best;
  }
}

/**
 * The SQL twin of ShiftIndex.place, for stops already stored: a lateral join (alias `rs`,
 * giving `columns` of the shifts table `sh`, bound as the next `??`) to the regular shift
 * holding the start of the row aliased `s`, which has `start_day`, its Italian day.
 */
export const regularShiftOf = (s: string, columns: string) => `lateral (
  select ${columns} from ?? sh
   where sh.shop_floor_id = ${s}.shop_floor_id and not sh.extra
     and sh.shift_day between ${s}.start_day - 1 and ${s}.start_day
     and sh.start_time <= ${s}.start_time and ${s}.start_time < sh.end_time
   order by sh.start_time, sh.id limit 1) rs on true`;

const shiftCopy = <C extends ColumnList>(code: C) => ({
  id: bigint().primary(),
  shop_floor_id: int(),
  ...code,
  shift_day: date(),
  start_time: timestamptz(),
  end_time: timestamptz(),
  extra: boolean(),
});

/**
 * The columns of a projection's own copy of the shift calendar (a projection never reads
 * another's tables): what loadShiftIndex reads, and with `code` for those that count by shift code.
 */
export const SHIFT_COPY = shiftCopy({});
export const SHIFT_COPY_WITH_CODE = shiftCopy({ code: text() });

/**
 * Loads the regular shifts that may hold these starts (their shop floors, from the day
 * before the first Italian day to the last) from a projection's shifts table, which has
 * `id, shop_floor_id, shift_day, start_time, end_time, extra` and, with `withCode`, `code`.
 */
export async function loadShiftIndex(
  trx: Knex.Transaction,
  table: string,
  stops: ReadonlyArray<{ shop_floor_id: number; startDay: string }>,
  withCode = false,
): Promise<ShiftIndex> {
  if (stops.length === 0) return new ShiftIndex([]);
  const floors = [...new Set(stops.map((s) => s.shop_floor_id))];
  let first = stops[0]!.startDay;
  let last = first;
  for (const s of stops) {
    if (s.startDay < first) first = s.startDay;
    if (s.startDay > last) last = s.startDay;
  }
  const r = await trx.raw<{ rows: Array<{ id: string; shop_floor_id: number; shift_day: string; code?: string; start_time: Date; end_time: Date }> }>(
    `select id, shop_floor_id, to_char(shift_day, 'YYYY-MM-DD') as shift_day, start_time, end_time${withCode ? ', code' : ''} from ??
      where not extra and shop_floor_id = any(?::int[]) and shift_day between ?::date and ?::date`,
    [table, floors, dayBefore(first), last],
  );
  return new ShiftIndex(r.rows);
}
