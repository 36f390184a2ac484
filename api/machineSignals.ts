import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Logger } from 'pino';
import { openStopsFromStreams } from '../commands/machines/openStops.js';
import { handleRecordMachineEvent, MACHINE_SIGNALS_CONTEXT } from '../commands/machines/recordMachineEvent.js';
import { readPlantState } from '../commands/plant/readPlant.js';
import { machineDayStream, type MachineEvent } from '../domain/machines/events.js';
import { machineDayFold } from '../domain/machines/state.js';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import { readFolded } from '../commands/readSet.js';
import { isDatabaseUnavailable } from '../infra/db/unavailable.js';
import {
  DEFAULT_TRACKER_OPTIONS,
  lineThresholdMs,
  MachineTracker,
  type MachineSignal,
  type MachineStatus,
  type CounterTotal,
  type OpenHour,
  type TrackerOptions,
} from '../domain/machines/tracker.js';
import { activeItem, type PlantState } from '../domain/plant/state.js';
import type { EventCatalog } from '../domain/shared/catalog.js';
import type { EventStore } from '../domain/shared/eventStore.js';
import type { ConnectorStatus, MessageOutcome } from '../infra/mqtt/connector.js';
import { openDetectedStops } from '../projections/machines/machines.queries.js';
import type { ProjectionEngine } from '../workers/projectionEngine.js';
import type { ProjectionScheduler } from '../workers/scheduler.js';

export interface MachineSignalsStatus extends Omit<ConnectorStatus, 'ignored'> {
  /** The connector's reasons, and `over-bound`: counts and micro-stops left out of an hour's fold that had reached the event's bounds. */
  ignored: ConnectorStatus['ignored'] & { 'over-bound': number };
  /** Events the store refused (a bug: logged with the event); the others of the tick are recorded all the same. */
  recordFailed: number;
  /** Events waiting for the database to answer again (tried each tick), and those dropped past the wait's cap. */
  recordWaiting: number;
  recordDropped: number;
  /** The duplicates memory: messages remembered, the cap a machine, messages forgotten early for the cap. */
  dedupe: { entries: number; maxPerMachine: number; evicted: number };
  machines: MachineStatus[];
}

export interface MachineSignals {
  status(): MachineSignalsStatus;
  /** The line's machines' hours in progress, not recorded yet (the short-interval control adds them to the recorded ones). */
  openHours(lineId: number): OpenHour[];
  /** Takes what arrived and records the events due now (a timer does it every second; tests call it). */
  tick(): Promise<void>;
  close(): Promise<void>;
}

interface Deps {
  store: EventStore;
  catalog: EventCatalog;
  knex: Knex;
  engine: ProjectionEngine;
  scheduler: ProjectionScheduler;
  log: Logger;
  clock: () => Date;
}

const PLANT_REFRESH_MS = 30_000;
/** Events kept for a database that does not answer (a restart, a failover): about an hour of a big plant's folds. */
const MAX_WAITING = 10_000;
/** How far back a machine's last recorded total is looked for: a counter silent for longer starts counting again from its next total. */
const COUNTER_LOOKBACK_DAYS = 8;

/**
 * The last running total a machine's recorded folds carry, from its day streams newest first
 * (its folds are recorded by the hour of their messages, so the latest day holding one has it).
 */
async function lastRecordedTotal(deps: Pick<Deps, 'store' | 'catalog'>, equipmentId: number, now: Date): Promise<CounterTotal | null> {
  const today = DateTime.fromJSDate(now, { zone: PLANT_ZONE });
  for (let back = 0; back < COUNTER_LOOKBACK_DAYS; back++) {
    const { state } = await readFolded(deps, machineDayStream(equipmentId, today.minus({ days: back }).toISODate()!), machineDayFold);
    if (state.counter) return state.counter;
  }
  return null;
}

/** Whether the topic's shop floor, line and equipment are the plant's, as it is now. */
function knownPlace(plant: PlantState, m: MachineSignal): boolean {
  const equipment = activeItem(plant, 'equipment', m.equipmentId);
  const line = activeItem(plant, 'line', m.lineId);
  return equipment?.parentId === m.lineId && line?.parentId === m.shopFloorId && activeItem(plant, 'shopFloor', m.shopFloorId) !== null;
}

/**
 * The machines' signals end to end: the MQTT connector, the tracker that turns messages
 * into events, and the recorder that appends them (idempotent by machine and time) and
 * wakes the read models. Runs beside the HTTP server in each instance.
 */
