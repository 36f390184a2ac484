/**
 * The unplanned stops behind one Pareto bar: the stop list call for the page's lines, dates and
 * shifts, by code when they cover whole codes (a shift's bar: that shift only), narrowed to the bar's stop code, failure mode or
 * machine, in the dashboard's stop table.
 */
import { useEffect, useRef } from 'react';
import { UnplannedStopsHistory, type DashboardQuery } from '../../dashboard/index.js';
import { BAR_STOPS_LIMIT, useStopsOf } from '../api/oeeApi.js';
import { minutes, stopsOfBar, type ParetoBar, type ParetoBy } from '../model/oee.js';
import { formatNumber } from '../../../lib/numbers.js';

interface Props {
  query: DashboardQuery;
  shifts: readonly { id: number; name: string }[];
  by: ParetoBy;
  bar: ParetoBar;
  onClose: () => void;
  /** The page's filters and the bar, written above the CSV export's rows. */
  csvFilters: [string, string][];
}

export function BarStops({ query, shifts, by, bar, onClose, csvFilters }: Props) {
  const only = by === 'shift' ? { code: bar.key, ids: shifts.filter((s) => s.name === bar.key && query.shiftIds.includes(s.id)).map((s) => s.id) } : undefined;
  const list = useStopsOf(query, only);
  const stops = stopsOfBar(list.data ?? [], by, bar.key);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.scrollIntoView({ block: 'nearest' }), [bar.key]);
  return (
    <div className="oee-bar-stops" ref={ref} role="region" aria-label={`Fermate di ${bar.label}`}>
      <div className="oee-bar-stops-head">
        <h3>
          {bar.label || '(senza nome)'}: {bar.count === 1 ? '1 fermata' : `${formatNumber(bar.count)} fermate`}, {minutes(bar.minutes)} min
        </h3>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Chiudi
        </button>
      </div>
      {list.isLoading ? (
        <p role="status">Caricamento degli stop...</p>
      ) : (
        <>
          {(list.data?.length ?? 0) >= BAR_STOPS_LIMIT && (
            <p role="status">Cercate tra i primi {formatNumber(BAR_STOPS_LIMIT)} stop del periodo: restringi le date per vederli tutti.</p>
          )}
          <UnplannedStopsHistory stops={stops} csv={{ fileName: 'fermate', filters: csvFilters }} />
        </>
      )}
    </div>
  );
}
