/**
 * The tool's filters (line log §2.5; foundations §2 "Dashboard" for the line list): the
 * department with 'Cambia reparto', the line checkboxes with 'Tutte le linee' / 'Nessuna linea',
 * and the range of days 'Data da' ... 'a' (each end takes the other along; the 366-day limit is
 * stated beside them).
 */
import { Link } from 'react-router-dom';
import { DayRangePickers } from '../../../components/DayRangePickers.js';
import type { Line } from '../../plant/index.js';
import { RANGE_HINT, type DayRange, type LineId } from '../model/filters.js';

/** Props: the department, the lines and the selection, the range and their setters. */
export interface RootCauseFiltersProps {
  shopFloorName: string;
  /** Undefined while the lines load. */
  lines: readonly Line[] | undefined;
  linesFailed: boolean;
  selected: readonly LineId[];
  onSelect(ids: LineId[]): void;
  onToggle(id: LineId, checked: boolean): void;
  range: DayRange;
  onRange(range: DayRange): void;
  /** Latest selectable day (today in Rome). */
  today: string;
  rangeMessage: string | null;
}

/** The filter card. */
export function RootCauseFilters({ shopFloorName, lines, linesFailed, selected, onSelect, onToggle, range, onRange, today, rangeMessage }: RootCauseFiltersProps) {
  const allIds = (lines ?? []).map((l) => String(l.id));
  return (
    <section className="card rca-filters" aria-label="Filtri">
      <div className="rca-department">
        <span className="rca-department-label">Reparto</span>
        <strong className="rca-department-name" data-testid="rca-shop-floor">
          {shopFloorName || '—'}
        </strong>
        <Link to="/setup" className="rca-department-change">
          Cambia reparto
        </Link>
      </div>

      <div className="rca-filter-row">
        <fieldset className="rca-lines">
          <legend className="field-label">Linee</legend>
          <div className="rca-lines-links">
            <button type="button" className="link-button" onClick={() => onSelect(allIds)} disabled={allIds.length === 0}>
              Tutte le linee
            </button>
            <button type="button" className="link-button" onClick={() => onSelect([])}>
              Nessuna linea
            </button>
          </div>
          {linesFailed ? (
            <p className="rca-hint rca-hint-error">Caricamento delle linee non riuscito.</p>
          ) : lines === undefined ? (
            <p className="rca-hint">Caricamento delle linee…</p>
          ) : lines.length === 0 ? (
            <p className="rca-hint">Nessuna linea in questo reparto.</p>
          ) : (
            <div className="rca-lines-list">
              {lines.map((line) => {
                const id = String(line.id);
                return (
                  <label key={id} className="rca-line">
                    <input type="checkbox" name="lines_id" value={id} checked={selected.includes(id)} onChange={(e) => onToggle(id, e.target.checked)} />
                    <span>{line.name}</span>
                  </label>
                );
              })}
            </div>
          )}
        </fieldset>

        <div className="rca-range">
          <DayRangePickers range={range} onChange={onRange} max={today} names={{ from: 'date_from', to: 'date_to' }} />
          <p className="rca-hint rca-range-hint" id="rca-range-hint">
            {RANGE_HINT}
          </p>
          {rangeMessage && (
            <p className="rca-hint rca-hint-error" role="alert">
              {rangeMessage}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
