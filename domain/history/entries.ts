/**
 * A record's history as auditors read it (docs/audit.md): every event of the record, in
 * stream order, turned into words ('Report inviato') and field-level changes labelled as
 * the pages label them. Pure: events and the plant's names in, entries out; the stream
 * is the only source, so the history can never drift from what happened.
 */
import { DateTime } from 'luxon';
import type { DomainEvent } from '../shared/catalog.js';
import type { PlantKind, PlantState } from '../plant/state.js';
import type { ShiftReportEvent } from '../shiftReports/events.js';
import type { PlannedStopEvent, UnplannedStopEvent } from '../stops/events.js';
import type { RootCauseEvent } from '../rootCauses/events.js';
import type { DbrActionEvent } from '../dbrActions/events.js';
import { PLANT_ZONE } from '../shifts/calendar.js';
import { tickedActionLabels, type StopActionEventField } from '../stops/actions.js';

/** A value as the page shows it; null where the page shows nothing. */
export type HistoryValue = string | number | null;

export interface HistoryChange {
  field: string;
  label: string;
  before: HistoryValue;
  after: HistoryValue;
}

export interface HistoryEntry {
  /** The event's revision in its stream (a day stream holds other stops too, so a stop's revisions may skip). */
  revision: number;
  type: string;
  label: string;
  /** When it happened: the command's clock, as an instant (the API presents it in Europe/Rome). */
  at: string;
  by: { username: string; role: string };
  changes: HistoryChange[];
}

/** The event types and their words, one table for every record kind. */
export const EVENT_LABELS = {
  ShiftReportDraftSaved: 'Bozza salvata',
  ShiftReportSubmitted: 'Report inviato',
  ShiftReportAmended: 'Report corretto',
  UnplannedStopRecorded: 'Stop registrato',
  UnplannedStopDetailEdited: 'Stop modificato',
  UnplannedStopDeleted: 'Stop eliminato',
  PlannedStopRecorded: 'Stop registrato',
  PlannedStopNoteEdited: 'Note modificate',
  PlannedStopDeleted: 'Stop eliminato',
  RootCauseRecorded: 'Analisi salvata',
  DbrActionCreated: 'Azione creata',
  DbrActionMarkedExecuted: 'Azione eseguita',
  DbrActionUnmarkedExecuted: 'Esecuzione annullata',
  DbrActionDeleted: 'Azione eliminata',
  DbrActionTargetSet: 'Obiettivo modificato',
} as const satisfies Record<(ShiftReportEvent | UnplannedStopEvent | PlannedStopEvent | RootCauseEvent | DbrActionEvent)['type'], string>;

/** Field → label, in the order the page shows the fields. */
export type Fields = ReadonlyArray<readonly [field: string, label: string]>;
export type View = Record<string, HistoryValue>;

/** Folds a record's events into what the page shows after each, and diffs consecutive views. */
export function entriesOf<E extends DomainEvent>(
  events: readonly E[],
  fields: Fields,
  view: (before: View | null, event: E) => View | null,
  labels: Readonly<Record<string, string>> = EVENT_LABELS,
): HistoryEntry[] {
  let current: View | null = null;
  return events.map((event) => {
    const next = view(current, event);
    const changes: HistoryChange[] = [];
    if (next) {
      for (const [field, label] of fields) {
        const before = current?.[field] ?? null;
        const after = next[field] ?? null;
        if (before !== after) changes.push({ field, label, before, after });
      }
    }
    current = next ?? current;
    return {
      revision: event.revision,
      type: event.type,
      label: labels[event.type] ?? event.type,
      at: event.metadata.occurredAt,
      by: { username: event.metadata.username, role: event.metadata.role },
      changes,
    };
  });
}

const text = (v: string | null | undefined): string | null => (v === null || v === undefined || v.trim() === '' ? null : v);
const time = (iso: string) => DateTime.fromISO(iso, { zone: PLANT_ZONE }).toFormat('HH:mm');
const date = (day: string) => DateTime.fromISO(day, { zone: PLANT_ZONE }).toFormat('dd/MM/yyyy');
const span = (start: string, end: string) => `${time(start)}–${time(end)}`;
const nameOf = (plant: PlantState, kind: PlantKind, id: number) => plant.items[kind].get(id)?.name ?? `#${id}`;

