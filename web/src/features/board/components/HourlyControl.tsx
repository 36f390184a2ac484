import { formatTime } from '../../../lib/dates.js';
import { countedHours, hourTone, pieces, type BoardHour } from '../model/board.js';

/**
 * 'Pezzi all'ora' (short-interval control, docs/board.md): each hour of the shift so far, the
 * pieces the line's counting machine made against the hour's target, green at or above it and
 * red below; the current hour's target runs to this minute. Nothing when nothing was counted.
 */
export function HourlyControl({ hours, title = 'Pezzi all’ora' }: { hours: BoardHour[] | undefined; title?: string }) {
  const shown = countedHours(hours);
  if (shown.length === 0) return null;
  return (
    <section className="hourly" aria-label={title}>
      <h2 className="hourly-title">
        {title} <span className="hourly-caption">contati dalla macchina · obiettivo</span>
      </h2>
      <ol className="hourly-hours" data-testid="hourly-hours">
        {shown.map((h) => (
          <li key={h.hour} className={`hourly-hour ${hourTone(h)}`}>
            <span className="hourly-when">{formatTime(h.hour)}</span>
            <span className="hourly-good">{h.counted ? pieces(h.good) : '–'}</span>
            <span className="hourly-target">/ {pieces(h.target)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
