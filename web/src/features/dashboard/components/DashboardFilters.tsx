/**
 * The dashboard's filter card (foundations §2 Dashboard): lines by name, shifts chosen by name and
 * the two dates, over the state of useDashboardFilters. Used by both dashboards and by 'Analisi
 * perdite' (docs/oee.md), so every page filters alike.
 */
import { memo } from 'react';
import { DayRangePickers } from '../../../components/DayRangePickers.js';
import { groupShiftsByName } from '../model/filters.js';
import type { DashboardFilterState } from './useDashboardFilters.js';

export { useDashboardFilters, type DashboardFilterState } from './useDashboardFilters.js';

/**
 * The filter card: 'Linee' (with 'Tutte le linee' / 'Nessuna linea'), 'Turni' and 'Data da' / 'a'.
 * Drawn again only when what it shows or sets changes (the page renders at each answer of its
 * calls; the filter state's lists and setters keep their identity between those renders).
 */
export const DashboardFilters = memo(FilterCard, (a, b) => FILTER_FIELDS.every((k) => a.filters[k] === b.filters[k]));

const FILTER_FIELDS = [
  'lines',
  'selectedLines',
  'shifts',
  'shiftNames',
  'range',
  'setSelectedLines',
  'setShiftNames',
  'setRange',
] as const satisfies readonly (keyof DashboardFilterState)[];

function FilterCard({ filters: f }: { filters: DashboardFilterState }) {
  const chosenLines = f.selectedLines ?? [];
  const groups = groupShiftsByName(f.shifts);
  const toggleLine = (name: string, on: boolean) => f.setSelectedLines(on ? [...chosenLines, name] : chosenLines.filter((n) => n !== name));
  const toggleShift = (name: string, on: boolean) => f.setShiftNames(on ? [...f.shiftNames, name] : f.shiftNames.filter((n) => n !== name));
  return (
    <section className="card dashboard-filters" aria-label="Filtri">
      <fieldset className="dashboard-lines">
        <legend className="field-label">Linee</legend>
        <div className="dashboard-links">
          <button type="button" className="link-button" onClick={() => f.setSelectedLines(f.lines.map((l) => l.name))}>
            Tutte le linee
          </button>
          <button type="button" className="link-button" onClick={() => f.setSelectedLines([])}>
            Nessuna linea
          </button>
        </div>
        <div className="dashboard-checks">
          {f.lines.map((l) => (
            <label key={l.id} className="check">
              <input type="checkbox" checked={chosenLines.includes(l.name)} onChange={(e) => toggleLine(l.name, e.target.checked)} />
              {l.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="dashboard-shifts">
        <legend className="field-label">Turni</legend>
        <div className="dashboard-checks">
          {groups.map((g) => (
            <label key={g.name} className="check">
              <input type="checkbox" checked={f.shiftNames.includes(g.name)} onChange={(e) => toggleShift(g.name, e.target.checked)} />
              {g.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="dashboard-dates">
        <DayRangePickers range={f.range} onChange={f.setRange} />
      </div>
    </section>
  );
}
