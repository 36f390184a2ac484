/**
 * 'Fermi rilevati da classificare' (docs/machine-signals.md): how a detected stop reads in the
 * line log, and the unplanned-stop chat it opens with the machine and times filled in.
 */

/** The wall-clock HH:MM of an instant the API gives with the plant's offset. */
const hhmm = (instant: string) => instant.slice(11, 16);

/** '08:10 – 08:16 (6 min)', or 'In corso da 08:10' while the machine is still stopped. */
export function detectedStopTimes(stop: { start_time: string; end_time: string | null; duration_minutes: number }): string {
  if (!stop.end_time) return `In corso da ${hhmm(stop.start_time)}`;
  return `${hhmm(stop.start_time)} – ${hhmm(stop.end_time)} (${stop.duration_minutes} min)`;
}

/** The unplanned-stop chat for the log's day, shift and line, told which detected stop, machine and times. */
export { classifyHref } from '../../../lib/classifyLink.js';
