/**
 * 'Classifica' on a detected stop (docs/machine-signals.md), wherever it is listed (the line log,
 * the improvement role's start page): the unplanned-stop chat on a day, shift and line, told
 * which detected stop, machine and times (the chat reads them: stopChat's readDetectedStop).
 */

/** The unplanned-stop chatbot's path (line log §2.1). */
const UNPLANNED_CHAT = '/inserimento-loss-ai-operatore';

/** The chat for the log's day, shift and line ('' when not chosen), with the detected stop filled in. */
export function classifyHref(
  selection: { day: string; shiftCode: string; lineId: string },
  stop: { id: number; equipment_id: number; start_time: string; end_time: string | null },
  machine: string,
): string {
  const params = new URLSearchParams();
  if (selection.day) params.set('day', selection.day);
  if (selection.shiftCode) params.set('shift_code', selection.shiftCode);
  if (selection.lineId) params.set('line_id', selection.lineId);
  params.set('detected_stop_id', String(stop.id));
  params.set('equipment_id', String(stop.equipment_id));
  params.set('equipment_name', machine);
  params.set('start', stop.start_time);
  if (stop.end_time) params.set('end', stop.end_time);
  return `${UNPLANNED_CHAT}?${params.toString()}`;
}
