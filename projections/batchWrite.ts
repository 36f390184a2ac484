import type { Knex } from 'knex';

/**
 * Helpers for applyBatch: a batch is folded in memory to one row per key, then each
 * table is written with a multi-row statement over unnest()ed arrays. One array
 * binding per column keeps every statement far below PostgreSQL's 65535 parameters,
 * whatever the batch size.
 */

/** Column name -> PostgreSQL type, which types the column's array for unnest(). */
export type Columns = Readonly<Record<string, string>>;
export type Row = Record<string, unknown>;

/** Rows per statement: bounds the size of one message, not the parameter count. */
const CHUNK = 10_000;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The driver sends a JS array as a SQL array, NULLs included; knex's binding type only lists arrays without NULL. */
const arrayBinding = (values: unknown[]) => values as Knex.Value;

/**
 * `unnest(?::int[], ?::text[]) as v("id", "name")` and its bindings, one array per
 * column. A missing value is NULL; jsonb values are serialised here, because the
 * driver would otherwise read a JSON array as a nested SQL array.
 */
export function unnested(columns: Columns, rows: readonly Row[]): { sql: string; bindings: Knex.RawBinding[] } {
  const names = Object.keys(columns);
  const bindings = names.map((c) =>
    arrayBinding(
      rows.map((r) => {
        const v = r[c];
        if (v === undefined || v === null) return null;
        return columns[c] === 'jsonb' ? JSON.stringify(v) : v;
      }),
    ),
  );
  const sql = `unnest(${names.map((c) => `?::${columns[c]}[]`).join(', ')}) as v(${names.map(ident).join(', ')})`;
  return { sql, bindings };
}

