import type { Knex } from 'knex';

/** An action as the lists read it (foundations §3), with the names of its line and equipment. */
export interface DbrActionRow {
  id: number;
  dueDate: string;
  lineName: string;
  equipmentName: string | null;
  activity: string;
  owner: string;
  supportBy: string | null;
  dueShiftId: number | null;
  dueShiftName: string | null;
  executedAt: Date | null;
  /** The loss it targets: a machine of its line and one of its stop codes (names as the plant has them now). */
  targetEquipmentId: number | null;
  targetEquipmentName: string | null;
  targetStopCodeId: number | null;
  targetStopCodeName: string | null;
}

/** Which actions: a shop floor's lines (by name) over a range of due days, optionally only some shifts ('Fine gg' always kept). */
export interface DbrActionFilter {
  shopFloorId: number;
  dateFrom: string;
  dateTo: string;
  lineNames: string[];
  shiftIds: number[];
  /** Instead of ids: the shifts of these codes in the range ('Fine gg' still kept). */
  shiftCodes?: string[];
}

/**
 * Actions of the filter that are not deleted, by due day, line, shift ('Fine gg' last) and id. Line and
 * equipment names are today's, from the plant views (retired items keep their last),
 * so a renamed machine shows its new name, as the stop lists do.
 */
export async function listDbrActions(knex: Knex, f: DbrActionFilter): Promise<DbrActionRow[]> {
  if (f.lineNames.length === 0) return [];
  const q = knex('dbr_actions as a')
    .join('plant_lines as l', 'l.id', 'a.line_id')
    .leftJoin('plant_equipments as e', 'e.id', 'a.equipment_id')
    .leftJoin('plant_equipments as te', 'te.id', 'a.target_equipment_id')
    .leftJoin('plant_stop_codes as tc', 'tc.id', 'a.target_stop_code_id')
    .where('a.deleted', false)
    .andWhere('a.shop_floor_id', f.shopFloorId)
    .whereIn('l.name', f.lineNames)
    .andWhereBetween('a.due_date', [f.dateFrom, f.dateTo])
    .select('a.*', 'l.name as line_name', 'e.name as equipment_name', 'te.name as target_equipment_name', 'tc.name as target_stop_code_name')
    .orderBy([{ column: 'a.due_date' }, { column: 'a.line_id' }, { column: 'a.due_shift_id', nulls: 'last' }, { column: 'a.id' }]);
  if (f.shiftCodes) {
    const codes = f.shiftCodes;
    const ofCodes = knex('shifts').select('id').where('shop_floor_id', f.shopFloorId).whereIn('code', codes).whereBetween('shift_day', [f.dateFrom, f.dateTo]);
    q.andWhere((w) => w.whereIn('a.due_shift_id', ofCodes).orWhereNull('a.due_shift_id'));
  } else if (f.shiftIds.length > 0) {
    q.andWhere((w) => w.whereIn('a.due_shift_id', f.shiftIds).orWhereNull('a.due_shift_id'));
  }
  return (await q).map((r: Record<string, any>) => ({
    id: Number(r.id),
    dueDate: String(r.due_date),
    lineName: String(r.line_name),
    equipmentName: r.equipment_id == null ? null : String(r.equipment_name ?? ''),
    activity: r.activity,
    owner: r.owner,
    supportBy: r.support_by,
    dueShiftId: r.due_shift_id == null ? null : Number(r.due_shift_id),
    dueShiftName: r.due_shift_name,
    executedAt: r.executed_at,
    targetEquipmentId: r.target_equipment_id ?? null,
    targetEquipmentName: r.target_equipment_id == null ? null : String(r.target_equipment_name ?? ''),
    targetStopCodeId: r.target_stop_code_id ?? null,
    targetStopCodeName: r.target_stop_code_id == null ? null : String(r.target_stop_code_name ?? ''),
  }));
}

/** Ids among these that are shifts of the shop floor (the others answer 404). */
export async function shiftIdsOfShopFloor(knex: Knex, shopFloorId: number, ids: number[]): Promise<number[]> {
  const rows = await knex('shifts').where({ shop_floor_id: shopFloorId }).whereIn('id', ids).select('id');
  return rows.map((r: { id: unknown }) => Number(r.id));
}
