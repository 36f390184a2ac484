import type { PlantEvent, ShiftPattern } from './events.js';
import type { Fold } from '../shared/fold.js';
import { defaultOeeCategory, type OeeCategory } from '../oee/categories.js';

/** The kinds of things a plant is made of; each has its own id sequence starting at 1. */
export const PLANT_KINDS = ['shopFloor', 'line', 'equipment', 'workpoint', 'stopCode', 'triggeringEvent', 'plannedStopReason'] as const;
export type PlantKind = (typeof PLANT_KINDS)[number];

export interface PlantItem {
  id: number;
  name: string;
  /** Shop floor of a line, line of an equipment, equipment of a workpoint, workpoint of a stop code. */
  parentId: number | null;
  retired: boolean;
  /** Lines only. */
  referenceMachine?: string;
  /** Lines only: the machine that counts the line's output, when the plant file names one. */
  countingEquipmentId?: number | null;
  /** Lines only: its own machine stop threshold in minutes; null or absent, the plant's default. */
  stopThresholdMinutes?: number | null;
  /** Planned stop reasons only: excluded from the planned time, or a setup loss (docs/oee.md). */
  oeeCategory?: OeeCategory;
}

export interface Units {
  unit1: string;
  unit2: string;
  unit3: string;
}

export interface ShopFloorSettings {
  units: Units | null;
  reportLabels: string[];
  manageExtraShift: boolean;
  patterns: ShiftPattern[];
}

export interface PlantState {
  items: Record<PlantKind, ReadonlyMap<number, PlantItem>>;
  /** Highest id ever given per kind; retired ids are never reused. */
  lastId: Record<PlantKind, number>;
  settings: ReadonlyMap<number, ShopFloorSettings>;
}

const emptyRecord = <T>(make: () => T) => Object.fromEntries(PLANT_KINDS.map((k) => [k, make()])) as Record<PlantKind, T>;

export const initialPlantState: PlantState = {
  items: emptyRecord(() => new Map<number, PlantItem>()),
  lastId: emptyRecord(() => 0),
  settings: new Map(),
};

export const DEFAULT_SETTINGS: ShopFloorSettings = { units: null, reportLabels: [], manageExtraShift: false, patterns: [] };

function added(state: PlantState, kind: PlantKind, item: Omit<PlantItem, 'retired'>): PlantState {
  const map = new Map(state.items[kind]).set(item.id, { ...item, retired: false });
  return { ...state, items: { ...state.items, [kind]: map }, lastId: { ...state.lastId, [kind]: Math.max(state.lastId[kind], item.id) } };
}

function changed(state: PlantState, kind: PlantKind, id: number, patch: Partial<PlantItem>): PlantState {
  const current = state.items[kind].get(id);
  if (!current) return state;
  return { ...state, items: { ...state.items, [kind]: new Map(state.items[kind]).set(id, { ...current, ...patch }) } };
}

function configured(state: PlantState, shopFloorId: number, patch: Partial<ShopFloorSettings>): PlantState {
  const current = state.settings.get(shopFloorId) ?? DEFAULT_SETTINGS;
  return { ...state, settings: new Map(state.settings).set(shopFloorId, { ...current, ...patch }) };
}

