import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Logger } from 'pino';
import { DEMO_HISTORY_STREAM, type DemoEvent } from '../domain/demo/events.js';
import type { EventCatalog } from '../domain/shared/catalog.js';
import { activeChildren } from '../domain/plant/state.js';
import { eachDay, PLANT_ZONE } from '../domain/shifts/calendar.js';
import { readPlantState } from '../commands/plant/readPlant.js';
import { findDbrConstants } from '../projections/dbrConstants/dbrConstants.queries.js';
import { findReportLabels } from '../projections/plant/plant.queries.js';
import { listShifts, type ShiftRow } from '../projections/shifts/shifts.queries.js';
import { WrongExpectedRevisionError, type EventStore } from '../domain/shared/eventStore.js';
import { DEMO_HISTORY_SEED, historyCatalog, historyLines, planShift, type HistoryLine } from './demoHistoryPlan.js';
import { planDbrActions } from './demoHistoryDbr.js';
import { addCounts, demoActor, noCounts, writeDbrActions, writeShift, type HistoryCounts, type HistoryWriter } from './demoHistoryWriter.js';
import { SYSTEM_CONTEXT } from './demoUsers.js';

/** Days of history before today; today is left to the operators. */
export const DEMO_HISTORY_DAYS = 60;
/** A shift becomes history once its report could have been written: its end plus this, before the clock. */
const SETTLED_AFTER_MS = 30 * 60_000;

export interface DemoHistoryDeps {
  store: EventStore;
  catalog: EventCatalog;
  /** The plant, shifts and DBR read models must be caught up (startServer settles before). */
  knex: Knex;
  log: Logger;
}

export interface DemoHistoryResult extends HistoryCounts {
  seeded: boolean;
  fromDay: string;
  toDay: string;
  ms: number;
}

/** The 60 Italian calendar days before the clock's day. */
export function historyDays(now: Date): { fromDay: string; toDay: string } {
  const today = DateTime.fromJSDate(now, { zone: PLANT_ZONE }).startOf('day');
  return { fromDay: today.minus({ days: DEMO_HISTORY_DAYS }).toISODate()!, toDay: today.minus({ days: 1 }).toISODate()! };
}

/**
 * Claims the history with the marker event (expectedRevision 'no_stream'): false when
 * a history was already claimed, by an earlier start or by another instance right now.
 */
async function claim(deps: DemoHistoryDeps, data: { fromDay: string; toDay: string; seed: number }, now: Date, correlationId: string): Promise<boolean> {
  if ((await deps.store.readStream(DEMO_HISTORY_STREAM)).length > 0) return false;
  const event: DemoEvent = { type: 'DemoHistorySeeded', data };
  const metadata = { ...SYSTEM_CONTEXT, correlationId, causationId: null, occurredAt: now.toISOString() };
  try {
    await deps.store.appendToStream(DEMO_HISTORY_STREAM, [{ ...deps.catalog.encode(event), metadata }], { expectedRevision: 'no_stream' });
    return true;
  } catch (err) {
    if (err instanceof WrongExpectedRevisionError) return false;
    throw err;
  }
}

interface FloorHistory {
  shopFloorId: number;
  lines: HistoryLine[];
  /** Regular shifts from the first day of the history to today (the DBR actions also plan today). */
  shifts: ShiftRow[];
}

async function loadFloors(deps: DemoHistoryDeps, plant: Awaited<ReturnType<typeof readPlantState>>, fromDay: string, today: string): Promise<FloorHistory[]> {
  const floors: FloorHistory[] = [];
  for (const floor of activeChildren(plant, 'shopFloor', null)) {
    const defSpeeds = new Map<number, number | null>();
    for (const line of activeChildren(plant, 'line', floor.id)) defSpeeds.set(line.id, (await findDbrConstants(deps.knex, line.id))?.def_speed ?? null);
    const labels = await findReportLabels(deps.knex, floor.id);
    floors.push({ shopFloorId: floor.id, lines: historyLines(plant, floor.id, labels, defSpeeds), shifts: await listShifts(deps.knex, floor.id, fromDay, today, false) });
  }
  return floors;
}

