import type { Knex } from 'knex';
import { notFound, validationError } from '../../domain/shared/errors.js';

/** One selectable thing of the plant: id, name and, for children, the parent's id. */
export interface PlantRow {
  id: number;
  name: string;
  parentId: number | null;
}

export interface LineRow extends PlantRow {
  shopFloorId: number;
  referenceMachine: string;
  /** The machine the plant file names to count the line's output, or null (docs/machine-signals.md). */
  countingEquipmentId: number | null;
}

/** The views the plant projection maintains, with each one's parent column. */
export const PLANT_VIEWS = {
  shopFloors: ['plant_shop_floors', null],
  lines: ['plant_lines', 'shop_floor_id'],
  equipments: ['plant_equipments', 'line_id'],
  workpoints: ['plant_workpoints', 'equipment_id'],
  stopCodes: ['plant_stop_codes', 'workpoint_id'],
  triggeringEvents: ['plant_triggering_events', null],
  plannedStopReasons: ['plant_planned_stop_reasons', null],
} as const;
export type PlantView = keyof typeof PLANT_VIEWS;

const toRow = (view: PlantView, r: Record<string, unknown>): PlantRow => {
  const parent = PLANT_VIEWS[view][1];
  return { id: Number(r.id), name: String(r.name), parentId: parent ? Number(r[parent]) : null };
};

/** Active (not retired) items in creation order, optionally only those of one parent (or of these parents). */
export async function listActive(knex: Knex, view: PlantView, parentId?: number | readonly number[]): Promise<PlantRow[]> {
  const [table, parent] = PLANT_VIEWS[view];
  const q = knex(table).where({ retired: false }).orderBy('id');
  if (parentId !== undefined && parent) {
    if (typeof parentId === 'number') q.andWhere(parent, parentId);
    else q.whereIn(parent, [...parentId]);
  }
  return (await q).map((r: Record<string, unknown>) => toRow(view, r));
}

/** An active item by id, or null: unknown and retired ids answer 404 alike. */
export async function findActive(knex: Knex, view: PlantView, id: number): Promise<PlantRow | null> {
  const row = await knex(PLANT_VIEWS[view][0]).where({ id, retired: false }).first();
  return row ? toRow(view, row) : null;
}

/** The ids among these that are not an active item of the view, in the order given: one query for the lot. */
export async function missingActive(knex: Knex, view: PlantView, ids: readonly number[]): Promise<number[]> {
  const found = new Set(
    (
      await knex(PLANT_VIEWS[view][0])
        .whereIn('id', [...ids])
        .andWhere({ retired: false })
        .pluck('id')
    ).map(Number),
  );
  return ids.filter((id) => !found.has(id));
}

/** The active planned stop reasons with their OEE category (docs/oee.md), in creation order. */
export async function listPlannedStopReasons(knex: Knex): Promise<Array<{ id: number; name: string; oee_category: string }>> {
  const rows = await knex('plant_planned_stop_reasons').where({ retired: false }).orderBy('id').select('id', 'name', 'oee_category');
  return rows.map((r: { id: number; name: string; oee_category: string }) => ({ id: Number(r.id), name: r.name, oee_category: r.oee_category }));
}

/** A shop floor with whether it schedules the extra shift ('Turno E'; foundations §3, false by default). */
export interface ShopFloorRow extends PlantRow {
  manageExtraShift: boolean;
}

/** The active shop floors, or those named `name` (case-insensitive, exact), in creation order. */
export async function listShopFloors(knex: Knex, name?: string): Promise<ShopFloorRow[]> {
  const q = knex('plant_shop_floors').where({ retired: false }).orderBy('id');
  if (name?.trim()) q.andWhereRaw('lower(name) = lower(?)', [name.trim()]);
  return (await q).map((r: Record<string, unknown>) => ({ ...toRow('shopFloors', r), manageExtraShift: r.manage_extra_shift === true }));
}

const toLine = (row: Record<string, unknown>): LineRow => ({
  ...toRow('lines', row),
  shopFloorId: Number(row.shop_floor_id),
  referenceMachine: String(row.reference_machine),
  countingEquipmentId: row.counting_equipment_id === null || row.counting_equipment_id === undefined ? null : Number(row.counting_equipment_id),
});

export async function findLine(knex: Knex, id: number): Promise<LineRow | null> {
  const row = await knex('plant_lines').where({ id, retired: false }).first();
  return row ? toLine(row) : null;
}

/** A shop floor's active lines with what findLine tells of each, in creation order (listActive's order). */
export async function listLines(knex: Knex, shopFloorId: number): Promise<LineRow[]> {
  return (await knex('plant_lines').where({ shop_floor_id: shopFloorId, retired: false }).orderBy('id')).map(toLine);
}

export async function findUnits(knex: Knex, shopFloorId: number): Promise<{ unit1: string; unit2: string; unit3: string } | null> {
  const row = await knex('plant_units').where({ shop_floor_id: shopFloorId }).first();
  return row ? { unit1: row.unit1, unit2: row.unit2, unit3: row.unit3 } : null;
}

export async function findReportLabels(knex: Knex, shopFloorId: number): Promise<string[]> {
  const row = await knex('plant_report_labels').where({ shop_floor_id: shopFloorId }).first();
  return row ? (row.labels as string[]) : [];
}

/** The line a report belongs to, found by the name the spec's calls send. */
export interface ReportLine {
  lineId: number;
  shopFloorId: number;
  lineName: string;
}

/**
 * The line a report query names (`line_name`), from the read tables. Names are unique
 * within a shop floor only, so when two shop floors have a line of that name the user's
 * default station decides; if it cannot, the request is refused rather than guessed
 * (the report commands apply the same rule to the plant stream).
 */
export async function resolveReportLine(knex: Knex, lineName: string, username: string): Promise<ReportLine> {
  const rows: Array<{ id: number; shop_floor_id: number; name: string }> = await knex('plant_lines')
    .where({ retired: false, name: lineName.trim() })
    .orderBy('id')
    .select('id', 'shop_floor_id', 'name');
  const toLine = (r: (typeof rows)[number]): ReportLine => ({ lineId: Number(r.id), shopFloorId: Number(r.shop_floor_id), lineName: r.name });
  if (rows.length === 0) throw notFound('Linea non trovata');
  if (rows.length === 1) return toLine(rows[0]!);
  const station = await knex('default_stations').where({ username: username.toLowerCase() }).first('shop_floor_id');
  const mine = station ? rows.filter((r) => Number(r.shop_floor_id) === Number(station.shop_floor_id)) : [];
  if (mine.length === 1) return toLine(mine[0]!);
  throw validationError('Più reparti hanno una linea con questo nome: scegli il reparto nella stazione di default', { line_name: 'Linea ambigua' });
}
