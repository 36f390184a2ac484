import { z } from 'zod';
import type { UnplannedDetailField } from '../../../commands/stops/editUnplannedStopDetail.js';
import type { PlannedStopInput } from '../../../commands/stops/recordPlannedStop.js';
import type { UnplannedStopInput } from '../../../commands/stops/recordUnplannedStop.js';
import { asOfParam, bigIdParam, dayParam, idListParam, idParam, instantParam, lineIdListParam, shiftCodesParam } from '../../params.js';
import { afterParam, limitParam } from './paging.js';

/** Texts are checked (trimmed, lengths) by the domain, which names every bad field at once. */
const text = z.string({ error: 'Obbligatorio' });
/** The four action checkboxes; one left out counts as not ticked. */
const flag = z.boolean({ error: 'Deve essere true o false' }).default(false);
/** Null, omitted and '' all mean "no note". */
const note = z
  .union([z.string(), z.null()], { error: 'Deve essere un testo' })
  .optional()
  .transform((v) => v ?? null);

/**
 * Bodies and queries of the spec's calls (line log §7); field names exactly as the spec's tables.
 * A write's body becomes its command's input as it is parsed, so a handler passes it on as it is.
 */
export const recordUnplannedBody = z
  .object({
    workpoint_id: idParam,
    stop_code_id: idParam,
    triggering_event_id: idParam,
    failure_mode: text,
    corrective_action: text,
    action_material_change: flag,
    action_cleaning: flag,
    action_setting_adjustment: flag,
    action_component_restore: flag,
    start_time: instantParam,
    end_time: instantParam,
    /** Ours: the machine's detected stop this one explains (docs/machine-signals.md). */
    detected_stop_id: bigIdParam.optional(),
  })
  .transform((b): UnplannedStopInput => ({
    workpointId: b.workpoint_id,
    stopCodeId: b.stop_code_id,
    triggeringEventId: b.triggering_event_id,
    failureMode: b.failure_mode,
    correctiveAction: b.corrective_action,
    actionMaterialChange: b.action_material_change,
    actionCleaning: b.action_cleaning,
    actionSettingAdjustment: b.action_setting_adjustment,
    actionComponentRestore: b.action_component_restore,
    startTime: b.start_time,
    endTime: b.end_time,
    ...(b.detected_stop_id !== undefined ? { detectedStopId: b.detected_stop_id } : {}),
  }));

/** The spec's name of each editable detail and the stop's field it edits. */
const DETAIL_FIELDS = { failure_mode: 'failureMode', corrective_action: 'correctiveAction' } as const satisfies Record<string, UnplannedDetailField>;

export const updateUnplannedBody = z
  .object({
    id: bigIdParam,
    field: z.enum(['failure_mode', 'corrective_action'], { error: 'Valori ammessi: failure_mode, corrective_action' }),
    value: text,
  })
  .transform((b) => ({ stopId: b.id, field: DETAIL_FIELDS[b.field], value: b.value }));

export const recordPlannedBody = z
  .object({
    equipment_id: idParam,
    planned_reason_id: idParam,
    start_time: instantParam,
    end_time: instantParam,
    notes: note,
  })
  .transform((b): PlannedStopInput => ({ equipmentId: b.equipment_id, plannedReasonId: b.planned_reason_id, startTime: b.start_time, endTime: b.end_time, notes: b.notes }));

export const updatePlannedNoteBody = z.object({ id: bigIdParam, notes: note }).transform((b) => ({ stopId: b.id, notes: b.notes }));

/** `day` is ours: shift codes repeat every day and the spec does not show how the day is sent (docs/line-log.md). */
export const byShiftQuery = z.object({
  shop_floor_id: idParam,
  lines_id: lineIdListParam,
  shift_code: z.string({ error: 'Obbligatorio' }).trim().min(1, 'Obbligatorio'),
  day: dayParam,
  as_of: asOfParam,
});

/**
 * The spec's parameters, plus ours for paging (`limit`, `after`: docs/line-log.md "Paging") and
 * `shift_codes` (instead of `shift_id`: every regular shift of those codes in the range).
 */
export const unplannedRangeQuery = z.object({
  shop_floor_id: idParam,
  date_from: dayParam,
  date_to: dayParam,
  lines_id: lineIdListParam,
  shift_id: idListParam,
  shift_codes: shiftCodesParam,
  limit: limitParam,
  after: afterParam,
});
