/**
 * /miglioramento (docs/start-pages.md): on the station's shop floor over the last 14 days, the
 * reports to review, the unplanned stops without a root cause, the overdue DBR actions and the
 * stops the machines detected that past shifts left unclassified, each a link to where it is done.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDayMonth, formatItalianDate, formatTime } from '../../../lib/dates.js';
import { useSupportQueue, type Bounded } from '../api/startPages.js';
import { classifyDetectedHref, dbrPageHref, detectedStopLogHref, loadStatus, reportHref, rootCauseHref } from '../model/startLinks.js';
import { StartSection } from './StartSection.js';

/** A list's words: its title, what it says when empty, and the page that holds them all. */
interface ListWords {
  title: string;
  empty: string;
  full: { to: string; text: string };
}

const WORDS = {
  reports: { title: 'Report da rivedere', empty: 'Nessun report da rivedere.', full: { to: '/report-miglioramento', text: 'Apri il Registro di linea' } },
  stops: { title: 'Stop senza causa radice', empty: 'Nessuno stop senza causa radice.', full: { to: '/rca-miglioramento', text: 'Apri il Root Cause Tool' } },
  actions: { title: 'Azioni DBR scadute', empty: 'Nessuna azione DBR scaduta.', full: { to: '/azioni-dbr-miglioramento', text: 'Apri le Azioni DBR' } },
  detected: {
    title: 'Fermi rilevati non classificati',
    empty: 'Nessun fermo rilevato da classificare nei turni passati.',
    full: { to: '/report-miglioramento', text: 'Apri il Registro di linea' },
  },
} satisfies Record<string, ListWords>;

/** How an item reads: a link to where it is done, its details, and maybe a second link. */
interface ItemView {
  to: string;
  text: ReactNode;
  detail: ReactNode;
  action?: { to: string; text: string };
}

function section<T>(words: ListWords, list: Bounded<T> | undefined, status: string | null, view: (item: T) => ItemView) {
  const { total, items } = list ?? { total: 0, items: [] };
  return (
    <StartSection
      key={words.title}
      title={words.title}
      total={total}
      status={status}
      empty={words.empty}
      full={words.full}
      items={items.map((item, i) => {
        const v = view(item);
        return (
          <li key={i} className="start-item">
            <Link to={v.to}>{v.text}</Link>
            {v.action && (
              <Link className="button button-primary start-action" to={v.action.to}>
                {v.action.text}
              </Link>
            )}
            <span className="start-detail">{v.detail}</span>
          </li>
        );
      })}
    />
  );
}

const times = (from: string, to: string) => `${formatTime(from)}–${formatTime(to)}`;

export function SupportStart({ shopFloorId, shopFloorName }: { shopFloorId: string; shopFloorName: string }) {
  const queue = useSupportQueue(shopFloorId);
  const { data } = queue;
  const status = loadStatus(queue);
  return (
    <>
      <p className="start-context">
        {shopFloorName}
        {data && ` · ultimi 14 giorni, dal ${formatDayMonth(data.date_from)} al ${formatDayMonth(data.date_to)}`}
      </p>
      <div className="start-grid">
        {section(WORDS.reports, data?.reports_to_review, status, (r) => ({
          to: reportHref('improvement', r.day, r.shift_code, r.line_id),
          text: `${r.line_name} · ${r.shift_name ?? r.shift_code} del ${formatItalianDate(r.day)}`,
          detail: `Inviato da ${r.submitted_by} il ${formatDayMonth(r.submitted_at)} alle ${formatTime(r.submitted_at)}`,
        }))}
        {section(WORDS.stops, data?.stops_without_root_cause, status, (s) => ({
          to: rootCauseHref(s),
          text: `${s.line_name} · ${s.stop_code_name}`,
          detail: `${s.equipment_name} · ${formatDayMonth(s.start_time)} ${times(s.start_time, s.end_time)}`,
        }))}
        {section(WORDS.actions, data?.overdue_dbr_actions, status, (a) => ({
          to: dbrPageHref(a),
          text: a.activity,
          detail: `${a.line_name} · ${a.due_shift_name ?? 'Fine gg'} del ${formatDayMonth(a.due_date)} · ${a.owner}`,
        }))}
        {section(WORDS.detected, data?.unclassified_detected_stops, status, (d) => ({
          to: detectedStopLogHref(d),
          text: `${d.line_name} · ${d.equipment_name}`,
          detail: `${d.shift_name ? `${d.shift_name} del ` : ''}${formatDayMonth(d.start_time)} · ${times(d.start_time, d.end_time)} (${d.duration_minutes} min)`,
          action: { to: classifyDetectedHref(d), text: 'Classifica' },
        }))}
      </div>
    </>
  );
}
