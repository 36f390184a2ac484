/**
 * /miglioramento (docs/start-pages.md): on the station's shop floor over the last 14 days, the
 * reports to review, the unplanned stops without a root cause and the overdue DBR actions, each
 * a link to where it is done.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDayMonth, formatItalianDate, formatTime } from '../../../lib/dates.js';
import { useSupportQueue, type Bounded } from '../api/startPages.js';
import { dbrPageHref, loadStatus, reportHref, rootCauseHref } from '../model/startLinks.js';
import { StartSection } from './StartSection.js';

/** One list: its words, the full page, and how an item reads (a link, then its details). */
interface ListSpec<T> {
  title: string;
  empty: string;
  full: { to: string; text: string };
  list: Bounded<T> | undefined;
  key(item: T): string | number;
  link(item: T): { to: string; text: ReactNode };
  detail(item: T): ReactNode;
}

function section<T>(spec: ListSpec<T>, status: string | null) {
  const list = spec.list ?? { total: 0, items: [] };
  return (
    <StartSection
      key={spec.title}
      title={spec.title}
      total={list.total}
      status={status}
      empty={spec.empty}
      full={spec.full}
      items={list.items.map((item) => {
        const link = spec.link(item);
        return (
          <li key={spec.key(item)} className="start-item">
            <Link to={link.to}>{link.text}</Link>
            <span className="start-detail">{spec.detail(item)}</span>
          </li>
        );
      })}
    />
  );
}

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
        {section(
          {
            title: 'Report da rivedere',
            empty: 'Nessun report da rivedere.',
            full: { to: '/report-miglioramento', text: 'Apri il Registro di linea' },
            list: data?.reports_to_review,
            key: (r) => `${r.line_id}-${r.day}-${r.shift_code}`,
            link: (r) => ({
              to: reportHref('improvement', r.day, r.shift_code, r.line_id),
              text: `${r.line_name} · ${r.shift_name ?? r.shift_code} del ${formatItalianDate(r.day)}`,
            }),
            detail: (r) => `Inviato da ${r.submitted_by} il ${formatDayMonth(r.submitted_at)} alle ${formatTime(r.submitted_at)}`,
          },
          status,
        )}
        {section(
          {
            title: 'Stop senza causa radice',
            empty: 'Nessuno stop senza causa radice.',
            full: { to: '/rca-miglioramento', text: 'Apri il Root Cause Tool' },
            list: data?.stops_without_root_cause,
            key: (s) => s.id,
            link: (s) => ({ to: rootCauseHref(s), text: `${s.line_name} · ${s.stop_code_name}` }),
            detail: (s) => `${s.equipment_name} · ${formatDayMonth(s.start_time)} ${formatTime(s.start_time)}–${formatTime(s.end_time)}`,
          },
          status,
        )}
        {section(
          {
            title: 'Azioni DBR scadute',
            empty: 'Nessuna azione DBR scaduta.',
            full: { to: '/azioni-dbr-miglioramento', text: 'Apri le Azioni DBR' },
            list: data?.overdue_dbr_actions,
            key: (a) => a.id,
            link: (a) => ({ to: dbrPageHref(a), text: a.activity }),
            detail: (a) => `${a.line_name} · ${a.due_shift_name ?? 'Fine gg'} del ${formatDayMonth(a.due_date)} · ${a.owner}`,
          },
          status,
        )}
      </div>
    </>
  );
}
