import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventCatalog, EventOf } from '../domain/shared/catalog.js';
import { DomainError } from '../domain/shared/errors.js';
import type { PlantState } from '../domain/plant/state.js';
import { userStream, type UserEvent } from '../domain/users/events.js';
import type { CommandContext, CommandResult } from '../commands/handleCommand.js';
import { handleCreateDbrAction } from '../commands/dbrActions/createDbrAction.js';
import { handleMarkDbrExecuted } from '../commands/dbrActions/markDbrExecuted.js';
import { handleRecordRootCause } from '../commands/rootCauses/recordRootCause.js';
import { handleShiftReport } from '../commands/shiftReports/handleShiftReport.js';
import { handleRecordPlannedStop } from '../commands/stops/recordPlannedStop.js';
import { handleRecordUnplannedStop } from '../commands/stops/recordUnplannedStop.js';
import type { EventStore } from '../domain/shared/eventStore.js';
import type { DbrActionPlan } from './demoHistoryDbr.js';
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
  /** The id of the event that claimed the history, which caused every command of it. */
  causationId: string;
  /** The server's clock at start: no command is dated after it. */
  now: Date;
}

export interface HistoryCounts {
  reports: number;
  unplannedStops: number;
  plannedStops: number;
  rootCauses: number;
  dbrActions: number;
  events: number;
  refused: number;
}

export const noCounts = (): HistoryCounts => ({ reports: 0, unplannedStops: 0, plannedStops: 0, rootCauses: 0, dbrActions: 0, events: 0, refused: 0 });

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
 * Runs one command exactly as a route would (the same handler), dated `at`. A refusal
 * is logged and counted rather than stopping the start: the history is a demo, and the
 * unit tests hold the plan to the same rules.
 */
async function run<E extends EventOf>(
  w: HistoryWriter,
  counts: HistoryCounts,
  what: string,
  handler: (ctx: CommandContext) => Promise<CommandResult<E>>,
  as: Actor,
  at: Date,
): Promise<E[] | null> {
  try {
    const result = await handler({ userId: as.userId, username: as.username, role: as.role, correlationId: w.correlationId, causationId: w.causationId, now: at });
    counts.events += result.events.length;
    return result.events;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    counts.refused += 1;
    w.log.warn({ what, code: err.code, fields: err.fields }, `demo history: command refused: ${err.message}`);
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
  const { deps, operator, analyst } = w;
  for (const p of plan.planned) {
    const events = await run(w, counts, 'RecordPlannedStop', (ctx) => handleRecordPlannedStop(deps, p.input, ctx), operator, p.now);
    if (events?.length) counts.plannedStops += 1;
  }
  const analyses: Array<{ stopId: number; rootCause: string; troubleshooting: string; now: Date }> = [];
  for (const u of plan.unplanned) {
    const events = await run(w, counts, 'RecordUnplannedStop', (ctx) => handleRecordUnplannedStop(deps, u.input, ctx), operator, u.now);
    const recorded = events?.[0];
    if (recorded?.type !== 'UnplannedStopRecorded') continue;
    counts.unplannedStops += 1;
    if (u.rootCause) analyses.push({ stopId: recorded.data.stopId, ...u.rootCause });
  }
  const report = await run(
    w,
    counts,
    'SubmitShiftReport',
    async (ctx) => {
      const result = await handleShiftReport(deps, { mode: 'submit', lineName: plan.lineName, day: plan.day, shiftCode: plan.shiftCode, content: plan.report.content }, ctx);
      if (result.context.key.lineId !== plan.lineId) throw new Error(`demo history: line ${plan.lineName} resolved to ${result.context.key.lineId}, planned for ${plan.lineId}`);
      return result;
    },
    operator,
    plan.report.now,
  );
  if (report?.length) counts.reports += 1;
  for (const a of analyses) {
    const input = { stopEventId: a.stopId, rootCause: a.rootCause, troubleshooting: a.troubleshooting };
    const events = await run(w, counts, 'RecordRootCause', (ctx) => handleRecordRootCause(deps, input, ctx), analyst, a.now > w.now ? w.now : a.now);
    if (events?.length) counts.rootCauses += 1;
  }
  return counts;
}

/**
 * One line's DBR actions of a day: the improvement staff create them at the previous
 * afternoon's meeting, the operator ticks them when they are done. Nothing is dated after
 * the clock: an action planned later is left out, a tick later is left open.
 */
export async function writeDbrActions(w: HistoryWriter, plans: readonly DbrActionPlan[]): Promise<HistoryCounts> {
  const counts = noCounts();
  const { deps, operator, analyst } = w;
  for (const plan of plans) {
    if (plan.createdAt > w.now) continue;
    const created = await run(w, counts, 'CreateDbrAction', (ctx) => handleCreateDbrAction(deps, plan.input, ctx), analyst, plan.createdAt);
    const event = created?.[0];
    if (event?.type !== 'DbrActionCreated') continue;
    counts.dbrActions += 1;
    if (plan.executedAt && plan.executedAt <= w.now) {
      await run(w, counts, 'MarkDbrExecuted', (ctx) => handleMarkDbrExecuted(deps, { actionId: event.data.actionId }, ctx), operator, plan.executedAt);
    }
  }
  return counts;
}
