import { z } from 'zod';
import type { CreateDbrActionInput } from '../../../commands/dbrActions/createDbrAction.js';
import { bigIdParam, boundedList, dayParam, idParam, nameListParam, optionalParam, shiftCodesParam } from '../../params.js';

/** An optional id: absent, null and '' are "none" ('Fine gg' for the shift, 'Non specificato' for the equipment). */
const optionalId = z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v), bigIdParam.nullable());

/** Texts are trimmed and measured by the domain, which names every bad one at once; a missing one is ''. */
const text = z.string({ error: 'Deve essere un testo' }).default('');

/**
 * The 'Azioni DBR' form (foundations §3): `day`, `due_shift`, `line` (the line's name),
 * `equipment`, `owner`, `supportBy`, `activity`; JSON or form-encoded. `shop_floor_id`,
 * `target_equipment` and `target_stop_code` (the loss it targets) are ours and optional: the shop floor whose line the name means. It becomes the command's input
 * as it is parsed.
 */
export const createBody = z
  .object({
    day: dayParam,
    due_shift: optionalId,
    line: text,
    equipment: optionalId,
    owner: text,
    supportBy: z
      .union([z.string(), z.null()], { error: 'Deve essere un testo' })
      .optional()
      .transform((v) => v ?? null),
    activity: text,
    shop_floor_id: optionalId,
    target_equipment: optionalId,
    target_stop_code: optionalId,
  })
  .transform((b): CreateDbrActionInput => ({
    day: b.day,
    dueShiftId: b.due_shift,
    lineName: b.line,
    shopFloorId: b.shop_floor_id,
    equipmentId: b.equipment,
    owner: b.owner,
    supportBy: b.supportBy,
    activity: b.activity,
    target: { equipmentId: b.target_equipment, stopCodeId: b.target_stop_code },
  }));

/**
 * `PATCH /factory/dbr_actions/{id}/target`: the machine and stop code the action is meant to
 * cure (absent, null or '' clears one); the rules are the domain's (domain/dbrActions/target.ts).
 */
export const targetBody = z
  .object({ target_equipment: optionalId, target_stop_code: optionalId })
  .transform((b) => ({ equipmentId: b.target_equipment, stopCodeId: b.target_stop_code }));

/** Shift ids, comma-joined with an extra empty entry (or repeated); empties ignored, none = no shift filter. */
const shiftIdsParam = boundedList((id) => /^\d{1,15}$/.test(id) && Number(id) > 0, 'Elenco di id non valido', Number);

export const rangeQuery = z.object({
  shop_floor_id: idParam,
  date_from: dayParam,
  date_to: dayParam,
  lines: nameListParam,
  shifts: shiftIdsParam,
  shift_codes: shiftCodesParam,
});

/** Days before and after an execution that 'Efficacia azioni DBR' compares, unless the call says otherwise. */
export const DEFAULT_EFFECT_DAYS = 30;
const EFFECT_DAYS = 'Giorni interi da 1 a 365';

/** `GET /factory/dbr/action-effectiveness` (docs/oee.md): the dashboard's shop floor, lines and days of execution; `days` N. */
export const effectivenessQuery = z.object({
  shop_floor_id: idParam,
  lines: nameListParam,
  date_from: dayParam,
  date_to: dayParam,
  days: optionalParam(
    z
      .string()
      .regex(/^\d{1,3}$/, EFFECT_DAYS)
      .transform(Number)
      .pipe(z.number().int().min(1, EFFECT_DAYS).max(365, EFFECT_DAYS)),
  ),
});
