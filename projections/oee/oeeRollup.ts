import type { Knex } from 'knex';
import { DEFAULT_MINOR_STOP_MINUTES } from '../../domain/oee/categories.js';
import { arrayLiteral } from '../batchWrite.js';
import { BAND, ORDERED_SUM, OEE_SHIFT_STOPS } from './oeeColumns.js';

/** A (line, day, shift code) that stops count for, as SQL gives it back: the day as YYYY-MM-DD. */
export interface ShiftKey {
  line_id: number;
  day: string;
  shift_code: string;
}

/** The key columns of a stop row as text-safe values, for a statement's `select` or `returning`. */
export const KEY_SQL = (alias: string) => `${alias}.line_id, to_char(${alias}.day, 'YYYY-MM-DD') as day, ${alias}.shift_code`;

/**
 * The (line, day, shift code) keys a batch touched: where its stops counted before the batch
 * and where they count after it, the stops a new shift moved (from and to), every stop of
 * a reason whose category changed, and where the batch's detected micro-stops count. `recompute` sums each key's live stops again from
 * `oee_stops`, so the rollup is a function of the stops whatever the batches, and a replay
 * writes the same rows.
 */
export class TouchedShifts {
  private readonly keys = new Map<string, ShiftKey>();

  add(rows: readonly ShiftKey[]): void {
    for (const r of rows) this.keys.set(`${r.line_id} ${r.day} ${r.shift_code}`, { line_id: Number(r.line_id), day: r.day, shift_code: r.shift_code });
  }

  /** Every key added so far. */
  all(): ShiftKey[] {
    return [...this.keys.values()];
  }

  /** Where these stops count now. */
  async ofStops(trx: Knex.Transaction, stopsTable: string, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    this.add((await trx.raw<{ rows: ShiftKey[] }>(`select ${KEY_SQL('s')} from ?? s where s.id = any(?::bigint[])`, [stopsTable, arrayLiteral(ids)])).rows);
  }

  /** Where the stops of these planned stop reasons count (their category changed). */
  async ofReasons(trx: Knex.Transaction, stopsTable: string, reasonIds: readonly number[]): Promise<void> {
    if (reasonIds.length === 0) return;
    const sql = `select distinct ${KEY_SQL('s')} from ?? s where s.kind = 'p' and s.reason_id = any(?::int[])`;
    this.add((await trx.raw<{ rows: ShiftKey[] }>(sql, [stopsTable, arrayLiteral(reasonIds)])).rows);
  }

  /** Replaces the rollup rows of every touched key by the sums of its live stops (none when it has none left). */
  async recompute(trx: Knex.Transaction, tables: Record<string, string>): Promise<void> {
    if (this.keys.size === 0) return;
    const keys = keyArrays(this.all());
    await deleteKeys(trx, tables.oee_shift_stops!, keys);
    await insertShiftStops(trx, tables, keys);
  }
}

/**
 * Writes the `oee_shift_stops` rows of these keys (`keys`: the three arrays of `keyArrays`),
 * or of every (line, day, shift code) with live stops or micro-stops (null: a rebuild's load,
 * oeeLoad.ts), as the sums of their live stops and detected micro-stops.
 */
export async function insertShiftStops(trx: Knex | Knex.Transaction, tables: Record<string, string>, keys: ReturnType<typeof keyArrays> | null): Promise<void> {
  const of = (alias: string) =>
    keys ? `${KEYS_TABLE} join ?? ${alias} on ${alias}.line_id = k.line_id and ${alias}.day = k.day and ${alias}.shift_code = k.shift_code` : `?? ${alias}`;
  const bound = (table: string) => (keys ? [...keys, table] : [table]);
  // The live stops and the detected micro-stops of each key, as one list ('m': a fold's micro-stops, n of them), summed
  // in one pass, in one sort by key and minutes; the bands list each unplanned stop of a minute or more, by minutes (so by
  // band: a longer stop's band is never lower), not in a second grouping.
  await trx.raw(
    `insert into ?? (${OEE_SHIFT_STOPS.names.join(', ')})
     select line_id, day, shift_code,
            ${ORDERED_SUM('minutes', 'minutes', `kind = 'p' and coalesce(cat, 'excluded') = 'excluded'`)},
            ${ORDERED_SUM('minutes', 'minutes', `kind = 'p' and cat = 'loss'`)},
            ${ORDERED_SUM('minutes', 'minutes', `kind = 'u'`)},
            ${ORDERED_SUM('minutes', 'minutes', `kind = 'u' and band >= ?`)},
            count(*) filter (where kind = 'u'),
            coalesce(sum(n) filter (where kind = 'm'), 0),
            ${ORDERED_SUM('minutes', 'minutes', `kind = 'm'`)},
            coalesce(array_agg(band order by minutes) filter (where band >= 1), '{}'),
            coalesce(array_agg(minutes order by minutes) filter (where band >= 1), '{}')
       from (select s.line_id, s.day, s.shift_code, s.kind, s.minutes, c.oee_category as cat, 1 as n, case when s.kind = 'u' then ${BAND('s.minutes')} end as band
               from ${of('s')}
               left join ?? c on c.id = s.reason_id
              where not s.deleted
             union all
             select h.line_id, h.day, h.shift_code, 'm', h.micro_stop_minutes, null, h.micro_stops, null
               from ${of('h')}) x
      group by line_id, day, shift_code`,
    [tables.oee_shift_stops!, DEFAULT_MINOR_STOP_MINUTES, ...bound(tables.oee_stops!), tables.oee_reasons!, ...bound(tables.oee_machine_hours!)],
  );
}

/** A list of keys as the three arrays `KEYS_TABLE` binds. */
export const keyArrays = (all: readonly ShiftKey[]) => [arrayLiteral(all.map((k) => k.line_id)), arrayLiteral(all.map((k) => k.day)), all.map((k) => k.shift_code)];

/** The keys as a table `k(line_id, day, shift_code)`, from the three arrays of `keyArrays`. */
export const KEYS_TABLE = `unnest(?::int[], ?::date[], ?::text[]) k(line_id, day, shift_code)`;

/** Deletes the rows of these keys from a table keyed by (line_id, day, shift_code). */
export async function deleteKeys(trx: Knex.Transaction, table: string, keys: ReturnType<typeof keyArrays>): Promise<void> {
  await trx.raw(`delete from ?? t using ${KEYS_TABLE} where t.line_id = k.line_id and t.day = k.day and t.shift_code = k.shift_code`, [table, ...keys]);
}
