/**
 * The sidebar's date and time in it-IT format, refreshed every 10 seconds (foundations §2, §9),
 * so operators at a fixed tablet always see the shift-relevant time.
 */
import { useEffect, useState } from 'react';
import { clockText } from './clockText.js';

/** Refresh period from the spec's business constants. */
export const CLOCK_REFRESH_MS = 10_000;

/** Current date and time, e.g. "lunedì 03/03/2025" and "14:05". */
export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const { date, time } = clockText(now);
  return (
    <time className="clock" dateTime={now.toISOString()} data-testid="clock">
      <span className="clock-time">{time}</span>
      <span className="clock-date">{date}</span>
    </time>
  );
}
