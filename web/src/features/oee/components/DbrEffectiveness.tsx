/**
 * 'Efficacia azioni DBR' (docs/oee.md, the closed loop): for each DBR action executed in the chosen
 * days on the chosen lines that names the loss it targets, that machine's stops (of that code) in
 * the N days before the execution and in the days after it observed so far, with the minutes per
 * day of each and their change. A window not yet whole says how many of its days have passed.
 */
import { useState } from 'react';
import { SortableTable, type Column } from '../../../components/SortableTable.js';
import { formatItalianDate, formatTime } from '../../../lib/dates.js';
import type { DashboardQuery } from '../../dashboard/index.js';
import { useDbrEffectiveness } from '../api/oeeApi.js';
import { afterDaysText, changeOf, changeText, codeText, EFFECT_DAYS, minutesPerDay, type EffectivenessRow } from '../model/effectiveness.js';
import { minutes } from '../model/oee.js';

const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
const num = (x: number | null) => x ?? Number.NEGATIVE_INFINITY;

function columns(days: number): Column<EffectivenessRow>[] {
  const change = (r: EffectivenessRow) => changeOf(r);
  // The change and the rates first, where a tablet shows them without scrolling the table; the counts after.
  return [
    { id: 'executed', header: 'Eseguita', value: (r) => `${formatItalianDate(r.executed_at)} ${formatTime(r.executed_at)}`, sortValue: (r) => r.executed_at },
    { id: 'line', header: 'Linea', value: (r) => r.line_name },
    { id: 'activity', header: 'Attività', value: (r) => r.activity },
    { id: 'target', header: 'Macchina · codice di stop', value: (r) => `${r.target_equipment_name} · ${codeText(r)}` },
    {
      id: 'change',
      header: 'Variazione',
      value: (r) => changeText(change(r)),
      sortValue: (r) => num(change(r)),
      csv: (r) => (change(r) === null ? null : Math.round(change(r)! * 10000) / 100),
      className: 'num',
      render: (r) => {
        const c = change(r);
        return <span className={c === null ? undefined : c < 0 ? 'oee-better' : c > 0 ? 'oee-under' : undefined}>{changeText(c)}</span>;
      },
    },
    {
      id: 'perDay',
      header: 'Min/giorno prima → dopo',
      value: (r) => `${minutes(minutesPerDay(r.before))} → ${minutes(minutesPerDay(r.after))}`,
      sortValue: (r) => num(minutesPerDay(r.after)),
      csv: false,
      className: 'num',
    },
    { id: 'afterDays', header: 'Giorni dopo', value: (r) => afterDaysText(r, days), sortValue: (r) => r.after.days, csv: (r) => r.after.days },
    {
      id: 'beforeCount',
      header: `Fermate prima (${days} gg)`,
      value: (r) => String(r.before.count),
      sortValue: (r) => r.before.count,
      csv: (r) => r.before.count,
      className: 'num',
    },
    {
      id: 'beforeMin',
      header: 'Minuti prima',
      value: (r) => minutes(r.before.minutes),
      sortValue: (r) => r.before.minutes,
      csv: (r) => round1(r.before.minutes),
      className: 'num',
    },
    { id: 'afterCount', header: 'Fermate dopo', value: (r) => String(r.after.count), sortValue: (r) => r.after.count, csv: (r) => r.after.count, className: 'num' },
    { id: 'afterMin', header: 'Minuti dopo', value: (r) => minutes(r.after.minutes), sortValue: (r) => r.after.minutes, csv: (r) => round1(r.after.minutes), className: 'num' },
  ];
}

interface Props {
  query: DashboardQuery | null;
  /** The page's filters, written above the CSV export's rows. */
  csvFilters: [string, string][];
}

export function DbrEffectiveness({ query, csvFilters }: Props) {
  const [days, setDays] = useState<number>(EFFECT_DAYS[0]);
  const answer = useDbrEffectiveness(query, days);
  const rows = query && !answer.error && answer.data?.days === days ? answer.data.rows : [];
  return (
    <section className="card oee-card" aria-label="Efficacia azioni DBR" data-testid="oee-dbr-effect">
      <div className="dashboard-pareto-head">
        <h2 className="dashboard-section-title">Efficacia azioni DBR</h2>
        <label className="oee-select">
          <span>Giorni prima e dopo</span>
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {[...EFFECT_DAYS]
              .sort((a, b) => a - b)
              .map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
          </select>
        </label>
      </div>
      <p className="oee-note">
        Le azioni eseguite nel periodo che indicano la perdita da ridurre (macchina e codice di stop): le fermate non pianificate nei {days} giorni prima dell’esecuzione e in
        quelli dopo, finora. La variazione confronta i minuti al giorno, anche quando i giorni dopo sono ancora meno di {days}.
      </p>
      <SortableTable<EffectivenessRow>
        ariaLabel="Efficacia azioni DBR"
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns(days)}
        defaultSort={[{ column: 'executed', direction: 'desc' }]}
        emptyMessage="Nessuna azione DBR eseguita con una perdita da ridurre per i filtri correnti"
        csv={{ fileName: 'efficacia-azioni-dbr', filters: [...csvFilters, ['Giorni prima e dopo', String(days)]] }}
      />
    </section>
  );
}
