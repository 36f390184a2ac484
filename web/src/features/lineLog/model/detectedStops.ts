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

/** The heading of the stops still running when the report was sent. */
export const AFTER_SUBMIT_TITLE = "Fermi rilevati dopo l'invio";

/** What support reads under it: how to classify them (the report is sent, so through its edit). */
export const AFTER_SUBMIT_HINT = {
  edit: "Il report era già inviato: premi 'Modifica Report o Stop' per classificarli.",
  classify: 'Il report era già inviato: classificandoli li aggiungi agli stop del turno.',
} as const;

/** The stops the operator could classify before the send, and those still running at it (`after_submit`), each in time order. */
export function splitAfterSubmit<T extends { after_submit?: boolean }>(stops: readonly T[]): { during: T[]; after: T[] } {
  return { during: stops.filter((s) => !s.after_submit), after: stops.filter((s) => s.after_submit === true) };
}

/** The unplanned-stop chat for the log's day, shift and line, told which detected stop, machine and times. */
export { classifyHref } from '../../../lib/classifyLink.js';
