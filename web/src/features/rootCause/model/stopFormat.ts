/**
 * How one unplanned stop reads in the Root Cause Tool's table (line log §2.5, §3, §9): start in
 * Italian format, downtime in whole minutes, the details (line, machine, area, stop code,
 * triggering event) and the four action booleans as Italian labels. Pure, so the texts that are
 * searched and sorted are exactly the texts shown.
 */
import { formatDayMonth, formatItalianDate, formatTime } from '../../../lib/dates.js';
import { tickedActionLabels, type StopActionField } from '../../../lib/stopActions.js';
import type { RootCauseField } from '../api/saveRootCause.js';
import type { RootCauseTexts, UnplannedStop } from '../api/unplannedStops.js';

/** Shown where a stop has no action ticked (and for an empty detail). */
export const NONE = '-';

/** 'dd/mm/yyyy HH:MM' in plant time, e.g. '10/06/2031 08:10'. */
export function formatStopStart(stop: Pick<UnplannedStop, 'start_time'>): string {
  const day = formatItalianDate(stop.start_time);
  const time = formatTime(stop.start_time);
  return time ? `${day} ${time}` : day;
}

/** The end, 'HH:MM', or 'dd/mm HH:MM' when the stop ends on another day than it starts. */
export function formatStopEnd(stop: Pick<UnplannedStop, 'start_time' | 'end_time'>): string {
  const time = formatTime(stop.end_time);
  if (formatItalianDate(stop.end_time) === formatItalianDate(stop.start_time)) return time;
  return `${formatDayMonth(stop.end_time)} ${time}`;
}

/** Downtime in whole minutes, e.g. '15 min' (§9); sorts by its number (compareCells pads it). */
export function formatDowntime(stop: Pick<UnplannedStop, 'duration_minutes'>): string {
  const minutes = Number.isFinite(stop.duration_minutes) ? Math.max(0, Math.floor(stop.duration_minutes)) : 0;
  return `${minutes} min`;
}

/** One labelled detail of a stop. */
export interface StopDetail {
  label: string;
  value: string;
}

/** Line, machine, area, stop code and triggering event, labelled, '-' where a name is missing. */
export function stopDetails(stop: UnplannedStop): StopDetail[] {
  const name = (n: { name?: string } | null | undefined) => n?.name?.trim() || NONE;
  const equipment = stop.workpoint_rel?.equipment_rel;
  return [
    { label: 'Linea', value: name(equipment?.line_rel) },
    { label: 'Macchina', value: name(equipment) },
    { label: 'Area', value: name(stop.workpoint_rel) },
    { label: 'Codice stop', value: name(stop.stop_code_rel) },
    { label: 'Evento', value: name(stop.triggering_event_rel) },
  ];
}

/** The details as one searchable text: 'Linea 1 · Filler · Alimentazione bottiglie · ...'. */
export function detailsText(stop: UnplannedStop): string {
  return stopDetails(stop)
    .map((d) => d.value)
    .join(' · ');
}

/** The Italian labels of the actions ticked, in the spec's order. */
export function actionLabels(stop: Pick<UnplannedStop, StopActionField>): string[] {
  return tickedActionLabels((a) => stop[a.field] === true);
}

/** The actions as one text: 'Pulizia, Ripristino componente', or '-' when none was ticked. */
export function actionsText(stop: Pick<UnplannedStop, StopActionField>): string {
  const labels = actionLabels(stop);
  return labels.length > 0 ? labels.join(', ') : NONE;
}

/** The saved text of one analysis box, '' while the stop has no analysis. */
export function savedBox(stop: Pick<UnplannedStop, 'root_cause'>, field: RootCauseField): string {
  return fieldText(stop.root_cause, field);
}

/** One field of a saved analysis as text ('' when not saved): a box, a why ('why_2' is the second) or the 6M category. */
export function fieldText(saved: RootCauseTexts | null | undefined, field: RootCauseField): string {
  if (field === 'root_cause' || field === 'troubleshooting') return saved?.[field] ?? '';
  if (field === 'category') return saved?.category ?? '';
  return saved?.whys?.[Number(field.slice(4)) - 1] ?? '';
}
