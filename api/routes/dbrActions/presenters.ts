import { DateTime } from 'luxon';
import type { DbrActionFacts } from '../../../domain/dbrActions/state.js';
import type { PlantState } from '../../../domain/plant/state.js';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import type { DbrActionRow } from '../../../projections/dbrActions/dbrActions.queries.js';
import type { ActionEffectiveness } from '../../../projections/dbrActions/effectiveness.queries.js';

/** Instants with the plant's offset, like shifts and stops (2030-06-05T09:41:00+02:00). */
const local = (d: Date | string) => DateTime.fromJSDate(new Date(d), { zone: PLANT_ZONE }).toISO({ suppressMilliseconds: true });

/**
 * A DBR action as lists read it (foundations §3): the spec's fields, then ours, the loss it
 * targets (docs/dbr-actions.md). What may be empty (equipment, support, due shift, execution,
 * target) is null.
 */
export const presentDbrAction = (a: DbrActionRow) => ({
  id: a.id,
  due_date: a.dueDate,
  equipment_name: a.equipmentName,
  activity: a.activity,
  owner: a.owner,
  support_by: a.supportBy,
  due_shift: a.dueShiftId,
  due_shift_name: a.dueShiftName,
  executed_at: a.executedAt === null ? null : local(a.executedAt),
  line_name: a.lineName,
  target_equipment: a.targetEquipmentId,
  target_equipment_name: a.targetEquipmentName,
  target_stop_code: a.targetStopCodeId,
  target_stop_code_name: a.targetStopCodeName,
});

/** The row an action has after a command, from its stream and the plant's current names, so the answer never waits on the read table. */
export function rowFromFacts(a: DbrActionFacts, plant: PlantState): DbrActionRow {
  return {
    id: a.actionId,
    dueDate: a.dueDay,
    lineName: plant.items.line.get(a.lineId)?.name ?? '',
    equipmentName: a.equipmentId === null ? null : (plant.items.equipment.get(a.equipmentId)?.name ?? ''),
    activity: a.activity,
    owner: a.owner,
    supportBy: a.supportBy,
    dueShiftId: a.dueShiftId,
    dueShiftName: a.dueShiftName,
    executedAt: a.executedAt === null ? null : new Date(a.executedAt),
    targetEquipmentId: a.targetEquipmentId,
    targetEquipmentName: a.targetEquipmentId === null ? null : (plant.items.equipment.get(a.targetEquipmentId)?.name ?? ''),
    targetStopCodeId: a.targetStopCodeId,
    targetStopCodeName: a.targetStopCodeId === null ? null : (plant.items.stopCode.get(a.targetStopCodeId)?.name ?? ''),
  };
}

/** One executed action against its target's stops before and after (docs/oee.md, 'Efficacia azioni DBR'). */
export const presentEffectiveness = (r: ActionEffectiveness) => ({
  id: r.actionId,
  line_name: r.lineName,
  due_date: r.dueDate,
  activity: r.activity,
  executed_at: local(r.executedAt),
  target_equipment: r.equipmentId,
  target_equipment_name: r.equipmentName,
  target_stop_code: r.stopCodeId,
  target_stop_code_name: r.stopCodeName,
  before: r.before,
  after: r.after,
  complete: r.complete,
});
