import type { Knex } from 'knex';
import type { Columns } from './batchWrite.js';

/**
 * A read model's columns, declared once: its table (the knex builder of `tables`), the
 * SQL types its batch statements cast their arrays to (unnested(), upsertRows()) and the
 * TypeScript type of the rows it writes all come from the same list, so they cannot
 * disagree. Keys that span columns (composite primary keys, uniques, indexes) stay beside
 * the table, in the builder's `extra`.
 */

/** The PostgreSQL types the read models use, each with the value a projection writes into it. */
interface SqlValues {
  int: number;
  bigint: number;
  text: string;
  boolean: boolean;
  /** An ISO day. */
  date: string;
  /** An ISO instant. */
  timestamptz: string;
  'double precision': number;
  numeric: number;
  jsonb: unknown;
  /** Arrays: written by statements of their own (unnested() and upsertRows() take scalars). */
  'int[]': number[];
  'double precision[]': number[];
}
type SqlType = keyof SqlValues;

interface ColumnOptions {
  nullable: boolean;
  primary?: boolean;
  unique?: boolean;
  index?: boolean;
  defaultTo?: unknown;
  /** For numeric: precision and scale, null for an unconstrained numeric. */
  precision?: readonly [number | null, number?];
}

/** One column: its SQL type, whether it may be NULL, and what knex declares on it alone. */
export class Column<S extends SqlType = SqlType, N extends boolean = boolean> {
  constructor(
    readonly type: S,
    readonly options: ColumnOptions & { nullable: N },
  ) {}

  nullable(): Column<S, true> {
    return new Column(this.type, { ...this.options, nullable: true });
  }

  /** The table's primary key on this column alone (NOT NULL by the key). */
  primary(): Column<S, N> {
    return new Column(this.type, { ...this.options, primary: true });
  }

  unique(): Column<S, N> {
    return new Column(this.type, { ...this.options, unique: true });
  }

  index(): Column<S, N> {
    return new Column(this.type, { ...this.options, index: true });
  }

  defaultTo(value: SqlValues[S]): Column<S, N> {
    return new Column(this.type, { ...this.options, defaultTo: value });
  }

  /** Adds the column to a table being created. */
  declare(t: Knex.CreateTableBuilder, name: string): void {
    const o = this.options;
    const c = BUILDERS[this.type](t, name, o.precision);
    if (o.primary) c.primary();
    else if (o.nullable) c.nullable();
    else c.notNullable();
    if (o.defaultTo !== undefined) c.defaultTo(o.defaultTo as Knex.Value);
    if (o.unique) c.unique();
    if (o.index) c.index();
  }
}

const BUILDERS: Record<SqlType, (t: Knex.CreateTableBuilder, name: string, precision?: ColumnOptions['precision']) => Knex.ColumnBuilder> = {
  int: (t, n) => t.integer(n),
  bigint: (t, n) => t.bigInteger(n),
  text: (t, n) => t.text(n),
  boolean: (t, n) => t.boolean(n),
  date: (t, n) => t.date(n),
  timestamptz: (t, n) => t.timestamp(n, { useTz: true }),
  'double precision': (t, n) => t.double(n),
  numeric: (t, n, p) => t.decimal(n, p?.[0] ?? null, p?.[1]),
  jsonb: (t, n) => t.jsonb(n),
  'int[]': (t, n) => t.specificType(n, 'int[]'),
  'double precision[]': (t, n) => t.specificType(n, 'double precision[]'),
};

const column = <S extends SqlType>(type: S, precision?: ColumnOptions['precision']) => new Column(type, { nullable: false, precision });

/** NOT NULL unless told `.nullable()`. */
export const int = () => column('int');
export const bigint = () => column('bigint');
export const text = () => column('text');
export const boolean = () => column('boolean');
export const date = () => column('date');
export const timestamptz = () => column('timestamptz');
export const double = () => column('double precision');
export const jsonb = () => column('jsonb');
export const intArray = () => column('int[]');
export const doubleArray = () => column('double precision[]');
/** `numeric(precision, scale)`; `numeric(null)` for exact values of any size. */
export const numeric = (precision: number | null, scale?: number) => column('numeric', [precision, scale]);

export type ColumnList = Readonly<Record<string, Column>>;

/** The row a projection writes into a table of these columns. */
export type RowOf<T extends { list: ColumnList } | ColumnList> = T extends { list: infer L extends ColumnList } ? RowOfList<L> : RowOfList<T & ColumnList>;
type RowOfList<L extends ColumnList> = { -readonly [K in keyof L]: L[K] extends Column<infer S, infer N> ? (N extends true ? SqlValues[S] | null : SqlValues[S]) : never };

/** A read model's table, from its column list. */
export interface TableColumns<L extends ColumnList> {
  readonly list: L;
  /** Column name -> SQL type, for unnested(), upsertRows() and the other batch writes. */
  readonly columns: Columns;
  readonly names: ReadonlyArray<keyof L & string>;
  /** The columns' defaults, for a statement that writes every column of a new row. */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** The builder for the projection's `tables`, `extra` declaring keys that span columns and indexes. */
  table(extra?: (t: Knex.CreateTableBuilder) => void): (t: Knex.CreateTableBuilder) => void;
  /** The SQL types of some of the columns (a statement's keys), in the order given. */
  pick(...names: Array<keyof L & string>): Columns;
}

export function defineColumns<const L extends ColumnList>(list: L): TableColumns<L> {
  const names = Object.keys(list) as Array<keyof L & string>;
  const pick = (...picked: Array<keyof L & string>): Columns => Object.fromEntries(picked.map((n) => [n, list[n]!.type]));
  return {
    list,
    columns: pick(...names),
    names,
    defaults: Object.fromEntries(names.filter((n) => list[n]!.options.defaultTo !== undefined).map((n) => [n, list[n]!.options.defaultTo])),
    table: (extra) => (t) => {
      for (const n of names) list[n]!.declare(t, n);
      extra?.(t);
    },
    pick,
  };
}
