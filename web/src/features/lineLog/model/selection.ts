/**
 * Which day, shift and line the line log shows. The choice lives in the page's query string
 * (`?day=&shift_code=&line_id=`), so a reload or the way back from a stop chatbot keeps it, and
 * the add-stop buttons hand the same parameters to the chatbots, which read them when present.
 */
import { isIsoDay } from '../../../lib/dates.js';

/** The line log's selection; '' while not chosen. */
export interface LineLogSelection {
  day: string;
  shiftCode: string;
  lineId: string;
}

type Params = { get(name: string): string | null };

/** The selection written in a query string; an unreadable day counts as absent. */
export function selectionFromQuery(params: Params): Partial<LineLogSelection> {
  const day = params.get('day')?.trim() ?? '';
  const shiftCode = params.get('shift_code')?.trim() ?? '';
  const lineId = params.get('line_id')?.trim() ?? '';
  return {
    ...(isIsoDay(day) ? { day } : {}),
    ...(shiftCode ? { shiftCode } : {}),
    ...(/^\d+$/.test(lineId) ? { lineId } : {}),
  };
}

/** The query string of a selection (without '?'), leaving out what is not chosen. */
export function selectionQuery(selection: LineLogSelection): string {
  const params = new URLSearchParams();
  if (selection.day) params.set('day', selection.day);
  if (selection.shiftCode) params.set('shift_code', selection.shiftCode);
  if (selection.lineId) params.set('line_id', selection.lineId);
  return params.toString();
}

/** The chatbot paths (line log §2.1). */
export const STOP_CHAT_PATHS = {
  planned: '/inserimento-pianificate-ai-operatore',
  unplanned: '/inserimento-loss-ai-operatore',
} as const;

/** Link to a stop chatbot carrying the log's day, shift and line. */
export function stopChatHref(kind: keyof typeof STOP_CHAT_PATHS, selection: LineLogSelection): string {
  const qs = selectionQuery(selection);
  return qs ? `${STOP_CHAT_PATHS[kind]}?${qs}` : STOP_CHAT_PATHS[kind];
}

/** A new day clears the shift (line log §4.1); the default shift then applies again. */
export function changeDay(selection: LineLogSelection, day: string): LineLogSelection {
  return day === selection.day ? selection : { ...selection, day, shiftCode: '' };
}
