/**
 * 'Come inviato' / 'Attuale' on the improvement line log (docs/audit.md). 'Attuale' is the page as
 * always (its children); 'Come inviato' lays the log as the operator submitted it (read with
 * as_of = the submission's time, from the history) beside the current one, marking each field that
 * differs. An admin can also pick any moment ('Al momento').
 */
import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import type { QueryValue } from '../../../lib/api.js';
import type { PlannedStop, UnplannedStop } from '../../../lib/stops.js';
import { useMe } from '../../auth/index.js';
import { reportHistory, useHistory } from '../api/history.js';
import { formatAt } from '../model/timeline.js';
import { compareVersions, submissionTime, type LineLogVersion, type ReportFields } from '../model/versions.js';
import '../../../styles/history.css';

export interface ReportVersionsProps {
  /** False: the children alone (the operator's page). */
  active: boolean;
  /** While the report is being edited the choice is hidden and the page is 'Attuale'. */
  editing: boolean;
  reportKey: { day: string; shiftCode: string; lineName: string };
  stops: { shopFloorId: string; lineId: string };
  unit: string;
  labels: readonly string[];
  children: ReactNode;
}

type View = 'current' | 'submitted' | 'moment';

/** The line log at `asOf` (null: now), through the same calls the page reads. */
function useVersion(props: ReportVersionsProps, asOf: string | null): { data: LineLogVersion | null; error: unknown } {
  const k = props.reportKey;
  const at: Record<string, QueryValue> = asOf ? { as_of: asOf } : {};
  const stopQuery = { shop_floor_id: props.stops.shopFloorId, lines_id: [props.stops.lineId], shift_code: k.shiftCode, day: k.day, ...at };
  const report = useSWR<ReportFields>(['/factory/shift_notes', { day: k.day, shift_code: k.shiftCode, line_name: k.lineName, confirmed_only: 'true', ...at }]);
  const unplanned = useSWR<UnplannedStop[]>(['/factory/stop_events/unplanned_by_shift', stopQuery]);
  const planned = useSWR<PlannedStop[]>(['/factory/stop_events/planned_by_shift', stopQuery]);
  const data = report.data && unplanned.data && planned.data ? { report: report.data, unplanned: unplanned.data, planned: planned.data } : null;
  return { data, error: report.error ?? unplanned.error ?? planned.error };
}

function Comparison(props: ReportVersionsProps & { asOf: string; thenTitle: string }) {
  const then = useVersion(props, props.asOf);
  const now = useVersion(props, null);
  if (then.error || now.error) return <p className="line-log-notice">Caricamento del confronto non riuscito: riprova più tardi.</p>;
  if (!then.data || !now.data) return <p className="line-log-hint">Caricamento del confronto…</p>;
  const rows = compareVersions(then.data, now.data, { unit: props.unit, labels: props.labels });
  const differing = rows.filter((r) => r.differs).length;
  return (
    <section className="card versions-card" aria-label="Confronto delle versioni">
      <p className="versions-summary">
        {differing === 0 ? 'Nessuna differenza: il registro è come allora.' : `${differing} ${differing === 1 ? 'campo diverso' : 'campi diversi'}, evidenziati.`}
      </p>
      <table className="versions-table">
        <thead>
          <tr>
            <th scope="col">Campo</th>
            <th scope="col">{props.thenTitle}</th>
            <th scope="col">Attuale</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr
              key={`${r.group}|${r.label}`}
              className={r.differs ? 'versions-row is-different' : 'versions-row'}
              data-group-start={i === 0 || rows[i - 1]!.group !== r.group ? 'true' : undefined}
            >
              <th scope="row">
                <span className="versions-group">{r.group}</span>
                <span className="versions-label">{r.label}</span>
                {r.differs && <span className="versions-flag">Diverso</span>}
              </th>
              <td data-title={props.thenTitle}>{r.then}</td>
              <td data-title="Attuale">{r.now}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function ReportVersions(props: ReportVersionsProps) {
  const [view, setView] = useState<View>('current');
  const [moment, setMoment] = useState('');
  const me = useMe();
  const history = useHistory(props.active && !props.editing && view === 'submitted' ? reportHistory(props.reportKey) : null);
  if (!props.active || props.editing) return <>{props.children}</>;
  const isAdmin = (me.data?.role ?? me.data?.username) === 'admin';
  const submittedAt = history.data ? submissionTime(history.data) : undefined;

  return (
    <>
      <div className="versions-bar" role="group" aria-label="Versione del registro">
        <button type="button" className="button button-secondary" aria-pressed={view === 'current'} onClick={() => setView('current')}>
          Attuale
        </button>
        <button type="button" className="button button-secondary" aria-pressed={view === 'submitted'} onClick={() => setView('submitted')}>
          Come inviato
        </button>
        {isAdmin && (
          <label className="versions-moment">
            <span>Al momento</span>
            <input
              type="datetime-local"
              step={1}
              value={moment}
              onChange={(e) => {
                setMoment(e.target.value);
                setView(e.target.value ? 'moment' : 'current');
              }}
            />
          </label>
        )}
      </div>
      {view === 'current' && props.children}
      {view === 'submitted' &&
        (submittedAt === undefined ? (
          <p className="line-log-hint">{history.error ? 'Caricamento dello storico non riuscito.' : 'Caricamento dello storico…'}</p>
        ) : submittedAt === null ? (
          <p className="line-log-notice">Il report non è stato inviato da un operatore: non c’è una versione inviata da confrontare.</p>
        ) : (
          <Comparison {...props} asOf={submittedAt} thenTitle={`Come inviato (${formatAt(submittedAt)})`} />
        ))}
      {view === 'moment' && moment && <Comparison {...props} asOf={moment} thenTitle={`Al ${formatAt(moment.length === 16 ? `${moment}:00` : moment)}`} />}
    </>
  );
}
