/**
 * The spec's reusable table (foundations §2 "Daily activities"): a header click sorts and
 * toggles the direction (▲/▼ on the active column), every column has a 'Cerca...' box doing a
 * case-insensitive contains match, and an empty-state row shows when nothing remains. Written
 * once for the DBR, stop, dashboard and root-cause tables.
 */
import { useId, useMemo, useState, type Key, type ReactNode } from 'react';
import {
  cellText,
  nextSort,
  viewRowIndexes,
  type ColumnFilters,
  type ColumnModel,
  type SortKey,
  type SortValue,
} from './tableSort.js';

export type { SortDirection, SortKey, SortValue } from './tableSort.js';

/** One column: a header label, the cell's text (searched, sorted) and optionally its rendering. */
export interface Column<Row> extends ColumnModel<Row> {
  /** Header label; also names the column's search box for screen readers. */
  header: string;
  /** What the cell shows; defaults to the value's text. */
  render?: (row: Row) => ReactNode;
  /** Width in percent of the table (the spec gives them for some tables). */
  width?: number;
  /** Extra class on the header and body cells (alignment, wrapping). */
  className?: string;
}

/** Props of SortableTable. */
export interface SortableTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** Initial order, first key first; a header click makes its column the first key. */
  defaultSort?: readonly SortKey[];
  /** Sort values for keys that are not shown as columns, e.g. `id` as the last default key. */
  extraSortValues?: Readonly<Record<string, (row: Row) => SortValue>>;
  /** Text of the full-width row shown when no row passes the searches. */
  emptyMessage: ReactNode;
  /** Stable key per row; the original position otherwise. */
  rowKey?: (row: Row, index: number) => Key;
  /** Visible title of the table, e.g. 'Azioni DBR'. */
  caption?: ReactNode;
  /** Accessible name when there is no caption. */
  ariaLabel?: string;
  /** Extra class per body row (e.g. an executed action). */
  rowClassName?: (row: Row) => string | undefined;
  className?: string;
}

const NO_SORT: readonly SortKey[] = [];

function ariaSort(key: SortKey | undefined, columnId: string): 'ascending' | 'descending' | undefined {
  if (key?.column !== columnId) return undefined;
  return key.direction === 'asc' ? 'ascending' : 'descending';
}

/** A sortable, per-column searchable table; scrolls sideways on narrow screens. */
export function SortableTable<Row>({
  columns,
  rows,
  defaultSort = NO_SORT,
  extraSortValues,
  emptyMessage,
  rowKey,
  caption,
  ariaLabel,
  rowClassName,
  className,
}: SortableTableProps<Row>) {
  const baseId = useId();
  const [sort, setSort] = useState<readonly SortKey[]>(defaultSort);
  const [filters, setFilters] = useState<ColumnFilters>({});
  const order = useMemo(
    () => viewRowIndexes(rows, columns, filters, sort, extraSortValues),
    [rows, columns, filters, sort, extraSortValues],
  );
  const primary = sort[0];
  const hasWidths = columns.some((c) => c.width !== undefined);

  return (
    <div className={className ? `table-wrap ${className}` : 'table-wrap'}>
      <table className="data-table" aria-label={caption ? undefined : ariaLabel}>
        {caption && <caption className="data-table-caption">{caption}</caption>}
        {hasWidths && (
          <colgroup>
            {columns.map((c) => (
              <col key={c.id} style={c.width !== undefined ? { width: `${c.width}%` } : undefined} />
            ))}
          </colgroup>
        )}
        <thead>
          <tr>
            {columns.map((c) => {
              const direction = ariaSort(primary, c.id);
              return (
                <th key={c.id} scope="col" aria-sort={direction} className={c.className}>
                  {c.sortable === false ? (
                    <span className="data-table-label">{c.header}</span>
                  ) : (
                    <button
                      type="button"
                      className={direction ? 'sort-button is-active' : 'sort-button'}
                      onClick={() => setSort((current) => nextSort(current, c.id, defaultSort))}
                    >
                      <span>{c.header}</span>
                      <span className="sort-marker" aria-hidden="true">
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}
                      </span>
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
          <tr className="data-table-search">
            {columns.map((c) => (
              <td key={c.id} className={c.className}>
                {c.searchable !== false && (
                  <input
                    type="search"
                    id={`${baseId}-search-${c.id}`}
                    placeholder="Cerca..."
                    aria-label={`Cerca in ${c.header}`}
                    autoComplete="off"
                    value={filters[c.id] ?? ''}
                    onChange={(e) => {
                      const text = e.target.value;
                      setFilters((current) => ({ ...current, [c.id]: text }));
                    }}
                  />
                )}
              </td>
            ))}
          </tr>
        </thead>
        <tbody>
          {order.length === 0 ? (
            <tr>
              <td className="data-table-empty" colSpan={columns.length}>
                {emptyMessage}
              </td>
            </tr>
          ) : (
            order.map((index) => {
              const row = rows[index] as Row;
              return (
                <tr key={rowKey ? rowKey(row, index) : index} className={rowClassName?.(row)}>
                  {columns.map((c) => (
                    <td key={c.id} className={c.className} data-label={c.header}>
                      {c.render ? c.render(row) : cellText(c.value?.(row))}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
