/**
 * The Root Cause Tool's screen below its heading (line log §2.5): filters, then the list of
 * unplanned stops with an analysis per stop. The lines come from the default station's shop
 * floor, the default line is preselected, the range defaults to the last 30 days; with no line
 * selected the list is empty and nothing is asked of the server.
 */
import { useEffect, useMemo, useState } from 'react';
import { formatItalianDate, todayInRome } from '../../../lib/dates.js';
import { useLines } from '../../plant/index.js';
import { useUnplannedStops, type UnplannedStop } from '../api/unplannedStops.js';
import { buildUnplannedStopsQuery, defaultDateRange, initialLineSelection, rangeProblem, toggleLine, type DayRange, type LineId } from '../model/filters.js';
import { RootCauseFilters } from './RootCauseFilters.js';
import { RootCausePanel } from './RootCausePanel.js';
import { EMPTY_MESSAGE, UnplannedStopsTable } from './UnplannedStopsTable.js';
import { useRootCauseAutosave } from './useRootCauseAutosave.js';

/** Props: the default station's shop floor and line, the user (keys the drafts) and the right to edit. */
export interface RootCauseToolProps {
  shopFloorId: string;
  shopFloorName: string;
  defaultLineId: string;
  username: string;
  canEdit: boolean;
  /** A stop to open at once (the support start page's link): its day and line are shown, its analysis opened. */
  focus?: RootCauseFocus | null;
}

/** `?stop=&day=&line_id=` of the page, read by the page. */
export interface RootCauseFocus {
  stopId: number;
  day: string;
  lineId: string;
}

const NO_STOPS: readonly UnplannedStop[] = [];

/** Filters and table; render with `key={username}` so another user starts afresh. */
export function RootCauseTool({ shopFloorId, shopFloorName, defaultLineId, username, canEdit, focus = null }: RootCauseToolProps) {
  const [today] = useState(() => todayInRome());
  const [range, setRange] = useState<DayRange>(() => (focus ? { from: focus.day, to: focus.day } : defaultDateRange(today)));
  const [chosen, setChosen] = useState<LineId[] | null>(focus ? [focus.lineId] : null);
  const { data: lines, error: linesError } = useLines(shopFloorId);
  const lineOrder = useMemo(() => (lines ?? []).map((l) => String(l.id)), [lines]);

  useEffect(() => {
    if (linesError) console.error('Caricamento delle linee non riuscito', linesError);
  }, [linesError]);

  // Until the user touches the list, the selection is the default line once the lines are known.
  const selected = chosen ?? (lines ? initialLineSelection(lineOrder, defaultLineId) : []);
  const problem = rangeProblem(range);
  const query = buildUnplannedStopsQuery({ shopFloorId, range, lineIds: selected });
  const { data, error, isLoading } = useUnplannedStops(query);
  const stops = query ? (data ?? NO_STOPS) : NO_STOPS;
  const store = useRootCauseAutosave(stops, username);
  const readOnly = !canEdit || store.forbidden !== null;
  // The panel follows the listed stop, so a save shows there at once; a stop filtered away closes it.
  const [analysedId, setAnalysedId] = useState<number | null>(focus?.stopId ?? null);
  const analysed = analysedId === null ? null : (stops.find((s) => s.id === analysedId) ?? null);

  const emptyMessage = query && error && !data ? 'Caricamento degli stop non riuscito.' : query && isLoading && !data ? 'Caricamento…' : EMPTY_MESSAGE;

  return (
    <>
      <RootCauseFilters
        shopFloorName={shopFloorName}
        lines={linesError ? [] : lines}
        linesFailed={!!linesError}
        selected={selected}
        onSelect={setChosen}
        onToggle={(id, checked) => setChosen(toggleLine(selected, id, checked, lineOrder))}
        range={range}
        onRange={setRange}
        today={today}
        rangeMessage={problem}
      />
      {!canEdit && (
        <p className="rca-note" data-testid="rca-readonly">
          Sola consultazione: causa radice e soluzione sono inserite dal supporto operativo.
        </p>
      )}
      {store.forbidden && (
        <p className="form-error" role="alert">
          {store.forbidden}
        </p>
      )}
      <UnplannedStopsTable
        stops={stops}
        store={store}
        readOnly={readOnly}
        emptyMessage={emptyMessage}
        busy={!!query && isLoading}
        onAnalyse={(s) => setAnalysedId(s.id)}
        csv={{
          fileName: 'root-cause',
          filters: [
            ['Reparto', shopFloorName],
            [
              'Linee',
              (lines ?? [])
                .filter((l) => selected.includes(String(l.id) as LineId))
                .map((l) => l.name)
                .join(', '),
            ],
            ['Dal', formatItalianDate(range.from)],
            ['Al', formatItalianDate(range.to)],
          ],
        }}
      />
      <RootCausePanel stop={analysed} store={store} readOnly={readOnly} onClose={() => setAnalysedId(null)} />
    </>
  );
}