/** Writes rows a bounded number at a time; keys are unique across the rows, so chunks never overlap. */
export async function inChunks(rows: readonly Row[], write: (chunk: readonly Row[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

const list = (names: readonly string[]) => names.map(ident).join(', ');

/**
 * Inserts rows, or overwrites every column of a row whose key exists: for events that
 * carry the whole row, so the last one per key is the row. Keys must be unique.
 */
export async function upsertRows(trx: Knex.Transaction, table: string, key: readonly string[], columns: Columns, rows: readonly Row[]): Promise<void> {
  const names = Object.keys(columns);
  const set = names.filter((c) => !key.includes(c)).map((c) => `${ident(c)} = excluded.${ident(c)}`);
  await inChunks(rows, (chunk) => {
    const from = unnested(columns, chunk);
    return trx.raw(`insert into ?? (${list(names)}) select ${list(names)} from ${from.sql} on conflict (${list(key)}) do update set ${set.join(', ')}`, [table, ...from.bindings]);
  });
}

/** A row's key as insertNew reports it: the key columns' text, joined. */
export const keyOf = (...values: unknown[]) => values.map(String).join('\u0000');

/**
 * Inserts the rows whose key is not there yet and returns their keys (see keyOf);
 * existing rows stay as they are, for the caller to update.
 */
export async function insertNew(trx: Knex.Transaction, table: string, key: readonly string[], columns: Columns, rows: readonly Row[]): Promise<Set<string>> {
  const names = Object.keys(columns);
  const inserted = new Set<string>();
  // A date as ISO text whatever the session's DateStyle, so it matches the key the caller built.
  const text = (c: string) => (columns[c] === 'date' ? `to_char(${ident(c)}, 'YYYY-MM-DD')` : `${ident(c)}::text`);
  const returning = key.map((c) => `${text(c)} as ${ident(c)}`).join(', ');
  await inChunks(rows, async (chunk) => {
    const from = unnested(columns, chunk);
    const r = await trx.raw<{ rows: Row[] }>(
      `insert into ?? (${list(names)}) select ${list(names)} from ${from.sql} on conflict (${list(key)}) do nothing returning ${returning}`,
      [table, ...from.bindings],
    );
    for (const row of r.rows) inserted.add(keyOf(...key.map((c) => row[c])));
  });
  return inserted;
}

/**
 * Sets the columns a row gives on the existing row of its key; a NULL (absent) value
 * leaves the column as it is, so only for columns that are never NULL. Rows whose key
 * is not there change nothing, as an update of a missing row does.
 */
export async function patchRows(trx: Knex.Transaction, table: string, key: readonly string[], columns: Columns, rows: readonly Row[]): Promise<void> {
  const names = Object.keys(columns);
  const set = names.filter((c) => !key.includes(c)).map((c) => `${ident(c)} = coalesce(v.${ident(c)}, t.${ident(c)})`);
  const on = key.map((c) => `t.${ident(c)} = v.${ident(c)}`).join(' and ');
  await inChunks(rows, (chunk) => {
    const from = unnested(columns, chunk);
    return trx.raw(`update ?? as t set ${set.join(', ')} from ${from.sql} where ${on}`, [table, ...from.bindings]);
  });
}

/**
 * The batch's events on one table of entities that are added (insert, or merge into
 * an existing row) and then changed (update of an existing row), folded to at most
 * two statements that give exactly what applying them one at a time gives:
 * - a row that did not exist is created by its first add, so only that add and the
 *   events after it count (a change before it found no row and did nothing);
 * - a row that existed ends with every column set to the last value any event of the
 *   batch gave it.
 * Hence: one insert of the added rows that skips existing keys, then one update with
 * the last values of every key it did not insert. A rebuild, where rows are added
 * before they change, runs the insert alone.
 */
export class EntityFold<K extends string | number> {
  private readonly entries = new Map<K, { all: Row; added: Row | null }>();

  constructor(
    private readonly key: string,
    private readonly columns: Columns,
    /** Values for the columns an add does not give (a new row's defaults). */
    private readonly defaults: Row = {},
  ) {}

  /** An event that inserts the row, or merges its columns into the existing one. */
  add(id: K, columns: Row): void {
    const e = this.entry(id);
    Object.assign(e.all, columns);
    e.added = Object.assign(e.added ?? {}, columns);
  }

  /** An event that changes columns of an existing row, and does nothing without one. */
  change(id: K, columns: Row): void {
    const e = this.entry(id);
    Object.assign(e.all, columns);
    if (e.added) Object.assign(e.added, columns);
  }

  async write(trx: Knex.Transaction, table: string): Promise<void> {
    if (this.entries.size === 0) return;
    const keyed = (id: K, row: Row) => ({ ...row, [this.key]: id });
    const added = [...this.entries].filter(([, e]) => e.added).map(([id, e]) => keyed(id, { ...this.defaults, ...e.added }));
    const inserted = added.length > 0 ? await insertNew(trx, table, [this.key], this.columns, added) : new Set<string>();
    const existing = [...this.entries].filter(([id]) => !inserted.has(keyOf(id))).map(([id, e]) => keyed(id, e.all));
    if (existing.length > 0) await patchRows(trx, table, [this.key], this.columns, existing);
  }

  private entry(id: K) {
    let e = this.entries.get(id);
    if (!e) this.entries.set(id, (e = { all: {}, added: null }));
    return e;
  }
}

/** Text that stands in an array literal as it is: digits, letters and the signs of numbers, days and ISO times. */
const PLAIN = /^[0-9A-Za-z:.+-]+$/;

/**
 * One array of a column whose values are numbers, booleans, NULLs or plain text (days, ISO
 * times) as a PostgreSQL array literal built at once, for the columns of a big batch: the
 * driver would otherwise quote and escape it element by element. Anything else (text that
 * needs quoting) goes to the driver as the array it is.
 */
export function arrayLiteral(values: readonly unknown[]): Knex.Value {
  const parts: string[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else if (typeof v === 'number' && Number.isFinite(v)) parts[i] = String(v);
    else if (typeof v === 'boolean') parts[i] = v ? 't' : 'f';
    else if (typeof v === 'string' && PLAIN.test(v) && v.toUpperCase() !== 'NULL') parts[i] = v;
    else return values as Knex.Value;
  }
  return `{${parts.join(',')}}`;
}
