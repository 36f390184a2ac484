/**
 * Where each item of the start pages leads, and the few words they show (docs/start-pages.md).
 * Pure, so the links are tested without a browser.
 */
import { classifyHref } from '../../../lib/classifyLink.js';
import type { ReportState, UnclassifiedDetectedStop } from '../api/startPages.js';

/** A line log opened on a day, shift and line: the operator's or the improvement role's. */
export function reportHref(mode: 'operator' | 'improvement', day: string, shiftCode: string, lineId: number): string {
  const path = mode === 'operator' ? '/report-operatore' : '/report-miglioramento';
  return `${path}?${new URLSearchParams({ day, shift_code: shiftCode, line_id: String(lineId) })}`;
}

/** The Root Cause Tool on one stop: its day and line, with its analysis open. */
export function rootCauseHref(stop: { id: number; shift_day: string; line_id: number }): string {
  return `/rca-miglioramento?${new URLSearchParams({ stop: String(stop.id), day: stop.shift_day, line_id: String(stop.line_id) })}`;
}

/** The line log a detected stop belongs to: the improvement role's, on the shift holding its start (else its day). */
export function detectedStopLogHref(stop: UnclassifiedDetectedStop): string {
  const selection = detectedSelection(stop);
  return selection.shiftCode
    ? reportHref('improvement', selection.day, selection.shiftCode, stop.line_id)
    : `/report-miglioramento?${new URLSearchParams({ day: selection.day, line_id: String(stop.line_id) })}`;
}

/** 'Classifica': the unplanned-stop chat on that shift with line, machine and times filled in, as the line log opens it. */
export function classifyDetectedHref(stop: UnclassifiedDetectedStop): string {
  return classifyHref(detectedSelection(stop), stop, stop.equipment_name);
}

const detectedSelection = (stop: UnclassifiedDetectedStop) => ({
  day: stop.shift_day ?? stop.start_time.slice(0, 10),
  shiftCode: stop.shift_code ?? '',
  lineId: String(stop.line_id),
});

/** The DBR page on an action's day and line. */
export function dbrPageHref(action: { due_date: string; line_id: number }): string {
  return `/azioni-dbr-miglioramento?${new URLSearchParams({ day: action.due_date, line_id: String(action.line_id) })}`;
}

/** A report's state in the operator's words (line log §4.1: draft, submitted). */
export const REPORT_STATE_TEXT: Readonly<Record<ReportState, string>> = {
  none: 'Non iniziato',
  draft: 'Bozza',
  submitted: 'Inviato',
};

/** 'e altri 3' under a list that shows fewer items than there are; null when it shows them all. */
export function moreText(total: number, shown: number): string | null {
  const rest = total - shown;
  if (rest <= 0) return null;
  return rest === 1 ? 'e un altro' : `e altri ${rest}`;
}

/** '1 stop pianificato', '2 stop non pianificati', 'nessuno stop'. */
export function stopsText(planned: number, unplanned: number): string {
  if (planned + unplanned === 0) return 'Nessuno stop';
  const part = (n: number, kind: string) => `${n} ${kind}${n === 1 ? 'o' : 'i'}`;
  return [planned ? part(planned, 'stop pianificat') : null, unplanned ? part(unplanned, 'stop non pianificat') : null].filter(Boolean).join(', ');
}

/** What a section says instead of its count while its data load or after they failed to. */
export function loadStatus(state: { data?: unknown; error?: unknown; isLoading: boolean }): string | null {
  if (state.data) return null;
  if (state.error) return 'Caricamento non riuscito';
  return state.isLoading ? 'Caricamento…' : null;
}
