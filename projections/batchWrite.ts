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

/**
 * `unnest(?::int[], ?::text[]) as v("id", "name")` and its bindings, one array literal per
 * column (arrayLiteral). A missing value is NULL; jsonb values are serialised here, because
 * the driver would otherwise read a JSON array as a nested SQL array.
 */
export function unnested(columns: Columns, rows: readonly Row[]): { sql: string; bindings: Knex.RawBinding[] } {
  const names = Object.keys(columns);
  const bindings = names.map((c) => {
    const json = columns[c] === 'jsonb';
    const values = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const v = rows[i]![c];
      values[i] = v === undefined || v === null ? null : json ? JSON.stringify(v) : v;
    }
    return arrayLiteral(values);
  });
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
  await upsert(trx, table, key, columns, rows, (c) => `excluded.${c}`);
}

/**
 * Inserts rows, or sets each non-key column of the existing row of a key to `value(column)` (an
 * expression over `excluded` and the stored row `t`), one chunk of rows per statement.
 */
async function upsert(trx: Knex.Transaction, table: string, key: readonly string[], columns: Columns, rows: readonly Row[], value: (column: string) => string): Promise<void> {
  const names = Object.keys(columns);
  const set = names.filter((c) => !key.includes(c)).map((c) => `${ident(c)} = ${value(ident(c))}`);
  await inChunks(rows, (chunk) => {
    const from = unnested(columns, chunk);
    return trx.raw(`insert into ?? as t (${list(names)}) select ${list(names)} from ${from.sql} on conflict (${list(key)}) do update set ${set.join(', ')}`, [
      table,
      ...from.bindings,
    ]);
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

/** A row's columns as the batch's events left them (`all`), and as a new row gets them (`added`, null without an add). */
interface FoldEntry {
  all: Row;
  added: Row | null;
  /** Every event reached both alike: no change came before the first add. */
  alike: boolean;
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
 * the last values of every key it did not insert. A row whose every event was an add or came
 * after its first add (what a rebuild sees) gives both alike, so those rows go in one upsert
 * that merges into an existing row, without asking which keys were there.
 */
export class EntityFold<K extends string | number> {
  private readonly entries = new Map<K, FoldEntry>();
  private readonly hasDefaults: boolean;

  constructor(
    private readonly key: string,
    private readonly columns: Columns,
    /** Values for the columns an add does not give (a new row's defaults). */
    private readonly defaults: Row = {},
  ) {
    this.hasDefaults = Object.keys(defaults).length > 0;
  }

  /** An event that inserts the row, or merges its columns into the existing one. */
  add(id: K, columns: Row): void {
    const e = this.entries.get(id);
    if (!e) {
      // `all` and `added` are the same row until a change comes before an add.
      const row = { ...columns };
      this.entries.set(id, { all: row, added: row, alike: true });
      return;
    }
    Object.assign(e.all, columns);
    if (e.added === e.all) return;
    e.added = Object.assign(e.added ?? {}, columns);
  }

  /** An event that changes columns of an existing row, and does nothing without one. */
  change(id: K, columns: Row): void {
    const e = this.entries.get(id);
    if (!e) {
      this.entries.set(id, { all: { ...columns }, added: null, alike: false });
      return;
    }
    Object.assign(e.all, columns);
    if (e.added && e.added !== e.all) Object.assign(e.added, columns);
  }

  async write(trx: Knex.Transaction, table: string): Promise<void> {
    if (this.entries.size === 0) return;
    // A row whose add and changes agree, without defaults for a new row: inserted or merged into the stored one at once.
    const merges = (e: FoldEntry) => e.alike && !this.hasDefaults;
    const merged: Row[] = [];
    const added: Row[] = [];
    for (const [id, e] of this.entries) {
      if (merges(e)) merged.push(Object.assign(e.all, { [this.key]: id }));
      else if (e.added) added.push({ ...this.defaults, ...e.added, [this.key]: id });
    }
    // Set the columns the row gives (not NULL) on a stored row, as patchRows does.
    if (merged.length > 0) await upsert(trx, table, [this.key], this.columns, merged, (c) => `coalesce(excluded.${c}, t.${c})`);
    if (merged.length === this.entries.size) return;
    const inserted = added.length > 0 ? await insertNew(trx, table, [this.key], this.columns, added) : new Set<string>();
    const existing: Row[] = [];
    for (const [id, e] of this.entries) if (!merges(e) && !inserted.has(keyOf(id))) existing.push({ ...e.all, [this.key]: id });
    if (existing.length > 0) await patchRows(trx, table, [this.key], this.columns, existing);
  }
}

/** Text that stands in an array literal as it is: digits, letters and the signs of numbers, days and ISO times. */
const PLAIN = /^[0-9A-Za-z:.+-]+$/;
/** What a quoted element of an array literal escapes. */
const QUOTED = /[\\"]/g;

/**
 * One array of a column as a PostgreSQL array literal built at once, for the columns of a big
 * batch: numbers, booleans, NULLs and text (quoted where it needs to be). The driver would
 * otherwise convert it element by element. Anything else (a Date, an object, a number that is
 * not finite) goes to the driver as the array it is.
 */
export function arrayLiteral(values: readonly unknown[]): Knex.Value {
  const parts: string[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else if (typeof v === 'number' && Number.isFinite(v)) parts[i] = String(v);
    else if (typeof v === 'boolean') parts[i] = v ? 't' : 'f';
    else if (typeof v === 'string') parts[i] = PLAIN.test(v) && v.toUpperCase() !== 'NULL' ? v : `"${v.replace(QUOTED, '\\$&')}"`;
    else return values as Knex.Value;
  }
  return `{${parts.join(',')}}`;
}
