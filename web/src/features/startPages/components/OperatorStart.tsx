/**
 * /operatore (docs/start-pages.md): today's shifts of the station's line, each with its report's
 * state and stops and a link to its line log, then the line's DBR actions still to do today.
 */
import { Link } from 'react-router-dom';
import { formatItalianDate, formatTime } from '../../../lib/dates.js';
import { useOperatorDay } from '../api/startPages.js';
import { loadStatus, REPORT_STATE_TEXT, reportHref, stopsText } from '../model/startLinks.js';
import { StartSection } from './StartSection.js';

const DAILY = '/daily-routine-operatore';

export function OperatorStart({ shopFloorId, lineId }: { shopFloorId: string; lineId: string }) {
  const day = useOperatorDay(shopFloorId, lineId);
  const { data } = day;
  const status = loadStatus(day);
  const shifts = data?.shifts ?? [];
  const actions = data?.dbr_actions.open ?? [];
  return (
    <>
      {data && (
        <p className="start-context">
          {data.line_name} · oggi, {formatItalianDate(data.day)}
        </p>
      )}
      <div className="start-grid">
        <StartSection
          title="Turni di oggi"
          total={shifts.length}
          status={status}
          empty="Nessun turno pianificato per oggi."
          full={{ to: '/report-operatore', text: 'Apri il Registro di Linea' }}
          items={shifts.map((s) => (
            <li key={s.id} className="start-item" data-report={s.report}>
              <Link to={reportHref('operator', s.shift_day, s.code, data!.line_id)}>
                {s.name} ({formatTime(s.start_time)}–{formatTime(s.end_time)})
              </Link>
              <span className={`start-badge is-${s.report}`}>Report: {REPORT_STATE_TEXT[s.report]}</span>
              <span className="start-detail">{stopsText(s.planned_stops, s.unplanned_stops)}</span>
            </li>
          ))}
        />
        <StartSection
          title="Azioni DBR da fare oggi"
          total={actions.length}
          status={status}
          empty={data && data.dbr_actions.total > 0 ? 'Tutte le azioni DBR di oggi sono eseguite.' : 'Nessuna azione DBR per oggi.'}
          full={{ to: DAILY, text: 'Apri Attività giornaliere' }}
          items={actions.map((a) => (
            <li key={a.id} className="start-item">
              <Link to={DAILY}>{a.activity}</Link>
              <span className="start-detail">
                {a.due_shift_name ?? 'Fine gg'}
                {a.equipment_name ? ` · ${a.equipment_name}` : ''} · {a.owner}
              </span>
            </li>
          ))}
        />
      </div>
    </>
  );
}