export async function startMachineSignals(deps: Deps, url: string, /** The plant's default. */ thresholdMs: number, silenceMs: number, tickMs = 1_000): Promise<MachineSignals> {
  const now = () => deps.clock().getTime();
  let plant = await readPlantState(deps);
  const options: TrackerOptions = { ...DEFAULT_TRACKER_OPTIONS, thresholdMs: (lineId) => lineThresholdMs(plant, lineId, thresholdMs), silenceMs };
  const tracker = new MachineTracker(options);
  // A new database builds the machines read model in the background: until it is live, the open
  // stops are read from the machines' day streams of today and yesterday (openStopsFromStreams).
  const open = await openDetectedStops(deps.knex).then(
    (rows) => rows.map((s) => ({ ...s, startTime: s.startTime.toISOString() })),
    async (err: { code?: string }) => {
      if (err.code !== '42P01') throw err;
      deps.log.info('machine signals: the machines read model is still being built, open stops read from the machines’ streams');
      return openStopsFromStreams(deps, plant, deps.clock());
    },
  );
  for (const s of open) tracker.primeOpenStop(s, s.startTime, now());
  let plantReadAt = now();
  const refreshPlant = () => {
    if (now() - plantReadAt < 5_000) return;
    plantReadAt = now();
    readPlantState(deps).then(
      (p) => (plant = p),
      (err: unknown) => deps.log.warn({ err }, 'machine signals: reading the plant failed'),
    );
  };
  const onMessage = (m: MachineSignal): MessageOutcome => {
    if (now() - plantReadAt > PLANT_REFRESH_MS) refreshPlant();
    if (!knownPlace(plant, m)) {
      refreshPlant(); // equipment added since: known on a later message
      return 'unknown-equipment';
    }
    return tracker.accept(m, now());
  };
  // The MQTT client library is loaded only by an instance that connects to a broker.
  const { MqttConnector } = await import('../infra/mqtt/connector.js');
  const connector = new MqttConnector(url, onMessage, deps.log, now);

  const losses = { recordFailed: 0, recordDropped: 0 };
  /** Events the database could not take yet: tried again first on the next tick, in order. */
  let waiting: MachineEvent[] = [];
  /**
   * Records each event on its own: one the store refuses is logged and counted and never stops
   * the others of the tick; one the database cannot take now (stopped, restarting) waits for the
   * next tick, so a database restart loses nothing.
   */
  const record = async (events: MachineEvent[]) => {
    const types = new Set<string>();
    const retry: MachineEvent[] = [];
    for (const event of [...waiting, ...events]) {
      try {
        const r = await handleRecordMachineEvent(deps, event, { ...MACHINE_SIGNALS_CONTEXT, now: deps.clock() });
        if (r.position) types.add(event.type);
      } catch (err) {
        if (isDatabaseUnavailable(err)) retry.push(event);
        else {
          losses.recordFailed += 1;
          deps.log.error({ err, event }, 'machine signals: recording an event failed');
        }
      }
    }
    if (retry.length > MAX_WAITING) {
      losses.recordDropped += retry.length - MAX_WAITING;
      deps.log.error({ dropped: retry.length - MAX_WAITING }, 'machine signals: the database has not answered for too long, the oldest events waiting are dropped');
    }
    if (retry.length > 0 && waiting.length === 0) deps.log.warn({ events: retry.length }, 'machine signals: the database does not answer, events wait for it');
    waiting = retry.slice(-MAX_WAITING);
    if (types.size > 0) deps.scheduler.wake(deps.engine.affectedBy([...types]));
  };
  /** Machines sending totals for the first time since the start count from the last total recorded before. */
  const primeCounters = async () => {
    for (const place of tracker.countersToLookUp()) tracker.primeCounter(place.equipmentId, await lastRecordedTotal(deps, place.equipmentId, deps.clock()));
  };
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running
      .then(async () => {
        await primeCounters();
        await record(tracker.tick(now()));
      })
      .catch((err: unknown) => deps.log.error({ err }, 'machine signals: recording failed'));
    return running;
  };
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  return {
    status: () => {
      const c = connector.status();
      const t = tracker.losses();
      return {
        ...c,
        ignored: { ...c.ignored, 'over-bound': t.overBound },
        ...losses,
        recordWaiting: waiting.length,
        dedupe: { entries: t.dedupeEntries, maxPerMachine: t.dedupeMax, evicted: t.dedupeEvicted },
        machines: tracker.status(now()),
      };
    },
    openHours: (lineId) => tracker.openHours(lineId),
    tick,
    async close() {
      clearInterval(timer);
      await connector.close();
      await tick();
      // The hours in progress are recorded as they stand; what comes after the restart folds again.
      await (running = running.then(() => record(tracker.flush())).catch((err: unknown) => deps.log.error({ err }, 'machine signals: recording failed')));
    },
  };
}
