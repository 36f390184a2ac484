/**
 * The line log ('Registro di Linea', line log §2.1 and §2.4), one component for both roles:
 * `mode="operator"` keeps a draft with autosave and submits it; `mode="improvement"` shows only
 * confirmed reports, read-only until 'Modifica Report o Stop'. Day, shift and line live in the
 * query string (selection.ts); the report below is keyed by them, so a new choice starts clean.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CyclingSelect } from '../../../components/CyclingSelect.js';
import { DayPicker } from '../../../components/DayPicker.js';
import { formatTime, todayInRome } from '../../../lib/dates.js';
import { useLines, useUnits } from '../../plant/index.js';
import { namedOptions, useStationDefaults } from '../../station/index.js';
import { useReportLabels, useShifts, type Shift } from '../api/useLineLogPlant.js';
import { defaultShiftCode } from '../model/defaultShift.js';
import { changeDay, selectionFromQuery, selectionQuery, type LineLogSelection } from '../model/selection.js';
import { ReportVersions } from '../../history/index.js';
import { SyncStatus } from '../../offline/index.js';
import { onQueuedWriteSettled } from '../../../lib/outbox.js';
import { useOfflineWarmUp } from '../api/useOfflineWarmUp.js';
import { refreshAllStops } from '../api/useStopsByShift.js';
import { ReportEditor } from './ReportEditor.js';
import type { LineLogMode } from './texts.js';
import '../../../styles/line-log.css';

/** Props of LineLog. */
export interface LineLogProps {
  mode: LineLogMode;
}

function shiftLabel(s: Shift): string {
  return `${s.name} (${formatTime(s.start_time)}–${formatTime(s.end_time)})`;
}

/** The page: heading, the three selectors, then the report of the chosen line, day and shift. */
export function LineLog({ mode }: LineLogProps) {
  const { station, loading: stationLoading } = useStationDefaults();
  const shopFloorId = station.shopFloorId;
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => selectionFromQuery(params), [params]);
  const [today] = useState(todayInRome);
  const [editing, setEditing] = useState(false);
  const [reloads, setReloads] = useState(0);

  const lines = useLines(shopFloorId || null);
  const day = query.day ?? today;
  const shifts = useShifts(day, shopFloorId || null);
  const labels = useReportLabels(shopFloorId || null);
  const units = useUnits(shopFloorId || null);

  const lineKnown = (id: string | undefined) => !!id && !!lines.data?.some((l) => String(l.id) === id);
  const lineId = lineKnown(query.lineId) ? query.lineId! : lineKnown(station.lineId) ? station.lineId : '';
  const shiftsOfDay = shifts.data && shifts.data.every((s) => s.shift_day === day) ? shifts.data : undefined;
  const shift = shiftsOfDay?.find((s) => s.code === query.shiftCode);
  const selection: LineLogSelection = { day, shiftCode: shift?.code ?? '', lineId };
  const line = lines.data?.find((l) => String(l.id) === lineId);

  // Writes the effective choice into the query string: today, the station's line and (only when
  // no valid shift is set) the default shift, fixed once so it never flips while someone types.
  useEffect(() => {
    if (!lines.data || !shiftsOfDay) return;
    const next: LineLogSelection = { ...selection };
    if (!next.shiftCode) next.shiftCode = defaultShiftCode(shiftsOfDay, new Date()) ?? '';
    const qs = selectionQuery(next);
    if (qs === params.toString()) return undefined;
    // In a task of its own: a navigation draws the whole route again (docs/performance.md).
    const id = setTimeout(() => setParams(qs, { replace: true }), 0);
    return () => clearTimeout(id);
  }, [lines.data, shiftsOfDay, selection.day, selection.shiftCode, selection.lineId, params, setParams]);

  // Offline (docs/offline.md): the previous shift and the chats' lists are read ahead, and the
  // stop lists are read again once the queue has sent what waited (or the server refused it).
  useOfflineWarmUp(line && shift ? { shopFloorId, lineId, lineName: line.name, shift } : null);
  useEffect(() => onQueuedWriteSettled(() => void refreshAllStops()), []);

  function choose(next: LineLogSelection) {
    setEditing(false);
    setParams(selectionQuery(next), { replace: true });
  }

  const selectorsDisabled = mode === 'improvement' && editing;
  const title = mode === 'operator' ? 'Registro di Linea' : 'Registro di linea';

  return (
    <div className="page line-log" data-mode={mode}>
      <h1 className="page-title">{title}</h1>
      <SyncStatus />
      {!stationLoading && !shopFloorId && (
        <p className="line-log-notice" role="alert">
          Nessun reparto scelto: <Link to="/setup">scegli la stazione di default</Link> per compilare il registro.
        </p>
      )}
      <section className="card line-log-filters" aria-label="Giorno, turno e linea">
        <DayPicker label="Giorno" name="day" value={day} onChange={(d) => choose(changeDay(selection, d))} disabled={selectorsDisabled} />
        <CyclingSelect
          label="Turno"
          name="shift_code"
          placeholder={shifts.isLoading ? 'Caricamento…' : shiftsOfDay?.length === 0 ? 'Nessun turno' : 'Seleziona Turno'}
          options={(shiftsOfDay ?? []).map((s) => ({ value: s.code, label: shiftLabel(s) }))}
          value={selection.shiftCode}
          onChange={(code) => choose({ ...selection, shiftCode: code })}
          disabled={selectorsDisabled}
        />
        <CyclingSelect
          label="Linea"
          name="line_id"
          placeholder="Seleziona Linea"
          options={namedOptions(lines.data)}
          value={lineId}
          onChange={(id) => choose({ ...selection, lineId: id })}
          disabled={selectorsDisabled}
        />
      </section>
      {shiftsOfDay?.length === 0 && <p className="line-log-notice">Nessun turno pianificato per questo giorno.</p>}
      {line && shift && labels.data ? (
        <ReportVersions
          key={`${line.name}|${day}|${shift.code}`}
          active={mode === 'improvement'}
          editing={editing}
          reportKey={{ day, shiftCode: shift.code, lineName: line.name }}
          stops={{ shopFloorId, lineId }}
          unit={units.data?.unit1 || 'unità'}
          labels={labels.data}
        >
          <ReportEditor
            key={`${line.name}|${day}|${shift.code}|${reloads}`}
            mode={mode}
            reportKey={{ day, shiftCode: shift.code, lineName: line.name }}
            selection={selection}
            shopFloorId={shopFloorId}
            shift={shift}
            labels={labels.data}
            unit={units.data?.unit1 || 'unità'}
            today={today}
            editing={editing}
            onEditingChange={setEditing}
            onReload={() => setReloads((n) => n + 1)}
          />
        </ReportVersions>
      ) : (
        <p className="line-log-hint">
          {labels.error && shopFloorId
            ? 'Caricamento delle colonne delle note macchina non riuscito: ricarica la pagina.'
            : 'Scegli giorno, turno e linea per compilare il registro.'}
        </p>
      )}
    </div>
  );
}