/** The shop floor's first unit, as the page puts it in the figure labels ('unità' when none is set). */
export function reportFields(unit: string | null): Fields {
  const u = unit || 'unità';
  return [
    ['notes', 'Note di fine turno'],
    ['machine_notes', 'Note macchina'],
    ['production_volume', `Volumi Prodotti [${u}]`],
    ['waste', `Scarto [${u}]`],
    ['working_time', 'Ore Lavorate [h]'],
  ];
}

/**
 * Machine notes as one line per row, cells in the order of the shop floor's report labels
 * as the page's columns (stored rows do not keep an order): 'Macchina: Riempitrice · Nota: Valvola sostituita'.
 */
export function machineNotesText(rows: ReadonlyArray<Record<string, string>>, labels: readonly string[] = []): string | null {
  const rank = (k: string) => (labels.includes(k) ? labels.indexOf(k) : labels.length);
  const lines = rows
    .map((r) =>
      Object.entries(r)
        .filter(([, v]) => v.trim() !== '')
        .sort(([a], [b]) => rank(a) - rank(b))
        .map(([k, v]) => `${k}: ${v}`)
        .join(' · '),
    )
    .filter((l) => l !== '');
  return lines.length > 0 ? lines.join('\n') : null;
}

/** A shift report's stream: every save, submission and amendment, with the figures that changed. */
export function shiftReportHistory(events: readonly DomainEvent[], shopFloor: { unit: string | null; labels: readonly string[] }): HistoryEntry[] {
  return entriesOf(events as unknown as Array<ShiftReportEvent & DomainEvent>, reportFields(shopFloor.unit), (_before, e) => ({
    notes: text(e.data.notes),
    machine_notes: machineNotesText(e.data.machineNotes, shopFloor.labels),
    production_volume: e.data.productionVolume,
    waste: e.data.waste,
    working_time: e.data.workingTime,
  }));
}

export const UNPLANNED_FIELDS: Fields = [
  ['time', 'Orario'],
  ['place', 'Macchina / Area'],
  ['stop_code', 'Codice di stop'],
  ['triggering_event', 'Evento scatenante'],
  ['actions', 'Azioni'],
  ['failure_mode', 'Descrizione'],
  ['corrective_action', 'Azione correttiva'],
];

/** The four action checkboxes as the line log writes them. */
export function actionsText(d: Record<StopActionEventField, boolean>): string | null {
  const names = tickedActionLabels((a) => d[a.event]);
  return names.length > 0 ? names.join(', ') : null;
}

/** One unplanned stop's events (the caller keeps only those of its id); a deletion changes no field. */
export function unplannedStopHistory(events: readonly DomainEvent[], plant: PlantState): HistoryEntry[] {
  return entriesOf(events as unknown as Array<UnplannedStopEvent & DomainEvent>, UNPLANNED_FIELDS, (before, e): View | null => {
    switch (e.type) {
      case 'UnplannedStopRecorded': {
        const d = e.data;
        return {
          time: span(d.startTime, d.endTime),
          place: `${nameOf(plant, 'equipment', d.equipmentId)} / ${nameOf(plant, 'workpoint', d.workpointId)}`,
          stop_code: nameOf(plant, 'stopCode', d.stopCodeId),
          triggering_event: nameOf(plant, 'triggeringEvent', d.triggeringEventId),
          actions: actionsText(d),
          failure_mode: d.failureMode,
          corrective_action: d.correctiveAction,
        };
      }
      case 'UnplannedStopDetailEdited':
        return { ...before, [e.data.field === 'failureMode' ? 'failure_mode' : 'corrective_action']: e.data.value };
      case 'UnplannedStopDeleted':
        return null;
      default: {
        const never: never = e;
        return never;
      }
    }
  });
}

