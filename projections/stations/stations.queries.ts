import type { Knex } from 'knex';

export interface DefaultStationRow {
  shopFloorId: number;
  lineId: number;
  equipmentId: number | null;
  shopFloorName: string;
  lineName: string;
  equipmentName: string | null;
}

/**
 * The user's station with today's names. A station whose shop floor or line has
 * been retired counts as unset (the user must choose again); a retired equipment
 * is dropped.
 */
export async function findDefaultStation(knex: Knex, username: string): Promise<DefaultStationRow | null> {
  const row = await knex('default_stations as s')
    .join('plant_shop_floors as sf', function () {
      this.on('sf.id', 's.shop_floor_id').andOnVal('sf.retired', false);
    })
    .join('plant_lines as l', function () {
      this.on('l.id', 's.line_id').andOnVal('l.retired', false);
    })
    .leftJoin('plant_equipments as e', function () {
      this.on('e.id', 's.equipment_id').andOnVal('e.retired', false);
    })
    .where('s.username', username.toLowerCase())
    .first('s.shop_floor_id', 's.line_id', 'e.id as equipment_id', 'sf.name as shop_floor_name', 'l.name as line_name', 'e.name as equipment_name');
  if (!row) return null;
  return {
    shopFloorId: Number(row.shop_floor_id),
    lineId: Number(row.line_id),
    equipmentId: row.equipment_id === null ? null : Number(row.equipment_id),
    shopFloorName: row.shop_floor_name,
    lineName: row.line_name,
    equipmentName: row.equipment_name ?? null,
  };
}
