import type { DbrConstantsSet } from '../../domain/dbr/events.js';
import type { ShiftReportAmended, ShiftReportSubmitted } from '../../domain/shiftReports/events.js';
import type { ShiftsScheduled } from '../../domain/shifts/events.js';
import { durationMinutes } from '../../domain/stops/rules.js';
import type { PlannedStopDeleted, PlannedStopRecorded, UnplannedStopDeleted, UnplannedStopRecorded } from '../../domain/stops/events.js';
import { keyOf } from '../batchWrite.js';
import { italianDay, type ShiftIndex } from '../shiftPlacement.js';
import type { DomainEventOf } from '../types.js';
import type { DayDelta, ShiftRow, SpeedRow, StopRow } from './dashboardColumns.js';
import { scheduledShiftRow } from '../shifts/shiftRow.js';
import { instantMs } from '../../domain/shared/instant.js';

/** Stops outside every regular shift count for the Italian day of their start, under this code. */
export const NO_SHIFT = '';

/** The events the dashboard's figures change with. */
export type DashboardEvent = DomainEventOf<
  | typeof ShiftReportSubmitted
  | typeof ShiftReportAmended
  | typeof UnplannedStopRecorded
  | typeof UnplannedStopDeleted
  | typeof PlannedStopRecorded
  | typeof PlannedStopDeleted
  | typeof ShiftsScheduled
  | typeof DbrConstantsSet
>;

/** A stop's place and figures, as the statements on `dashboard_stops` return them. */
export type PlacedStop = Pick<StopRow, 'line_id' | 'shop_floor_id' | 'day' | 'shift_code' | 'minutes'> & { kind: 'u' | 'p' };

/** A stop recorded in the batch, with its deletion when it is in the batch too, and the Italian day of its start. */
export type RecordedStop = Omit<StopRow, 'day' | 'shift_code' | 'kind'> & { kind: 'u' | 'p'; start_day: string };

/** A recorded stop placed in its shift: its row of `dashboard_stops`. */
export type NewStop = StopRow & PlacedStop;

/** A stop a newly scheduled shift moved, with the place it counted for before. */
export type MovedStop = PlacedStop & { deleted: boolean; old_day: string; old_code: string };

/** A batch folded in memory: what the statements write, and the figures of the keys it touches. */
export interface DashboardBatch {
  /** The batch's shifts, the last one per id. */
  shifts: Map<number, ShiftRow>;
  recorded: Map<number, RecordedStop>;
  /** Deletions of stops recorded before the batch. */
  deleted: Set<number>;
  /** Design speeds set in the batch, by line and time (the later of two at one instant wins). */
  speeds: Map<string, SpeedRow>;
  days: DayDeltas;
}

/**
 * The figures a batch adds to `dashboard_days`, per line, day and shift code: the report
 * that replaces a key's own (the higher revision wins), and the stops that start or stop
 * counting for it, as the statements on `dashboard_stops` report them.
 */
export class DayDeltas {
  private readonly byKey = new Map<string, DayDelta>();
  /** Whether a stop stopped counting somewhere: a key may be left with nothing. */
  removed = false;

  private at(line_id: number, day: string, shift_code: string, shop_floor_id: number): DayDelta {
    const key = keyOf(line_id, day, shift_code);
    let d = this.byKey.get(key);
    if (!d) {
      d = {
        line_id,
        day,
        shift_code,
        shop_floor_id,
        stop_count: 0,
        unplanned_minutes: 0,
        planned_minutes: 0,
        volume: null,
        waste: null,
        working_minutes: null,
        report_revision: null,
      };
      this.byKey.set(key, d);
    }
    return d;
  }

  report(event: DomainEventOf<typeof ShiftReportSubmitted | typeof ShiftReportAmended>): void {
    const d = event.data;
    const r = this.at(d.lineId, d.day, d.shiftCode, d.shopFloorId);
    if (r.report_revision !== null && r.report_revision >= event.revision) return;
    Object.assign(r, { volume: d.productionVolume ?? 0, waste: d.waste ?? 0, working_minutes: (d.workingTime ?? 0) * 60, report_revision: event.revision });
  }

