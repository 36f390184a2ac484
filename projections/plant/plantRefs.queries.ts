import type { Knex } from 'knex';

/** Items about to be retired, by kind. */
export interface RetiringIds {
  shopFloor: number[];
  line: number[];
  equipment: number[];
  stopCode: number[];
}

/** What still refers to an item: open DBR actions (not executed, not deleted) and users' default stations. */
export interface PlantRefs {
  openActions: Array<{
    id: number;
    activity: string;
    dueDate: string;
    lineId: number;
    equipmentId: number | null;
    targetEquipmentId: number | null;
    targetStopCodeId: number | null;
  }>;
  stations: Array<{ username: string; shopFloorId: number; lineId: number; equipmentId: number | null }>;
}

/**
 * The open work and saved stations that point at items about to be retired: the 'Impianto' page
 * shows them before a retirement, and the apply refuses to leave open DBR actions on a retired
 * line, machine or stop code.
 */
export async function plantRefs(knex: Knex, ids: RetiringIds): Promise<PlantRefs> {
  const none = ids.line.length + ids.equipment.length + ids.stopCode.length + ids.shopFloor.length === 0;
  if (none) return { openActions: [], stations: [] };
  const actions = await knex('dbr_actions')
    .where('deleted', false)
    .whereNull('executed_at')
    .andWhere((w) =>
      w.whereIn('line_id', ids.line).orWhereIn('equipment_id', ids.equipment).orWhereIn('target_equipment_id', ids.equipment).orWhereIn('target_stop_code_id', ids.stopCode),
    )
    .select('id', 'activity', 'due_date', 'line_id', 'equipment_id', 'target_equipment_id', 'target_stop_code_id')
    .orderBy('id');
  const stations = await knex('default_stations')
    .whereIn('shop_floor_id', ids.shopFloor)
    .orWhereIn('line_id', ids.line)
    .orWhereIn('equipment_id', ids.equipment)
    .select('username', 'shop_floor_id', 'line_id', 'equipment_id')
    .orderBy('username');
  return {
    openActions: actions.map((r: Record<string, any>) => ({
      id: Number(r.id),
      activity: String(r.activity),
      dueDate: String(r.due_date),
      lineId: Number(r.line_id),
      equipmentId: r.equipment_id == null ? null : Number(r.equipment_id),
      targetEquipmentId: r.target_equipment_id == null ? null : Number(r.target_equipment_id),
      targetStopCodeId: r.target_stop_code_id == null ? null : Number(r.target_stop_code_id),
    })),
    stations: stations.map((r: Record<string, any>) => ({
      username: String(r.username),
      shopFloorId: Number(r.shop_floor_id),
      lineId: Number(r.line_id),
      equipmentId: r.equipment_id == null ? null : Number(r.equipment_id),
    })),
  };
}