export function evolvePlant(state: PlantState, event: PlantEvent): PlantState {
  switch (event.type) {
    case 'ShopFloorAdded':
      return added(state, 'shopFloor', { id: event.data.shopFloorId, name: event.data.name, parentId: null });
    case 'ShopFloorRenamed':
      return changed(state, 'shopFloor', event.data.shopFloorId, { name: event.data.name });
    case 'ShopFloorRetired':
      return changed(state, 'shopFloor', event.data.shopFloorId, { retired: true });
    case 'UnitsOfMeasurementSet': {
      const { shopFloorId, unit1, unit2, unit3 } = event.data;
      return configured(state, shopFloorId, { units: { unit1, unit2, unit3 } });
    }
    case 'ReportLabelsSet':
      return configured(state, event.data.shopFloorId, { reportLabels: event.data.labels });
    case 'ShiftPatternsSet':
      return configured(state, event.data.shopFloorId, { manageExtraShift: event.data.manageExtraShift, patterns: event.data.patterns });
    case 'LineAdded': {
      const { lineId, shopFloorId, name, referenceMachine } = event.data;
      return added(state, 'line', { id: lineId, name, parentId: shopFloorId, referenceMachine });
    }
    case 'LineRenamed':
      return changed(state, 'line', event.data.lineId, { name: event.data.name });
    case 'LineReferenceMachineChanged':
      return changed(state, 'line', event.data.lineId, { referenceMachine: event.data.referenceMachine });
    case 'LineCountingEquipmentSet':
      return changed(state, 'line', event.data.lineId, { countingEquipmentId: event.data.equipmentId });
    case 'LineStopThresholdSet':
      return changed(state, 'line', event.data.lineId, { stopThresholdMinutes: event.data.minutes });
    case 'LineRetired':
      return changed(state, 'line', event.data.lineId, { retired: true });
    case 'EquipmentAdded':
      return added(state, 'equipment', { id: event.data.equipmentId, name: event.data.name, parentId: event.data.lineId });
    case 'EquipmentRenamed':
      return changed(state, 'equipment', event.data.equipmentId, { name: event.data.name });
    case 'EquipmentRetired':
      return changed(state, 'equipment', event.data.equipmentId, { retired: true });
    case 'WorkpointAdded':
      return added(state, 'workpoint', { id: event.data.workpointId, name: event.data.name, parentId: event.data.equipmentId });
    case 'WorkpointRenamed':
      return changed(state, 'workpoint', event.data.workpointId, { name: event.data.name });
    case 'WorkpointRetired':
      return changed(state, 'workpoint', event.data.workpointId, { retired: true });
    case 'StopCodeAdded':
      return added(state, 'stopCode', { id: event.data.stopCodeId, name: event.data.name, parentId: event.data.workpointId });
    case 'StopCodeRenamed':
      return changed(state, 'stopCode', event.data.stopCodeId, { name: event.data.name });
    case 'StopCodeRetired':
      return changed(state, 'stopCode', event.data.stopCodeId, { retired: true });
    case 'TriggeringEventAdded':
      return added(state, 'triggeringEvent', { id: event.data.triggeringEventId, name: event.data.name, parentId: null });
    case 'TriggeringEventRenamed':
      return changed(state, 'triggeringEvent', event.data.triggeringEventId, { name: event.data.name });
    case 'TriggeringEventRetired':
      return changed(state, 'triggeringEvent', event.data.triggeringEventId, { retired: true });
    case 'PlannedStopReasonAdded':
      return added(state, 'plannedStopReason', {
        id: event.data.plannedStopReasonId,
        name: event.data.name,
        parentId: null,
        oeeCategory: defaultOeeCategory(event.data.name),
      });
    case 'PlannedStopReasonRenamed':
      return changed(state, 'plannedStopReason', event.data.plannedStopReasonId, { name: event.data.name });
    case 'PlannedStopReasonRetired':
      return changed(state, 'plannedStopReason', event.data.plannedStopReasonId, { retired: true });
    case 'PlannedStopReasonCategorySet':
      return changed(state, 'plannedStopReason', event.data.plannedStopReasonId, { oeeCategory: event.data.oeeCategory });
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** An item that exists and is not retired, or null: retired structure is history, not a choice. */
export function activeItem(state: PlantState, kind: PlantKind, id: number): PlantItem | null {
  const item = state.items[kind].get(id);
  return item && !item.retired ? item : null;
}

export function activeChildren(state: PlantState, kind: PlantKind, parentId: number | null): PlantItem[] {
  return [...state.items[kind].values()].filter((i) => !i.retired && i.parentId === parentId);
}

export function settingsOf(state: PlantState, shopFloorId: number): ShopFloorSettings {
  return state.settings.get(shopFloorId) ?? DEFAULT_SETTINGS;
}

/** How the aggregate's stream folds into PlantState: what its commands decide on. */
export const plantFold: Fold<PlantState, PlantEvent> = {
  initialState: initialPlantState,
  evolve: evolvePlant,
};
