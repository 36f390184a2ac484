import type { ShiftsScheduled } from '../../domain/shifts/events.js';
import type { stopEvents } from '../../domain/stops/events.js';
import type { DomainEventOf } from '../types.js';
import type { PlannedRow, ShiftRow, UnplannedRow } from './stopsColumns.js';
import { scheduledShiftRow } from '../shifts/shiftRow.js';

/** The events the stops read model is built from: the six stop events and the shift calendar. */
export type StopsProjectionEvent = DomainEventOf<(typeof stopEvents)[number] | typeof ShiftsScheduled>;

/** Changes to a stop recorded in an earlier batch; null (or false) leaves the column as it is. */
export interface UnplannedPatch {
  id: number;
  failure_mode: string | null;
  corrective_action: string | null;
  deleted: boolean;
  updated_at: string;
}

export interface PlannedPatch {
  id: number;
  /** Whether `notes` is to be written: a note may be emptied to null. */
  notes_set: boolean;
  notes: string | null;
  deleted: boolean;
  updated_at: string;
}

/** A batch folded to what must be written: one entry per stop and per shift. */
export interface StopsBatch {
  unplanned: Map<number, UnplannedRow>;
  unplannedPatches: Map<number, UnplannedPatch>;
  planned: Map<number, PlannedRow>;
  plannedPatches: Map<number, PlannedPatch>;
  shifts: Map<number, ShiftRow>;
}

/** Columns both kinds share, as a record gives them. */
const place = (d: { stopId: number; shopFloorId: number; lineId: number; equipmentId: number; startTime: string; endTime: string }, updated_at: string) => ({
  id: d.stopId,
  shop_floor_id: d.shopFloorId,
  line_id: d.lineId,
  equipment_id: d.equipmentId,
  start_time: d.startTime,
  end_time: d.endTime,
  deleted: false,
  updated_at,
});

/** A deletion: on the batch's row of a stop recorded in it, else on the patch of a stop recorded before. */
const deleted = (row: { deleted: boolean; updated_at: string } | undefined, patch: () => { deleted: boolean }, at: string) => {
  if (row) {
    row.deleted = true;
    row.updated_at = at;
  } else patch().deleted = true;
};

/**
 * Folds a batch in global order, as applying the events one by one would: a stop recorded
 * in the batch becomes one whole row with its later edits and deletion already in it
 * (a record replaces the row, so it also drops earlier changes); a stop recorded before
 * the batch gets one patch holding the last value of each changed column.
 */
export function foldStopsBatch(events: readonly StopsProjectionEvent[]): StopsBatch {
  const b: StopsBatch = { unplanned: new Map(), unplannedPatches: new Map(), planned: new Map(), plannedPatches: new Map(), shifts: new Map() };
  const unplannedPatch = (id: number, at: string): UnplannedPatch => {
    let p = b.unplannedPatches.get(id);
    if (!p) b.unplannedPatches.set(id, (p = { id, failure_mode: null, corrective_action: null, deleted: false, updated_at: at }));
    p.updated_at = at;
    return p;
  };
  const plannedPatch = (id: number, at: string): PlannedPatch => {
    let p = b.plannedPatches.get(id);
    if (!p) b.plannedPatches.set(id, (p = { id, notes_set: false, notes: null, deleted: false, updated_at: at }));
    p.updated_at = at;
    return p;
  };
  for (const event of events) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'UnplannedStopRecorded': {
        const d = event.data;
        b.unplannedPatches.delete(d.stopId);
        b.unplanned.set(d.stopId, {
          id: d.stopId,
          shop_floor_id: d.shopFloorId,
          line_id: d.lineId,
          equipment_id: d.equipmentId,
          start_time: d.startTime,
          end_time: d.endTime,
          deleted: false,
          updated_at: at,
          workpoint_id: d.workpointId,
          stop_code_id: d.stopCodeId,
          triggering_event_id: d.triggeringEventId,
          failure_mode: d.failureMode,
          corrective_action: d.correctiveAction,
          action_material_change: d.actionMaterialChange,
          action_cleaning: d.actionCleaning,
          action_setting_adjustment: d.actionSettingAdjustment,
          action_component_restore: d.actionComponentRestore,
        });
        break;
      }
      case 'UnplannedStopDetailEdited': {
        const column = event.data.field === 'failureMode' ? 'failure_mode' : 'corrective_action';
        const row = b.unplanned.get(event.data.stopId);
        // Plain assignments keep the rows' shape, so reading their columns stays fast.
        if (row) {
          if (column === 'failure_mode') row.failure_mode = event.data.value;
          else row.corrective_action = event.data.value;
          row.updated_at = at;
        } else unplannedPatch(event.data.stopId, at)[column] = event.data.value;
        break;
      }
      case 'UnplannedStopDeleted':
        deleted(b.unplanned.get(event.data.stopId), () => unplannedPatch(event.data.stopId, at), at);
        break;
      case 'PlannedStopRecorded': {
        const d = event.data;
        b.plannedPatches.delete(d.stopId);
        b.planned.set(d.stopId, { ...place(d, at), planned_reason_id: d.plannedReasonId, notes: d.notes });
        break;
      }
      case 'PlannedStopNoteEdited': {
        const row = b.planned.get(event.data.stopId);
        if (row) Object.assign(row, { notes: event.data.notes, updated_at: at });
        else Object.assign(plannedPatch(event.data.stopId, at), { notes_set: true, notes: event.data.notes });
        break;
      }
      case 'PlannedStopDeleted':
        deleted(b.planned.get(event.data.stopId), () => plannedPatch(event.data.stopId, at), at);
        break;
      case 'ShiftsScheduled': {
        const { shopFloorId } = event.data;
        for (const s of event.data.shifts) {
          b.shifts.set(s.shiftId, scheduledShiftRow(shopFloorId, s));
        }
        break;
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  }
  return b;
}
