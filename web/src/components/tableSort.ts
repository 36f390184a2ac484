/**
 * The pure half of SortableTable: cell comparison, the filter-then-sort pipeline and the header
 * click rule. Kept free of React so the spec's ordering rules (foundations §2 "Daily activities",
 * line log §9) are unit tested in node, and so pages can reuse the order outside a table.
 */

/** What a column sorts on; null and undefined behave as an empty text. */
export type SortValue = string | number | null | undefined;

/** Ascending or descending. */
export type SortDirection = 'asc' | 'desc';

/** One key of a (multi-key) sort: a column id, or a key of the table's extra sort accessors. */
export interface SortKey {
  column: string;
  direction: SortDirection;
}

/** Per column search text, by column id; blank entries filter nothing. */
export type ColumnFilters = Readonly<Record<string, string>>;

/** The part of a column the pipeline needs (SortableTable's Column extends it). */
export interface ColumnModel<Row> {
  id: string;
  /** The cell as plain text: what the search box matches and, without sortValue, what sorts. */
  value?: (row: Row) => SortValue;
  /** A different sort value, e.g. the ISO date behind a dd/mm/yyyy cell. */
  sortValue?: (row: Row) => SortValue;
  /** False leaves the column out of the search (action buttons). Default true. */
  searchable?: boolean;
  /** False makes the header a plain label. Default true. */
  sortable?: boolean;
}

/** Digits per number once padded; longer numbers are left as they are. */
const PAD_WIDTH = 15;

/** The text of a cell value, as displayed and searched. */
export function cellText(value: SortValue): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * The sort key of a text: lower case, every run of digits zero-padded, so '9 min' sorts before
 * '10 min' and '08:05' before '14:30' (the spec: numbers are compared as zero-padded strings).
 */
export function paddedSortKey(text: string): string {
  return text.toLocaleLowerCase('it').replace(/\d+/g, (digits) => digits.padStart(PAD_WIDTH, '0'));
}

/** Italian collation, made once: `localeCompare(x, 'it')` builds a collator at every call (about 20 µs, thousands of calls to sort a table). */
let italian: Intl.Collator | null = null;

/**
 * Compares two cell values ascending. Two numbers compare numerically (decimals included);
 * anything else compares as text with its numbers zero-padded, case-insensitively, in Italian
 * collation. Empty values come first.
 */
export function compareCells(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b)) {
    return a === b ? 0 : a < b ? -1 : 1;
  }
  const left = cellText(a);
  const right = cellText(b);
  if (left === '' || right === '') return left === right ? 0 : left === '' ? -1 : 1;
  italian ??= new Intl.Collator('it');
  return Math.sign(italian.compare(paddedSortKey(left), paddedSortKey(right)));
}

/** Case-insensitive "contains", ignoring blanks around the query. */
export function matchesSearch(text: string, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('it');
  return needle === '' || text.toLocaleLowerCase('it').includes(needle);
}

type Accessor<Row> = (row: Row) => SortValue;

function sortAccessor<Row>(columnId: string, columns: readonly ColumnModel<Row>[], extra: Readonly<Record<string, Accessor<Row>>>): Accessor<Row> | undefined {
  const column = columns.find((c) => c.id === columnId);
  if (column) return column.sortValue ?? column.value;
  return extra[columnId];
}

/**
 * The indexes of `rows` that pass every column search, in display order: sorted by the keys in
 * turn, ties keeping the original order. Keys naming no column (nor extra accessor) are ignored.
 */
export function viewRowIndexes<Row>(
  rows: readonly Row[],
  columns: readonly ColumnModel<Row>[],
  filters: ColumnFilters,
  sort: readonly SortKey[],
  extraSortValues: Readonly<Record<string, Accessor<Row>>> = {},
): number[] {
  const active = columns.filter((c) => c.searchable !== false && (filters[c.id] ?? '').trim() !== '');
  const kept: number[] = [];
  rows.forEach((row, index) => {
    if (active.every((c) => matchesSearch(cellText(c.value?.(row)), filters[c.id] ?? ''))) kept.push(index);
  });
  const keys = sort.flatMap((key) => {
    const accessor = sortAccessor(key.column, columns, extraSortValues);
    return accessor ? [{ accessor, sign: key.direction === 'desc' ? -1 : 1 }] : [];
  });
  if (keys.length === 0) return kept;
  // Each row's sort values are read and keyed once, not at every comparison (compareCells's order).
  const cells = keys.map(({ accessor, sign }) => ({ sign, values: rows.map((row) => sortCell(accessor(row))) }));
  return kept.sort((i, j) => {
    for (const { sign, values } of cells) {
      const order = compareSortCells(values[i]!, values[j]!);
      if (order !== 0) return order * sign;
    }
    return i - j;
  });
}

/**
 * A cell value as compareCells compares it: its number (when finite) and its padded text; `shape`,
 * for printable ASCII, is the text with every digit as 0.
 */
interface SortCell {
  number: number | null;
  key: string;
  shape: string | null;
}

function sortCell(value: SortValue): SortCell {
  const text = cellText(value);
  const key = text === '' ? '' : paddedSortKey(text);
  return { number: typeof value === 'number' && Number.isFinite(value) ? value : null, key, shape: /^[\x20-\x7e]*$/.test(key) ? key.replace(/[0-9]/g, '0') : null };
}

/**
 * compareCells over prepared cells. Two texts of the same shape (ISO times and dates, codes such as
 * 'L1-007') differ first at a digit, where Italian collation and code units agree: compared
 * directly, without the collator (whose first use in a page loads its locale data).
 */
function compareSortCells(a: SortCell, b: SortCell): number {
  if (a.number !== null && b.number !== null) return a.number === b.number ? 0 : a.number < b.number ? -1 : 1;
  if (a.key === '' || b.key === '') return a.key === b.key ? 0 : a.key === '' ? -1 : 1;
  if (a.shape !== null && a.shape === b.shape) return a.key === b.key ? 0 : a.key < b.key ? -1 : 1;
  italian ??= new Intl.Collator('it');
  return Math.sign(italian.compare(a.key, b.key));
}

/** The rows the table shows, in order: see viewRowIndexes. */
export function applyTableView<Row>(
  rows: readonly Row[],
  columns: readonly ColumnModel<Row>[],
  filters: ColumnFilters,
  sort: readonly SortKey[],
  extraSortValues?: Readonly<Record<string, Accessor<Row>>>,
): Row[] {
  return viewRowIndexes(rows, columns, filters, sort, extraSortValues).map((i) => rows[i] as Row);
}

/**
 * The sort after a click on a header: the clicked column becomes the first key, ascending, or
 * flips direction if it already was first; the default keys follow as tie-breakers, so clicking
 * 'Attività' still keeps equal activities in the spec's default order.
 */
export function nextSort(current: readonly SortKey[], columnId: string, defaults: readonly SortKey[]): SortKey[] {
  const first = current[0];
  const direction: SortDirection = first?.column === columnId && first.direction === 'asc' ? 'desc' : 'asc';
  return [{ column: columnId, direction }, ...defaults.filter((k) => k.column !== columnId)];
}
