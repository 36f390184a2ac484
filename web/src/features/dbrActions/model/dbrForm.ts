/**
 * The insert form's rules (foundations §2 'Azioni DBR', §5): 'CONFERMA e INVIA' is disabled while
 * owner or activity is blank after trimming; activity at most 250 characters. The server checks
 * the same and names each refused field; its message is shown as is.
 */
import type { DbrActionForm } from '../api/dbrActions.js';

export const ACTIVITY_MAX = 250;
/** The server allows owner and support the same length (docs/dbr-actions.md). */
export const TEXT_MAX = 250;

export interface DbrFormState {
  day: string;
  /** Shift code of the day, '' for 'Fine gg'. */
  shiftCode: string;
  /** Line id, '' when none is chosen. */
  lineId: string;
  /** Equipment id, '' for 'Non specificato'. */
  equipmentId: string;
  owner: string;
  supportBy: string;
  activity: string;
  /** The loss it targets (docs/dbr-actions.md): a machine id and a stop code id, '' when not named. */
  targetEquipmentId?: string;
  targetStopCodeId?: string;
}

export function canSubmit(form: Pick<DbrFormState, 'owner' | 'activity'>): boolean {
  return form.owner.trim() !== '' && form.activity.trim() !== '';
}

const idOrNull = (id: string | undefined) => (id ? Number(id) : null);

/** The body of POST /factory/dbr_actions; the shift id comes from the day's list. */
export function dbrActionPayload(form: DbrFormState, ctx: { lineName: string; shiftId: number | null; shopFloorId: string }): DbrActionForm {
  return {
    day: form.day,
    due_shift: ctx.shiftId,
    line: ctx.lineName,
    equipment: form.equipmentId === '' ? null : Number(form.equipmentId),
    owner: form.owner.trim(),
    supportBy: form.supportBy.trim(),
    activity: form.activity.trim(),
    shop_floor_id: ctx.shopFloorId === '' ? null : Number(ctx.shopFloorId),
    target_equipment: idOrNull(form.targetEquipmentId),
    target_stop_code: idOrNull(form.targetStopCodeId),
  };
}
