import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { openStopsFromStreams } from '../commands/machines/openStops.js';
import { handleRecordMachineEvent, MACHINE_SIGNALS_CONTEXT } from '../commands/machines/recordMachineEvent.js';
import { readPlantState } from '../commands/plant/readPlant.js';
import type { MachineEvent } from '../domain/machines/events.js';
import {
  DEFAULT_TRACKER_OPTIONS,
  lineThresholdMs,
  MachineTracker,
  type MachineSignal,
  type MachineStatus,
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

export interface MachineSignalsStatus extends ConnectorStatus {
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

  const record = async (events: MachineEvent[]) => {
    const types = new Set<string>();
    for (const event of events) {
      const r = await handleRecordMachineEvent(deps, event, { ...MACHINE_SIGNALS_CONTEXT, now: deps.clock() });
      if (r.position) types.add(event.type);
    }
    if (types.size > 0) deps.scheduler.wake(deps.engine.affectedBy([...types]));
  };
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(() => record(tracker.tick(now()))).catch((err: unknown) => deps.log.error({ err }, 'machine signals: recording failed'));
    return running;
  };
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  return {
    status: () => ({ ...connector.status(), machines: tracker.status(now()) }),
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
