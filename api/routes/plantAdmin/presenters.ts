import type { PlantChange } from '../../../domain/plant/changes.js';
import type { PlantRefs } from '../../../projections/plant/plantRefs.queries.js';

/** A change as the calls answer it: the words of the change, and for a retirement what still refers to the item. */
export interface PresentedChange extends PlantChange {
  refs?: string[];
}

/** The references of one retired item, in Italian, as the page lists them before 'Applica'. */
export function refsOf(change: PlantChange, refs: PlantRefs): string[] {
  const out: string[] = [];
  const actionHit = (a: PlantRefs['openActions'][number]) =>
    (change.kind === 'line' && a.lineId === change.id) ||
    (change.kind === 'equipment' && (a.equipmentId === change.id || a.targetEquipmentId === change.id)) ||
    (change.kind === 'stopCode' && a.targetStopCodeId === change.id);
  for (const a of refs.openActions.filter(actionHit)) out.push(`Azione DBR aperta n. ${a.id} (${a.dueDate}): ${a.activity}`);
  const stationHit = (s: PlantRefs['stations'][number]) =>
    (change.kind === 'shopFloor' && s.shopFloorId === change.id) ||
    (change.kind === 'line' && s.lineId === change.id) ||
    (change.kind === 'equipment' && s.equipmentId === change.id);
  for (const s of refs.stations.filter(stationHit)) out.push(`Stazione predefinita di ${s.username}`);
  return out;
}

export function presentChanges(changes: PlantChange[], refs: PlantRefs): PresentedChange[] {
  return changes.map((c) => {
    if (c.change !== 'retired') return c;
    const found = refsOf(c, refs);
    return found.length > 0 ? { ...c, refs: found } : c;
  });
}

/** `Confezionamento › Linea 1 › Filler`: an item's place, as messages name it. */
export const placeOf = (c: PlantChange) => [...c.path, c.name].join(' › ');
