/**
 * The draft of the 'Impianto' page: a copy of the plant file the admin edits before 'Applica'.
 * Items read from the server carry their id, so a changed name is a rename and a removed item
 * is retired; new items have none. The server decides what the draft means (the preview).
 */
import type { PlantChange } from '../../../../../domain/plant/changes.js';

export interface DraftLeaf {
  id?: number;
  name: string;
}
export interface DraftReason extends DraftLeaf {
  oeeCategory?: 'excluded' | 'loss';
}
export interface DraftWorkpoint extends DraftLeaf {
  stopCodes: DraftLeaf[];
}
export interface DraftEquipment extends DraftLeaf {
  workpoints: DraftWorkpoint[];
}
export interface DraftLine extends DraftLeaf {
  referenceMachine: string;
  countingEquipment?: string;
  equipments: DraftEquipment[];
  dbrConstants?: Record<string, number>;
  stopThresholdMinutes?: number;
}
export interface DraftShift {
  name: string;
  code: string;
  start: string;
  end: string;
  extra?: boolean;
}
export interface DraftShopFloor extends DraftLeaf {
  units: { unit1: string; unit2: string; unit3: string };
  reportLabels: string[];
  manageExtraShift: boolean;
  shifts: DraftShift[];
  lines: DraftLine[];
}
export interface PlantDraft {
  shopFloors: DraftShopFloor[];
  triggeringEvents: DraftLeaf[];
  plannedStopReasons: DraftReason[];
}

export const EMPTY_PLANT: PlantDraft = { shopFloors: [], triggeringEvents: [], plannedStopReasons: [] };

/** The draft after `edit`, which may mutate the copy it is given: the state the page keeps is never mutated. */
export function withEdit(draft: PlantDraft, edit: (copy: PlantDraft) => void): PlantDraft {
  const copy = structuredClone(draft);
  edit(copy);
  return copy;
}

/** Moves a list's item by one place up (-1) or down (+1); nothing at the ends. */
export function move<T>(list: T[], index: number, delta: -1 | 1): void {
  const to = index + delta;
  if (to < 0 || to >= list.length) return;
  const [item] = list.splice(index, 1);
  list.splice(to, 0, item!);
}

/** A new shop floor with the units a packaging plant starts from; its shifts are the three of a day unless the admin changes them. */
export function newShopFloor(name: string): DraftShopFloor {
  return {
    name,
    units: { unit1: 'pz', unit2: '', unit3: '' },
    reportLabels: [],
    manageExtraShift: false,
    shifts: [
      { name: 'Turno A', code: 'A', start: '06:00', end: '14:00' },
      { name: 'Turno B', code: 'B', start: '14:00', end: '22:00' },
      { name: 'Turno C', code: 'C', start: '22:00', end: '06:00' },
    ],
    lines: [],
  };
}

export const newLine = (name: string): DraftLine => ({ name, referenceMachine: '', equipments: [] });
export const newEquipment = (name: string): DraftEquipment => ({ name, workpoints: [] });
export const newWorkpoint = (name: string): DraftWorkpoint => ({ name, stopCodes: [] });

/**
 * The draft as the calls take it: a line whose reference machine was left empty takes its first
 * machine (the page offers the line's machines for it), names are trimmed.
 */
export function forServer(draft: PlantDraft): PlantDraft {
  return withEdit(draft, (d) => {
    for (const floor of d.shopFloors) {
      for (const line of floor.lines) {
        if (!line.referenceMachine.trim() && line.equipments[0]) line.referenceMachine = line.equipments[0].name;
      }
    }
  });
}

/** Whether the draft differs from the plant it was read from. */
export function isChanged(draft: PlantDraft, original: PlantDraft): boolean {
  return JSON.stringify(draft) !== JSON.stringify(original);
}

/**
 * The keys of the tree nodes a search shows (a matching item, its parents and its children),
 * or null when the search is empty. Keys are the items' places: `0`, `0.1`, `0.1.2`, ...
 */
export function searchKeys(draft: PlantDraft, search: string): Set<string> | null {
  const q = search.trim().toLowerCase();
  if (!q) return null;
  const keys = new Set<string>();
  const walk = (node: TreeNode, inherited: boolean): boolean => {
    const self = inherited || node.name.toLowerCase().includes(q);
    const inChildren = node.children.map((c) => walk(c, self)).some(Boolean);
    if (self || inChildren) keys.add(node.key);
    return self || inChildren;
  };
  treeOf(draft).forEach((n) => walk(n, false));
  return keys;
}

interface TreeNode {
  name: string;
  key: string;
  children: TreeNode[];
}

function treeOf(draft: PlantDraft): TreeNode[] {
  const node = (name: string, key: string, children: TreeNode[] = []): TreeNode => ({ name, key, children });
  return draft.shopFloors.map((f, fi) =>
    node(
      f.name,
      `${fi}`,
      f.lines.map((l, li) =>
        node(
          l.name,
          `${fi}.${li}`,
          l.equipments.map((e, ei) =>
            node(
              e.name,
              `${fi}.${li}.${ei}`,
              e.workpoints.map((w, wi) =>
                node(
                  w.name,
                  `${fi}.${li}.${ei}.${wi}`,
                  w.stopCodes.map((c, ci) => node(c.name, `${fi}.${li}.${ei}.${wi}.${ci}`)),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/**
 * A refused field's message for a place in the draft (`shopFloors.0.lines.1.name`): the calls name
 * fields as `plant.shopFloors.0.lines.1.name` or, for the ids the decider refuses, `shopFloors[0].lines[1].id`.
 */
export function fieldMessage(fields: Record<string, string> | undefined, path: string): string | undefined {
  if (!fields) return undefined;
  for (const [key, message] of Object.entries(fields)) {
    const normal = key.replace(/^plant\./, '').replace(/\[(\d+)\]/g, '.$1');
    if (normal === path) return message;
  }
  return undefined;
}

const KIND_LABELS: Record<PlantChange['kind'], string> = {
  shopFloor: 'Reparto',
  line: 'Linea',
  equipment: 'Macchina',
  workpoint: 'Area',
  stopCode: 'Codice di stop',
  triggeringEvent: 'Evento scatenante',
  plannedStopReason: 'Causale di fermo pianificato',
};

const CHANGE_LABELS: Record<PlantChange['change'], string> = { added: 'Aggiunto', renamed: 'Rinominato', retired: 'Ritirato', changed: 'Modificato' };

/** One change in a line of Italian: 'Aggiunto · Macchina · Confezionamento › Linea 1 › Etichettatrice'. */
export function changeText(c: PlantChange): string {
  const place = [...c.path, c.name].join(' › ');
  const what = c.change === 'renamed' ? `${[...c.path, c.previousName ?? ''].join(' › ')} → ${c.name}` : place;
  return [CHANGE_LABELS[c.change], KIND_LABELS[c.kind], what, c.detail].filter(Boolean).join(' · ');
}
