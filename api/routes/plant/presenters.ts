import type { LineRow, PlantRow, ShopFloorRow } from '../../../projections/plant/plant.queries.js';

/** A shop floor (Reparto) and whether it manages the extra shift: the dashboards then ask `shifts-range` with `extraShift=true`. */
export const presentShopFloor = (r: ShopFloorRow) => ({ id: r.id, name: r.name, manageExtraShift: r.manageExtraShift });

/** Triggering events, planned stop reasons: what the selectors show. */
export const presentNamed = (r: PlantRow) => ({ id: r.id, name: r.name });

/** Children carry their parent's id under the spec's column name, so the UI can cross-check a choice. */
export const presentChild = (parentKey: string) => (r: PlantRow) => ({ id: r.id, name: r.name, [parentKey]: r.parentId });

export const presentRefMachine = (line: LineRow) => ({ name: line.referenceMachine });

export const presentUnits = (shopFloorId: number, u: { unit1: string; unit2: string; unit3: string }) => ({
  unit1: u.unit1,
  unit2: u.unit2,
  unit3: u.unit3,
  shopfloor_id: shopFloorId,
});
