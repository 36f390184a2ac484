import type { LineRow, PlantRow } from '../../../projections/plant/plant.queries.js';

/** Shop floors, triggering events, planned stop reasons: what the selectors show. */
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
