/**
 * The spec's reusable table (foundations §2 "Daily activities"): a header click sorts and
 * toggles the direction (▲/▼ on the active column), every column has a 'Cerca...' box doing a
 * case-insensitive contains match, and an empty-state row shows when nothing remains. Written
 * once for the DBR, stop, dashboard and root-cause tables.
 *
 * Below tablet width (600px) every table is one card per row, each cell under its column's
 * label, so editable fields and actions stay in view instead of scrolling sideways; an 'Ordina
 * per' select replaces the headers and the searches fold away behind a 'Cerca' button.
 */
import { useId, useMemo, useState, type Key, type ReactNode } from 'react';
import { downloadCsv, italianCsv, type CsvValue } from '../lib/csv.js';
import { cellText, nextSort, viewRowIndexes, type ColumnFilters, type ColumnModel, type SortKey, type SortValue } from './tableSort.js';

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
  /** False shows the cell on a phone card without its column label (an action button). */
  cardLabel?: boolean;
  /** The cell in the CSV export (a number for a figure); defaults to the value's text. False leaves the column out. */
  csv?: ((row: Row) => CsvValue) | false;
}

/** The table's 'Esporta CSV': the file's name and the page's filters written above the rows. */
export interface CsvExport {
  fileName: string;
  filters?: readonly (readonly [string, string])[];
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
  /** Offers the rows on screen (after the searches, in the order shown) as an Italian Excel CSV. */
  csv?: CsvExport;
}

const NO_SORT: readonly SortKey[] = [];

function exportCsv<Row>(csv: CsvExport, columns: readonly Column<Row>[], rows: readonly Row[]): void {
  // Columns with neither a CSV cell nor a value (buttons) are left out.
  const shown = columns.filter((c) => c.csv !== false && (c.csv || c.value));
  const cell = (c: Column<Row>, r: Row): CsvValue => (c.csv ? c.csv(r) : cellText(c.value?.(r)));
  downloadCsv(
    csv.fileName,
    italianCsv(
      csv.filters ?? [],
      shown.map((c) => c.header),
      rows.map((r) => shown.map((c) => cell(c, r))),
    ),
  );
}

function ariaSort(key: SortKey | undefined, columnId: string): 'ascending' | 'descending' | undefined {
  if (key?.column !== columnId) return undefined;
  return key.direction === 'asc' ? 'ascending' : 'descending';
}

const sortOptionValue = (key: SortKey | undefined) => (key ? `${key.column}:${key.direction}` : '');

/** A sortable, per-column searchable table; below tablet width one card per row. */
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
  csv,
}: SortableTableProps<Row>) {
  const baseId = useId();
  const [sort, setSort] = useState<readonly SortKey[]>(defaultSort);
  const [filters, setFilters] = useState<ColumnFilters>({});
  const [searchOpen, setSearchOpen] = useState(false);
  const activeSearches = Object.values(filters).filter((f) => f.trim() !== '').length;
  // The phone's search toggle; its name adds the table's, so two tables' toggles are told apart.
  const searchText = searchOpen ? 'Chiudi ricerca' : activeSearches > 0 ? `Cerca (${activeSearches})` : 'Cerca';
  const order = useMemo(() => viewRowIndexes(rows, columns, filters, sort, extraSortValues), [rows, columns, filters, sort, extraSortValues]);
  const primary = sort[0];
  const hasWidths = columns.some((c) => c.width !== undefined);

  const wrapClass = ['table-wrap', 'table-cards', className ?? ''].filter(Boolean).join(' ');
  const sortable = columns.filter((c) => c.sortable !== false);
  const searchable = columns.some((c) => c.searchable !== false);

  return (
    <div className={wrapClass} data-search-open={searchOpen ? 'true' : undefined}>
      <div className="table-phone-tools">
        {sortable.length > 0 && (
          <label className="table-sort-select">
            <span>Ordina per</span>
            <select
              value={sortOptionValue(primary)}
              onChange={(e) => {
                const [column, direction] = e.target.value.split(':') as [string, 'asc' | 'desc'];
                if (column) setSort([{ column, direction }, ...defaultSort.filter((k) => k.column !== column)]);
              }}
            >
              {!primary && <option value="">Ordine predefinito</option>}
              {primary && !sortable.some((c) => c.id === primary.column) && <option value={sortOptionValue(primary)}>Ordine predefinito</option>}
              {sortable.flatMap((c) => [
                <option key={`${c.id}:asc`} value={`${c.id}:asc`}>
                  {c.header} ▲ crescente
                </option>,
                <option key={`${c.id}:desc`} value={`${c.id}:desc`}>
                  {c.header} ▼ decrescente
                </option>,
              ])}
            </select>
          </label>
        )}
        {searchable && (
          <button
            type="button"
            className="table-search-toggle"
            aria-expanded={searchOpen}
            aria-controls={`${baseId}-search`}
            aria-label={ariaLabel ? `${searchText} – ${ariaLabel}` : undefined}
            onClick={() => setSearchOpen((o) => !o)}
          >
            {searchText}
          </button>
        )}
      </div>
      {csv && (
        <div className="table-export">
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              exportCsv(
                csv,
                columns,
                order.map((i) => rows[i]!),
              )
            }
          >
            Esporta CSV
          </button>
        </div>
      )}
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
                      title={`Ordina per ${c.header}`}
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
          <tr className="data-table-search" id={`${baseId}-search`}>
            {columns.map((c) => (
              <td key={c.id} className={c.className} data-label={c.searchable !== false ? c.header : undefined}>
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
                    <td key={c.id} className={c.className} data-label={c.cardLabel === false ? undefined : c.header || undefined}>
                      {/* One wrapper, so a phone card keeps a rendered cell's pieces together beside its label. */}
                      {c.render ? <div className="data-table-cell">{c.render(row)}</div> : cellText(c.value?.(row))}
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