/**
 * About 60 days of shift reports, planned and unplanned stops and root causes for
 * every line of the plant, written through the same commands and deciders as the API
 * (docs/line-log.md, Demo history). Runs once: the marker stream is claimed first.
 * Lines are written in parallel (their streams are disjoint, so stop ids stay the
 * same), shifts in time order; read models are not awaited (the caller settles them).
 */
export async function seedDemoHistory(deps: DemoHistoryDeps, now: Date): Promise<DemoHistoryResult> {
  const started = performance.now();
  const { fromDay, toDay } = historyDays(now);
  const total: DemoHistoryResult = { seeded: false, fromDay, toDay, ms: 0, ...noCounts() };
  const correlationId = randomUUID();
  if (!(await claim(deps, { fromDay, toDay, seed: DEMO_HISTORY_SEED }, now, correlationId))) return total;
  total.seeded = true;
  total.events = 1;

  // Every command of the history is caused by the claim: its events name the claim event.
  const causationId = (await deps.store.readStream(DEMO_HISTORY_STREAM))[0]!.id;
  const plant = await readPlantState(deps);
  const catalog = historyCatalog(plant);
  const writer: HistoryWriter = {
    deps,
    log: deps.log,
    plant,
    operator: await demoActor(deps, 'frontline'),
    analyst: await demoActor(deps, 'support'),
    correlationId,
    causationId,
    now,
  };
  const today = DateTime.fromJSDate(now, { zone: PLANT_ZONE }).toISODate()!;
  const floors = await loadFloors(deps, plant, fromDay, today);
  const days = eachDay(fromDay, toDay);
  /** The day's DBR actions on every line (docs/dbr-actions.md, Demo history). */
  const writeDbrDay = async (day: string, minimum = 0) => {
    for (const floor of floors) {
      const shifts = floor.shifts
        .filter((s) => s.shiftDay === day)
        .map((s) => ({ id: s.id, name: s.name, startTime: s.startTime.toISOString(), endTime: s.endTime.toISOString() }));
      const written = await Promise.all(floor.lines.map((line) => writeDbrActions(writer, planDbrActions(line, floor.shopFloorId, day, shifts, DEMO_HISTORY_SEED, minimum))));
      for (const counts of written) addCounts(total, counts);
    }
  };
  for (const [i, day] of days.entries()) {
    for (const floor of floors) {
      for (const shift of floor.shifts) {
        // A night shift still running (or just ended) at start is the operators' own.
        if (shift.shiftDay !== day || shift.endTime.getTime() + SETTLED_AFTER_MS > now.getTime()) continue;
        const window = { day, code: shift.code, startTime: shift.startTime.toISOString(), endTime: shift.endTime.toISOString() };
        const written = await Promise.all(floor.lines.map((line) => writeShift(writer, planShift(line, catalog, window))));
        for (const counts of written) addCounts(total, counts);
      }
    }
    await writeDbrDay(day);
    if ((i + 1) % 10 === 0 || i + 1 === days.length) deps.log.info(`demo history: day ${i + 1}/${days.length}, ${total.events} events`);
  }
  // Today's actions (two or more a line) were planned yesterday afternoon; the line ticks them only up to the clock.
  await writeDbrDay(today, 2);
  total.ms = Math.round(performance.now() - started);
  const { reports, unplannedStops, plannedStops, rootCauses, dbrActions, events, refused } = total;
  deps.log.info(
    { fromDay, toDay, reports, unplannedStops, plannedStops, rootCauses, dbrActions, events, refused, ms: total.ms },
    `demo history: ${events} events written in ${(total.ms / 1000).toFixed(1)} s`,
  );
  return total;
}
