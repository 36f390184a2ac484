import { DateTime } from 'luxon';
import { z } from 'zod';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import { BAD_INSTANT, DAY_OUT_OF_RANGE, inPlantTime } from '../../../domain/shared/bounds.js';
import { boundedList, dayParam, idParam } from '../plant/params.js';
import { afterParam, limitParam } from './paging.js';

/**
 * Stop ids are larger than plant ids (equipment × 1 000 000 + n): up to 15 digits,
 * numbers in JSON, digit strings in paths.
 */
export const stopIdParam = z
  .union([z.number(), z.string().trim().regex(/^\d{1,16}$/, 'Id non valido').transform(Number)], { error: 'Id non valido' })
  .pipe(z.number({ error: 'Id non valido' }).int('Id non valido').positive('Id non valido').max(Number.MAX_SAFE_INTEGER, 'Id non valido'));

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An ISO 8601 date and time, as the chatbot sends it. With an offset (or Z) it is that
 * instant; without one it is Italian wall-clock time. Passed on as a UTC instant, within
 * the plant's time (domain/shared/bounds.ts).
 */
export const instantParam = z
  .string({ error: 'Obbligatorio' })
  .trim()
  .refine((v) => ISO_INSTANT.test(v) && DateTime.fromISO(v, { zone: PLANT_ZONE }).isValid, BAD_INSTANT)
  .transform((v) => DateTime.fromISO(v, { zone: PLANT_ZONE }).toUTC().toISO()!)
  .refine((v) => inPlantTime(Date.parse(v)), DAY_OUT_OF_RANGE);

/** Texts are checked (trimmed, lengths) by the domain, which names every bad field at once. */
const text = z.string({ error: 'Obbligatorio' });
/** The four action checkboxes; one left out counts as not ticked. */
const flag = z.boolean({ error: 'Deve essere true o false' }).default(false);
/** Null, omitted and '' all mean "no note". */
const note = z.union([z.string(), z.null()], { error: 'Deve essere un testo' }).optional().transform((v) => v ?? null);

/** Bodies and queries of the spec's calls (line log §7); field names exactly as the spec's tables. */
export const recordUnplannedBody = z.object({
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
});

export const updateUnplannedBody = z.object({
  id: stopIdParam,
  field: z.enum(['failure_mode', 'corrective_action'], { error: 'Valori ammessi: failure_mode, corrective_action' }),
  value: text,
});

export const recordPlannedBody = z.object({
  equipment_id: idParam,
  planned_reason_id: idParam,
  start_time: instantParam,
  end_time: instantParam,
  notes: note,
});

export const updatePlannedNoteBody = z.object({ id: stopIdParam, notes: note });

export const idPath = z.object({ id: stopIdParam });

/** A list parameter (repeated keys or comma-joined, empties ignored) of positive ids of up to `digits` digits; the field is named as a whole. */
const idList = (digits: number) => {
  const id = new RegExp(`^\\d{1,${digits}}$`);
  return boundedList((v) => id.test(v) && Number(v) > 0, 'Elenco di id non valido', Number);
};

/** Shift ids (up to 15 digits). */
export const idListParam = idList(15);

/** Line ids: plant ids, nine digits at most like idParam, so a longer one is a 400, never a database error. */
export const lineIdListParam = idList(9);

/** `day` is ours: shift codes repeat every day and the spec does not show how the day is sent (docs/line-log.md). */
export const byShiftQuery = z.object({
  shop_floor_id: idParam,
  lines_id: lineIdListParam,
  shift_code: z.string({ error: 'Obbligatorio' }).trim().min(1, 'Obbligatorio'),
  day: dayParam,
});

/** The spec's parameters, plus ours for paging (`limit`, `after`: docs/line-log.md "Paging"). */
export const unplannedRangeQuery = z.object({
  shop_floor_id: idParam,
  date_from: dayParam,
  date_to: dayParam,
  lines_id: lineIdListParam,
  shift_id: idListParam,
  limit: limitParam,
  after: afterParam,
});
