import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventCatalog, EventOf } from '../../domain/shared/catalog.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { PlantState } from '../../domain/plant/state.js';
import { rootCauseStream } from '../../domain/rootCauses/events.js';
import { shiftReportStream } from '../../domain/shiftReports/events.js';
import { plannedStopsStream, unplannedStopsStream } from '../../domain/stops/events.js';
import { userStream, type UserEvent } from '../../domain/users/events.js';
import { handleCommand, type Decider } from '../../commands/handleCommand.js';
import { rootCauseDecider } from '../../commands/rootCauses/decider.js';
import { shiftReportDecider, type ShiftReportCommand } from '../../commands/shiftReports/decider.js';
import { loadReportContext } from '../../commands/shiftReports/loadReportContext.js';
import { unplannedStopExists } from '../../commands/stops/locateStop.js';
import { plannedStopsDecider } from '../../commands/stops/plannedDecider.js';
import { validatePlannedStop } from '../../commands/stops/recordPlannedStop.js';
import { validateUnplannedStop } from '../../commands/stops/recordUnplannedStop.js';
import { isShiftSubmitted } from '../../commands/stops/shiftLock.js';
import { unplannedStopsDecider } from '../../commands/stops/unplannedDecider.js';
import type { EventStore } from '../../domain/shared/eventStore.js';
import type { ShiftPlan } from './demoHistoryPlan.js';

/** Who a demo command is issued as: the demo user's id and role, as its token would carry them. */
export interface Actor {
  userId: string;
  username: string;
  role: string;
}

export interface HistoryWriter {
  deps: { store: EventStore; catalog: EventCatalog; knex: Knex };
  log: Logger;
  /** Read once: the plant does not change while the history is written. */
  plant: PlantState;
  operator: Actor;
  analyst: Actor;
  correlationId: string;
  /** The server's clock at start: no command is dated after it. */
  now: Date;
}

export interface HistoryCounts {
  reports: number;
  unplannedStops: number;
  plannedStops: number;
  rootCauses: number;
  events: number;
  refused: number;
}

export const noCounts = (): HistoryCounts => ({ reports: 0, unplannedStops: 0, plannedStops: 0, rootCauses: 0, events: 0, refused: 0 });

export function addCounts(into: HistoryCounts, more: HistoryCounts): void {
  for (const k of Object.keys(more) as Array<keyof HistoryCounts>) into[k] += more[k];
}

/** The demo user as the event store knows it; a missing user (SEED_DEMO users removed) issues as 'system'. */
export async function demoActor(deps: { store: EventStore; catalog: EventCatalog }, username: string): Promise<Actor> {
  let actor: Actor = { userId: 'system', username, role: username };
  for (const r of await deps.store.readStream(userStream(username))) {
    const e = deps.catalog.decode(r) as unknown as UserEvent;
    if (e.type === 'UserRegistered') actor = { userId: e.data.userId, username: e.data.username, role: e.data.role };
    if (e.type === 'UserRoleChanged') actor = { ...actor, role: e.data.role };
  }
  return actor;
}

/**
 * Runs one command exactly as a route would (same decider, same command), dated
 * `at`. A refusal is logged and counted rather than stopping the start: the history
 * is a demo, and the unit tests hold the plan to the same rules.
 */
async function run<C, S, E extends EventOf>(
  w: HistoryWriter,
  counts: HistoryCounts,
  stream: string,
  decider: Decider<C, S, E>,
  command: () => Promise<C> | C,
  as: Actor,
  at: Date,
): Promise<E[] | null> {
  try {
    const result = await handleCommand(w.deps, stream, decider, await command(), {
      userId: as.userId, username: as.username, role: as.role, correlationId: w.correlationId, now: at,
    });
    counts.events += result.events.length;
    return result.events;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    counts.refused += 1;
    w.log.warn({ stream, code: err.code, fields: err.fields }, `demo history: command refused: ${err.message}`);
    return null;
  }
}

/**
 * One line's shift, in the order the floor does it: the operator records the planned
 * and unplanned stops (before the report, since a submitted report locks them for the
 * frontline role), then submits the report; the analyst adds the root causes later.
 */
export async function writeShift(w: HistoryWriter, plan: ShiftPlan): Promise<HistoryCounts> {
  const counts = noCounts();
  const { deps, plant, operator, analyst } = w;
  for (const p of plan.planned) {
    const events = await run(w, counts, plannedStopsStream(p.input.equipmentId), plannedStopsDecider, async () => {
      const { place } = validatePlannedStop(plant, p.input);
      const shiftSubmitted = await isShiftSubmitted(deps, place, p.input.startTime);
      return { type: 'RecordPlannedStop' as const, ...p.input, plant, role: operator.role, shiftSubmitted };
    }, operator, p.now);
    if (events?.length) counts.plannedStops += 1;
  }
  const analyses: Array<{ stopId: number; rootCause: string; troubleshooting: string; now: Date }> = [];
  for (const u of plan.unplanned) {
    const events = await run(w, counts, unplannedStopsStream(u.equipmentId), unplannedStopsDecider, async () => {
      const { place } = validateUnplannedStop(plant, u.input);
      const shiftSubmitted = await isShiftSubmitted(deps, place, u.input.startTime);
      return { type: 'RecordUnplannedStop' as const, ...u.input, equipmentId: place.equipmentId, plant, role: operator.role, shiftSubmitted };
    }, operator, u.now);
    const recorded = events?.[0];
    if (recorded?.type !== 'UnplannedStopRecorded') continue;
    counts.unplannedStops += 1;
    if (u.rootCause) analyses.push({ stopId: recorded.data.stopId, ...u.rootCause });
  }
  const report = await run(w, counts, shiftReportStream(plan.lineId, plan.day, plan.shiftCode), shiftReportDecider, async (): Promise<ShiftReportCommand> => {
    const context = await loadReportContext(deps.knex, { lineName: plan.lineName, day: plan.day, shiftCode: plan.shiftCode, username: operator.username });
    if (context.key.lineId !== plan.lineId) throw new Error(`demo history: line ${plan.lineName} resolved to ${context.key.lineId}, planned for ${plan.lineId}`);
    return {
      type: 'SubmitShiftReport', key: context.key, content: plan.report.content, labels: context.labels, shiftHours: context.shiftHours,
      username: operator.username, revisionPinned: false,
    };
  }, operator, plan.report.now);
  if (report?.length) counts.reports += 1;
  for (const a of analyses) {
    const events = await run(w, counts, rootCauseStream(a.stopId), rootCauseDecider, async () => ({
      type: 'RecordRootCause' as const, stopEventId: a.stopId, rootCause: a.rootCause, troubleshooting: a.troubleshooting,
      stopExists: await unplannedStopExists(deps, a.stopId),
    }), analyst, a.now > w.now ? w.now : a.now);
    if (events?.length) counts.rootCauses += 1;
  }
  return counts;
}
