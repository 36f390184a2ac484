import { validationError } from '../../domain/shared/errors.js';
import type { PlantEvent } from '../../domain/plant/events.js';
import { activeChildren, PLANT_KINDS, type PlantItem, type PlantKind, type PlantState } from '../../domain/plant/state.js';

/** What a plant file says about one item: its name and, optionally, the recorded id it stands for. */
export interface DesiredItem {
  id?: number;
  name: string;
}

const LABELS: Record<PlantKind, string> = {
  shopFloor: 'reparto',
  line: 'linea',
  equipment: 'macchina',
  workpoint: 'area',
  stopCode: 'codice di stop',
  triggeringEvent: 'evento scatenante',
  plannedStopReason: 'causale di fermo pianificato',
};

const RENAMED: Record<PlantKind, (id: number, name: string) => PlantEvent> = {
  shopFloor: (id, name) => ({ type: 'ShopFloorRenamed', data: { shopFloorId: id, name } }),
  line: (id, name) => ({ type: 'LineRenamed', data: { lineId: id, name } }),
  equipment: (id, name) => ({ type: 'EquipmentRenamed', data: { equipmentId: id, name } }),
  workpoint: (id, name) => ({ type: 'WorkpointRenamed', data: { workpointId: id, name } }),
  stopCode: (id, name) => ({ type: 'StopCodeRenamed', data: { stopCodeId: id, name } }),
  triggeringEvent: (id, name) => ({ type: 'TriggeringEventRenamed', data: { triggeringEventId: id, name } }),
  plannedStopReason: (id, name) => ({ type: 'PlannedStopReasonRenamed', data: { plannedStopReasonId: id, name } }),
};

const RETIRED: Record<PlantKind, (id: number) => PlantEvent> = {
  shopFloor: (id) => ({ type: 'ShopFloorRetired', data: { shopFloorId: id } }),
  line: (id) => ({ type: 'LineRetired', data: { lineId: id } }),
  equipment: (id) => ({ type: 'EquipmentRetired', data: { equipmentId: id } }),
  workpoint: (id) => ({ type: 'WorkpointRetired', data: { workpointId: id } }),
  stopCode: (id) => ({ type: 'StopCodeRetired', data: { stopCodeId: id } }),
  triggeringEvent: (id) => ({ type: 'TriggeringEventRetired', data: { triggeringEventId: id } }),
  plannedStopReason: (id) => ({ type: 'PlannedStopReasonRetired', data: { plannedStopReasonId: id } }),
};

/** Children are retired before their parents, so the history reads bottom-up. */
const RETIRE_ORDER: PlantKind[] = ['stopCode', 'workpoint', 'equipment', 'line', 'shopFloor', 'triggeringEvent', 'plannedStopReason'];

/**
 * The diff of a desired structure against the recorded one, accumulated while the
 * file is walked: only additions, renames and retirements become events, and new
 * ids continue each kind's sequence from the state.
 */
export class Reconciliation {
  readonly events: PlantEvent[] = [];
  private readonly lastId: Record<PlantKind, number>;
  private readonly kept = Object.fromEntries(PLANT_KINDS.map((k) => [k, new Set<number>()])) as Record<PlantKind, Set<number>>;

  constructor(readonly state: PlantState) {
    this.lastId = { ...state.lastId };
  }

  emit(event: PlantEvent): void {
    this.events.push(event);
  }

  /**
   * Matches the desired items of one parent to recorded ones (by id first, then by
   * name among the still unmatched siblings), emits additions and renames, and
   * returns each desired item's id with the recorded item when it already existed.
   */
  reconcile(
    kind: PlantKind,
    parentId: number | null,
    items: DesiredItem[],
    path: string,
    added: (id: number, item: DesiredItem, index: number) => PlantEvent,
  ): Array<{ id: number; existing: PlantItem | null }> {
    const claimed = new Set<number>();
    const matched: Array<PlantItem | null> = items.map((item, i) => {
      if (item.id === undefined) return null;
      const existing = this.state.items[kind].get(item.id);
      const at = `${path}[${i}].id`;
      if (!existing || existing.retired)
        throw validationError(`Id sconosciuto (${LABELS[kind]} ${item.id})`, { [at]: `Nessun elemento attivo (${LABELS[kind]}) con id ${item.id}` });
      if (existing.parentId !== parentId) throw validationError('Spostamento non supportato', { [at]: `Non si può spostare ${LABELS[kind]} ${item.id} sotto un altro elemento` });
      if (claimed.has(item.id)) throw validationError('Id ripetuto', { [at]: `Id ${item.id} ripetuto` });
      claimed.add(item.id);
      return existing;
    });
    const siblings = activeChildren(this.state, kind, parentId);
    items.forEach((item, i) => {
      if (matched[i]) return;
      const byName = siblings.find((s) => !claimed.has(s.id) && s.name === item.name);
      if (byName) {
        claimed.add(byName.id);
        matched[i] = byName;
      }
    });
    return items.map((item, i) => {
      const existing = matched[i] ?? null;
      if (!existing) {
        const id = ++this.lastId[kind];
        this.kept[kind].add(id);
        this.emit(added(id, item, i));
        return { id, existing: null };
      }
      this.kept[kind].add(existing.id);
      if (existing.name !== item.name) this.emit(RENAMED[kind](existing.id, item.name));
      return { id: existing.id, existing };
    });
  }

  /** Everything active that the file no longer lists is retired (never deleted: history keeps it). */
  retireTheRest(): void {
    for (const kind of RETIRE_ORDER) {
      for (const item of this.state.items[kind].values()) {
        if (!item.retired && !this.kept[kind].has(item.id)) this.emit(RETIRED[kind](item.id));
      }
    }
  }
}