  /** A stop starts (+1) or stops (-1) counting for its place. */
  count(s: PlacedStop, sign: number): void {
    if (sign === 0) return;
    const d = this.at(s.line_id, s.day, s.shift_code, s.shop_floor_id);
    if (s.kind === 'u') {
      d.stop_count += sign;
      d.unplanned_minutes += sign * s.minutes;
    } else d.planned_minutes += sign * s.minutes;
    if (sign < 0) this.removed = true;
  }

  /** Stops a shift moved: a deleted one moves without counting. */
  moved(rows: readonly MovedStop[]): void {
    for (const r of rows) {
      if (r.deleted) continue;
      this.count({ ...r, day: r.old_day, shift_code: r.old_code }, -1);
      this.count(r, 1);
    }
  }

  /**
   * The batch's recorded stops as their upsert reported them: new rows count once (a stop
   * recorded and deleted in the batch not at all); a row already there counts only if this
   * deletes it, with its stored place.
   */
  recorded(stops: readonly NewStop[], inserted: readonly number[], deleted: readonly PlacedStop[]): void {
    const byId = new Map(stops.map((s) => [s.id, s]));
    for (const id of inserted) {
      const s = byId.get(id)!;
      this.count(s, s.deleted ? 0 : 1);
    }
    for (const s of deleted) this.count(s, -1);
  }

  /** Stops of earlier batches this one deleted. */
  deleted(rows: readonly PlacedStop[]): void {
    for (const s of rows) this.count(s, -1);
  }

  /** The keys that change: a key whose stops cancel out and that gets no report is never written, so no empty row appears. */
  rows(): DayDelta[] {
    return [...this.byKey.values()].filter((d) => d.report_revision !== null || d.stop_count !== 0 || d.unplanned_minutes !== 0 || d.planned_minutes !== 0);
  }
}

/** Folds a batch in global order, with no I/O: the stops' places in shifts and their counting wait for the statements. */
export function foldDashboardBatch(events: readonly DashboardEvent[]): DashboardBatch {
  const b: DashboardBatch = { shifts: new Map(), recorded: new Map(), deleted: new Set(), speeds: new Map(), days: new DayDeltas() };
  for (const event of events) {
    switch (event.type) {
      case 'ShiftsScheduled':
        for (const s of event.data.shifts) {
          b.shifts.set(s.shiftId, scheduledShiftRow(event.data.shopFloorId, s));
        }
        break;
      case 'UnplannedStopRecorded':
      case 'PlannedStopRecorded': {
        const d = event.data;
        const kind = event.type === 'UnplannedStopRecorded' ? 'u' : 'p';
        const start_day = italianDay(instantMs(d.startTime));
        b.recorded.set(d.stopId, {
          id: d.stopId,
          kind,
          shop_floor_id: d.shopFloorId,
          line_id: d.lineId,
          start_time: d.startTime,
          start_day,
          minutes: durationMinutes(d.startTime, d.endTime),
          deleted: false,
        });
        b.deleted.delete(d.stopId);
        break;
      }
      case 'UnplannedStopDeleted':
      case 'PlannedStopDeleted': {
        const row = b.recorded.get(event.data.stopId);
        if (row) row.deleted = true;
        else b.deleted.add(event.data.stopId);
        break;
      }
      case 'ShiftReportSubmitted':
      case 'ShiftReportAmended':
        b.days.report(event);
        break;
      case 'DbrConstantsSet': {
        const at = event.metadata.occurredAt;
        b.speeds.set(`${event.data.lineId} ${at}`, { line_id: event.data.lineId, effective_at: at, def_speed: event.data.constants.def_speed });
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

/** Each recorded stop in the regular shift holding its start, else its Italian day under NO_SHIFT. */
export function placeStops(stops: readonly RecordedStop[], index: ShiftIndex): NewStop[] {
  return stops.map((r) => {
    const shift = index.place(r.shop_floor_id, instantMs(r.start_time), r.start_day);
    return {
      id: r.id,
      kind: r.kind,
      shop_floor_id: r.shop_floor_id,
      line_id: r.line_id,
      start_time: r.start_time,
      minutes: r.minutes,
      deleted: r.deleted,
      day: shift?.shift_day ?? r.start_day,
      shift_code: shift?.code ?? NO_SHIFT,
    };
  });
}