export const PLANNED_FIELDS: Fields = [
  ['time', 'Orario'],
  ['equipment', 'Macchina'],
  ['planned_reason', 'Causale'],
  ['notes', 'Note'],
];

/** One planned stop's events. */
export function plannedStopHistory(events: readonly DomainEvent[], plant: PlantState): HistoryEntry[] {
  return entriesOf(events as unknown as Array<PlannedStopEvent & DomainEvent>, PLANNED_FIELDS, (before, e): View | null => {
    switch (e.type) {
      case 'PlannedStopRecorded':
        return {
          time: span(e.data.startTime, e.data.endTime),
          equipment: nameOf(plant, 'equipment', e.data.equipmentId),
          planned_reason: nameOf(plant, 'plannedStopReason', e.data.plannedReasonId),
          notes: text(e.data.notes),
        };
      case 'PlannedStopNoteEdited':
        return { ...before, notes: text(e.data.notes) };
      case 'PlannedStopDeleted':
        return null;
      default: {
        const never: never = e;
        return never;
      }
    }
  });
}

export const ROOT_CAUSE_FIELDS: Fields = [
  ['root_cause', 'Causa radice'],
  ['troubleshooting', 'Soluzione'],
  ['why_1', 'Perché 1'],
  ['why_2', 'Perché 2'],
  ['why_3', 'Perché 3'],
  ['why_4', 'Perché 4'],
  ['why_5', 'Perché 5'],
  ['category', 'Categoria 6M'],
];

/** A stop's analysis: each save of the Root Cause Tool's boxes, whys and category. */
export function rootCauseHistory(events: readonly DomainEvent[]): HistoryEntry[] {
  return entriesOf(events as unknown as Array<RootCauseEvent & DomainEvent>, ROOT_CAUSE_FIELDS, (_before, e) => ({
    root_cause: text(e.data.rootCause),
    troubleshooting: text(e.data.troubleshooting),
    ...Object.fromEntries(e.data.whys.map((w, i) => [`why_${i + 1}`, text(w)])),
    category: text(e.data.category),
  }));
}

export const DBR_ACTION_FIELDS: Fields = [
  ['line', 'Linea'],
  ['due', 'Scadenza'],
  ['shift', 'Turno'],
  ['equipment', 'Dispositivo'],
  ['activity', 'Attività'],
  ['owner', 'Responsabile'],
  ['support', 'Supporto'],
  ['done', 'Eseguito'],
  ['target_equipment', 'Macchina da migliorare'],
  ['target_stop_code', 'Codice di stop da ridurre'],
];

/** A DBR action: its creation, its ticks (the time as 'Eseguito' shows it) and its deletion. */
export function dbrActionHistory(events: readonly DomainEvent[], plant: PlantState): HistoryEntry[] {
  return entriesOf(events as unknown as Array<DbrActionEvent & DomainEvent>, DBR_ACTION_FIELDS, (before, e): View | null => {
    switch (e.type) {
      case 'DbrActionCreated': {
        const d = e.data;
        return {
          line: nameOf(plant, 'line', d.lineId),
          due: date(d.dueDay),
          shift: d.dueShiftName ?? 'Fine gg',
          equipment: d.equipmentId === null ? 'Non specificato' : nameOf(plant, 'equipment', d.equipmentId),
          activity: d.activity,
          owner: d.owner,
          support: d.supportBy,
          done: null,
        };
      }
      case 'DbrActionMarkedExecuted':
        return { ...before, done: DateTime.fromISO(e.data.executedAt, { zone: PLANT_ZONE }).toFormat('dd/MM/yyyy HH:mm') };
      case 'DbrActionUnmarkedExecuted':
        return { ...before, done: null };
      case 'DbrActionTargetSet': {
        const { equipmentId, stopCodeId } = e.data;
        return {
          ...before,
          target_equipment: equipmentId === null ? null : nameOf(plant, 'equipment', equipmentId),
          target_stop_code: stopCodeId === null ? null : nameOf(plant, 'stopCode', stopCodeId),
        };
      }
      case 'DbrActionDeleted':
        return null;
      default: {
        const never: never = e;
        return never;
      }
    }
  });
}
