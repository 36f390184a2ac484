/**
 * From the answers to the calls of §7 (POST /factory/stop_events, POST /factory/planned_stops;
 * shapes in docs/line-log.md), the confirm step's summary, and the bot's words for a refusal.
 */
import { actionsText, type Draft } from './draft.js';
import { NO_NOTE, STEP_LABELS, type ChatKind } from './steps.js';
import { shiftText } from './shiftFit.js';
import { formatMoment, validateTimes } from './times.js';

/** Body of POST /factory/stop_events. */
export interface UnplannedStopBody {
  workpoint_id: number;
  stop_code_id: number;
  triggering_event_id: number;
  failure_mode: string;
  corrective_action: string;
  action_material_change: boolean;
  action_cleaning: boolean;
  action_setting_adjustment: boolean;
  action_component_restore: boolean;
  start_time: string;
  end_time: string;
  /** The machine's detected stop it explains (docs/machine-signals.md). */
  detected_stop_id?: number;
}

/** Body of POST /factory/planned_stops. */
export interface PlannedStopBody {
  equipment_id: number;
  planned_reason_id: number;
  start_time: string;
  end_time: string;
  notes: string | null;
}

/** The unplanned stop to send, or null while an answer is missing or the times are invalid. */
export function unplannedPayload(draft: Draft): UnplannedStopBody | null {
  const { workpoint, stopCode, triggeringEvent, times } = draft;
  const failureMode = draft.failureMode.trim();
  const correctiveAction = draft.correctiveAction.trim();
  if (!workpoint || !stopCode || !triggeringEvent || !times || !failureMode || !correctiveAction) return null;
  const valid = validateTimes(times);
  if (!valid.ok) return null;
  return {
    workpoint_id: workpoint.id,
    stop_code_id: stopCode.id,
    triggering_event_id: triggeringEvent.id,
    failure_mode: failureMode,
    corrective_action: correctiveAction,
    action_material_change: draft.actions.materialChange,
    action_cleaning: draft.actions.cleaning,
    action_setting_adjustment: draft.actions.settingAdjustment,
    action_component_restore: draft.actions.componentRestore,
    start_time: valid.start,
    end_time: valid.end,
    ...(draft.detectedStopId !== null ? { detected_stop_id: draft.detectedStopId } : {}),
  };
}

/** The planned stop to send (an empty note is null), or null while an answer is missing. */
export function plannedPayload(draft: Draft): PlannedStopBody | null {
  const { equipment, reason, times } = draft;
  if (!equipment || !reason || !times) return null;
  const valid = validateTimes(times);
  if (!valid.ok) return null;
  const note = draft.note.trim();
  return { equipment_id: equipment.id, planned_reason_id: reason.id, start_time: valid.start, end_time: valid.end, notes: note || null };
}

/** One line of the confirm step's summary. */
export interface SummaryRow {
  label: string;
  value: string;
}

/** Every answer of the bot, in step order, for the confirm step. */
export function summaryRows(kind: ChatKind, draft: Draft): SummaryRow[] {
  const name = (c: { name: string } | null) => c?.name ?? '—';
  const rows: SummaryRow[] = [
    { label: STEP_LABELS.line, value: name(draft.line) },
    { label: STEP_LABELS.equipment, value: name(draft.equipment) },
  ];
  if (kind === 'unplanned') {
    rows.push(
      { label: STEP_LABELS.workpoint, value: name(draft.workpoint) },
      { label: STEP_LABELS.stopCode, value: name(draft.stopCode) },
      { label: STEP_LABELS.failureMode, value: draft.failureMode.trim() },
      { label: STEP_LABELS.triggeringEvent, value: name(draft.triggeringEvent) },
      { label: STEP_LABELS.actions, value: actionsText(draft.actions) },
      { label: STEP_LABELS.correctiveAction, value: draft.correctiveAction.trim() },
    );
  } else {
    rows.push({ label: STEP_LABELS.reason, value: name(draft.reason) }, { label: STEP_LABELS.note, value: draft.note.trim() || NO_NOTE });
  }
  const t = draft.times;
  if (t) {
    const valid = validateTimes(t);
    rows.push({ label: 'Inizio', value: formatMoment(t.startDate, t.startTime) }, { label: 'Fine', value: formatMoment(t.endDate, t.endTime) });
    if (valid.ok) rows.push({ label: 'Durata', value: `${valid.minutes} min` });
  }
  if (draft.shift) rows.push({ label: 'Turno', value: shiftText(draft.shift) });
  return rows;
}

/** What a failed call carries (lib/api.ts ApiError, or anything else thrown). */
export interface RefusalLike {
  status?: number;
  code?: string;
  message?: string;
  fields?: Record<string, unknown>;
}

/** Ours: the bot's words when the server could not be reached or sent no message. */
export const SEND_FAILED = 'Registrazione non riuscita: controlla la connessione e riprova.';

/**
 * The bot's reply to a refused POST: the server's Italian message ('Lo stop si sovrappone...',
 * 'Report già inviato', 'Controlla le date'), followed for a validation error by each field's reason.
 */
export function refusalText(err: unknown): string {
  const e = (err && typeof err === 'object' ? err : {}) as RefusalLike;
  const message = typeof e.message === 'string' ? e.message.trim() : '';
  if (!message || typeof e.status !== 'number') return SEND_FAILED;
  if (e.code !== 'VALIDATION_FAILED' || !e.fields) return message;
  const reasons = [...new Set(Object.values(e.fields).filter((v): v is string => typeof v === 'string' && v.trim() !== ''))];
  return reasons.length > 0 ? `${message}: ${reasons.join('; ')}` : message;
}
