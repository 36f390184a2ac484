/**
 * The line log as it stood at a moment (docs/audit.md): the state folded from the events
 * that happened up to that instant, inclusive, so asking at an event's own time includes it.
 * "Happened" is the event's `occurredAt` (the command's clock), the same instant the read
 * models and the history show. Pure: events in, state out.
 */
import type { DomainEvent } from '../shared/catalog.js';
import type { ReportContent, ShiftReportEvent } from '../shiftReports/events.js';
import type { PlannedStopEvent, PlannedStopRecordedData, UnplannedStopEvent, UnplannedStopRecordedData } from '../stops/events.js';
import type { RootCauseEvent } from '../rootCauses/events.js';
import { evolveRootCause, initialRootCauseState, type RootCauseState } from '../rootCauses/state.js';

/** The events that had happened at `asOf` (inclusive), in their stream order. */
export function upTo<E extends DomainEvent>(events: readonly E[], asOf: Date): E[] {
  const limit = asOf.getTime();
  return events.filter((e) => Date.parse(e.metadata.occurredAt) <= limit);
}

/** A report as of a moment: what GET /factory/shift_notes shows, or null when nothing had been saved yet. */
export interface ReportAsOf extends ReportContent {
  confirmed: boolean;
  revision: number;
  updatedAt: Date;
  updatedBy: string;
}

export function reportAsOf(events: readonly DomainEvent[], asOf: Date): ReportAsOf | null {
  const seen = upTo(events as unknown as Array<ShiftReportEvent & DomainEvent>, asOf);
  const last = seen.at(-1);
  if (!last) return null;
  const d = last.data;
  return {
    notes: d.notes,
    machineNotes: d.machineNotes,
    productionVolume: d.productionVolume,
    waste: d.waste,
    workingTime: d.workingTime,
    confirmed: seen.some((e) => e.type !== 'ShiftReportDraftSaved'),
    revision: last.revision,
    updatedAt: new Date(last.metadata.occurredAt),
    updatedBy: d.by,
  };
}

/** The unplanned stops of some streams as of a moment, by id (deleted ones left out). */
export function unplannedStopsAsOf(events: readonly DomainEvent[], asOf: Date): Map<number, UnplannedStopRecordedData> {
  const stops = new Map<number, UnplannedStopRecordedData>();
  for (const e of upTo(events as unknown as Array<UnplannedStopEvent & DomainEvent>, asOf)) {
    switch (e.type) {
      case 'UnplannedStopRecorded':
        stops.set(e.data.stopId, e.data);
        break;
      case 'UnplannedStopDetailEdited': {
        const s = stops.get(e.data.stopId);
        if (s) stops.set(s.stopId, { ...s, [e.data.field]: e.data.value });
        break;
      }
      case 'UnplannedStopDeleted':
        stops.delete(e.data.stopId);
        break;
      default: {
        const never: never = e;
        return never;
      }
    }
  }
  return stops;
}

/** The planned stops of some streams as of a moment, by id. */
export function plannedStopsAsOf(events: readonly DomainEvent[], asOf: Date): Map<number, PlannedStopRecordedData> {
  const stops = new Map<number, PlannedStopRecordedData>();
  for (const e of upTo(events as unknown as Array<PlannedStopEvent & DomainEvent>, asOf)) {
    switch (e.type) {
      case 'PlannedStopRecorded':
        stops.set(e.data.stopId, e.data);
        break;
      case 'PlannedStopNoteEdited': {
        const s = stops.get(e.data.stopId);
        if (s) stops.set(s.stopId, { ...s, notes: e.data.notes });
        break;
      }
      case 'PlannedStopDeleted':
        stops.delete(e.data.stopId);
        break;
      default: {
        const never: never = e;
        return never;
      }
    }
  }
  return stops;
}

/** A stop's analysis as of a moment, or null when none had been saved. */
export function rootCauseAsOf(events: readonly DomainEvent[], asOf: Date): RootCauseState | null {
  const last = upTo(events as unknown as Array<RootCauseEvent & DomainEvent>, asOf).at(-1);
  return last ? evolveRootCause(initialRootCauseState, last) : null;
}
