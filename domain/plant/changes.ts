import type { DbrEvent } from '../dbr/events.js';
import type { PlantEvent } from './events.js';
import { evolvePlant, type PlantKind, type PlantState } from './state.js';

/**
 * One recorded change of the plant in words an admin reviews before 'Applica': what kind of item,
 * where it sits (the names of its parents), and whether it is added, renamed, retired or has a
 * setting changed. The preview and the apply describe their events with this same function, so
 * what was reviewed is what gets recorded.
 */
export interface PlantChange {
  /** The event type the change records. */
  event: string;
  change: 'added' | 'renamed' | 'retired' | 'changed';
  kind: PlantKind;
  id: number;
  /** Names of the parents, shop floor first; empty for a shop floor, a triggering event or a planned stop reason. */
  path: string[];
  name: string;
  /** A rename's name before. */
  previousName?: string;
  /** A setting's new value in words ('Unità di misura: pz / cartoni / pallet'). */
  detail?: string;
}

const PARENT: Record<PlantKind, PlantKind | null> = {
  shopFloor: null,
  line: 'shopFloor',
  equipment: 'line',
  workpoint: 'equipment',
  stopCode: 'workpoint',
  triggeringEvent: null,
  plannedStopReason: null,
};

/** The names of an item's parents, outermost first. */
export function pathOf(state: PlantState, kind: PlantKind, id: number): string[] {
  const out: string[] = [];
  let parentKind = PARENT[kind];
  let parentId = state.items[kind].get(id)?.parentId ?? null;
  while (parentKind && parentId !== null) {
    const parent = state.items[parentKind].get(parentId);
    if (!parent) break;
    out.unshift(parent.name);
    parentId = parent.parentId;
    parentKind = PARENT[parentKind];
  }
  return out;
}

const CATEGORY: Record<string, string> = { excluded: 'esclusa dal tempo pianificato', loss: 'perdita' };

/**
 * Describes events decided on `before`, in order. Names and paths are read from the state after
 * all of them, so an item added with its parent in the same set has its path.
 */
export function describePlantChanges(before: PlantState, events: ReadonlyArray<PlantEvent | DbrEvent>): PlantChange[] {
  const after = events.reduce((s, e) => (e.type === 'DbrConstantsSet' ? s : evolvePlant(s, e)), before);
  const item = (event: string, change: PlantChange['change'], kind: PlantKind, id: number, extra: Partial<PlantChange> = {}): PlantChange => ({
    event,
    change,
    kind,
    id,
    path: pathOf(after, kind, id),
    name: after.items[kind].get(id)?.name ?? before.items[kind].get(id)?.name ?? '',
    ...extra,
  });
  const renamed = (event: string, kind: PlantKind, id: number, name: string) => item(event, 'renamed', kind, id, { name, previousName: before.items[kind].get(id)?.name ?? '' });
  return events.map((e): PlantChange => {
    switch (e.type) {
      case 'ShopFloorAdded':
        return item(e.type, 'added', 'shopFloor', e.data.shopFloorId);
      case 'ShopFloorRenamed':
        return renamed(e.type, 'shopFloor', e.data.shopFloorId, e.data.name);
      case 'ShopFloorRetired':
        return item(e.type, 'retired', 'shopFloor', e.data.shopFloorId);
      case 'UnitsOfMeasurementSet':
        return item(e.type, 'changed', 'shopFloor', e.data.shopFloorId, {
          detail: `Unità di misura: ${[e.data.unit1, e.data.unit2, e.data.unit3].filter(Boolean).join(' / ')}`,
        });
      case 'ReportLabelsSet':
        return item(e.type, 'changed', 'shopFloor', e.data.shopFloorId, { detail: `Etichette del rapporto: ${e.data.labels.join(', ') || 'nessuna'}` });
      case 'ShiftPatternsSet': {
        const shifts = e.data.patterns.map((p) => `${p.code} ${p.start}-${p.end}${p.extra ? ' (extra)' : ''}`).join(', ') || 'nessuno';
        return item(e.type, 'changed', 'shopFloor', e.data.shopFloorId, {
          detail: `Turni: ${shifts}; turno extra ${e.data.manageExtraShift ? 'gestito' : 'non gestito'}`,
        });
      }
      case 'LineAdded':
        return item(e.type, 'added', 'line', e.data.lineId, { detail: `Macchina di riferimento: ${e.data.referenceMachine}` });
      case 'LineRenamed':
        return renamed(e.type, 'line', e.data.lineId, e.data.name);
      case 'LineReferenceMachineChanged':
        return item(e.type, 'changed', 'line', e.data.lineId, { detail: `Macchina di riferimento: ${e.data.referenceMachine}` });
      case 'LineCountingEquipmentSet': {
        const counting = e.data.equipmentId === null ? "l'ultima della linea" : (after.items.equipment.get(e.data.equipmentId)?.name ?? '');
        return item(e.type, 'changed', 'line', e.data.lineId, { detail: `Macchina che conta i pezzi: ${counting}` });
      }
      case 'LineStopThresholdSet':
        return item(e.type, 'changed', 'line', e.data.lineId, {
          detail: `Soglia di fermo: ${e.data.minutes === null ? 'quella predefinita' : `${e.data.minutes} min`}`,
        });
      case 'LineRetired':
        return item(e.type, 'retired', 'line', e.data.lineId);
      case 'EquipmentAdded':
        return item(e.type, 'added', 'equipment', e.data.equipmentId);
      case 'EquipmentRenamed':
        return renamed(e.type, 'equipment', e.data.equipmentId, e.data.name);
      case 'EquipmentRetired':
        return item(e.type, 'retired', 'equipment', e.data.equipmentId);
      case 'WorkpointAdded':
        return item(e.type, 'added', 'workpoint', e.data.workpointId);
      case 'WorkpointRenamed':
        return renamed(e.type, 'workpoint', e.data.workpointId, e.data.name);
      case 'WorkpointRetired':
        return item(e.type, 'retired', 'workpoint', e.data.workpointId);
      case 'StopCodeAdded':
        return item(e.type, 'added', 'stopCode', e.data.stopCodeId);
      case 'StopCodeRenamed':
        return renamed(e.type, 'stopCode', e.data.stopCodeId, e.data.name);
      case 'StopCodeRetired':
        return item(e.type, 'retired', 'stopCode', e.data.stopCodeId);
      case 'TriggeringEventAdded':
        return item(e.type, 'added', 'triggeringEvent', e.data.triggeringEventId);
      case 'TriggeringEventRenamed':
        return renamed(e.type, 'triggeringEvent', e.data.triggeringEventId, e.data.name);
      case 'TriggeringEventRetired':
        return item(e.type, 'retired', 'triggeringEvent', e.data.triggeringEventId);
      case 'PlannedStopReasonAdded':
        return item(e.type, 'added', 'plannedStopReason', e.data.plannedStopReasonId);
      case 'PlannedStopReasonRenamed':
        return renamed(e.type, 'plannedStopReason', e.data.plannedStopReasonId, e.data.name);
      case 'PlannedStopReasonRetired':
        return item(e.type, 'retired', 'plannedStopReason', e.data.plannedStopReasonId);
      case 'PlannedStopReasonCategorySet':
        return item(e.type, 'changed', 'plannedStopReason', e.data.plannedStopReasonId, { detail: `Categoria OEE: ${CATEGORY[e.data.oeeCategory]}` });
      case 'DbrConstantsSet':
        return item(e.type, 'changed', 'line', e.data.lineId, { detail: `Costanti DBR: velocità ${e.data.constants.def_speed}` });
      default: {
        const never: never = e;
        return never;
      }
    }
  });
}
