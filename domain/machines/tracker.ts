import type { MachineEvent } from './events.js';
import { activeItem, type PlantState } from '../plant/state.js';

/** One validated message from a machine (infra/mqtt parses and checks it; the plant says where the machine is). */
export type MachineSignal = { shopFloorId: number; lineId: number; equipmentId: number; at: number } & (
  { kind: 'state'; state: 'running' | 'stopped' } | { kind: 'count'; good: number; reject: number }
);

export interface TrackerOptions {
  /** How long a stop must last to be an event of its own (the line's threshold). */
  thresholdMs: (lineId: number) => number;
  /** A machine that says nothing for this long is 'Segnale assente' (never a stop). */
  silenceMs: number;
  /** How long after an hour ends its fold waits for late messages. */
  hourGraceMs: number;
  /** Messages later than this after their hour ended are ignored (counted as late): a gateway's store-and-forward horizon. */
  lateLimitMs: number;
  /** A message received again within this long of the first time is a duplicate (redelivery, a gateway resending after a reconnect). */
  dedupeMs: number;
}

export const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  thresholdMs: () => 2 * 60_000,
  silenceMs: 10 * 60_000,
  hourGraceMs: 2 * 60_000,
  lateLimitMs: 31 * 24 * 60 * 60_000,
  dedupeMs: 2 * 60 * 60_000,
};

/** A line's stop threshold: its own from the plant file, else the plant's default (MACHINE_STOP_THRESHOLD_MINUTES). */
export function lineThresholdMs(plant: PlantState, lineId: number, defaultMs: number): number {
  const own = activeItem(plant, 'line', lineId)?.stopThresholdMinutes;
  return own == null ? defaultMs : own * 60_000;
}

export type AcceptResult = 'accepted' | 'duplicate' | 'late';

interface HourFold {
  good: number;
  reject: number;
  microStops: number;
  microStopMinutes: number;
  firstAt: number;
  lastAt: number;
}

interface Machine {
  place: { shopFloorId: number; lineId: number; equipmentId: number };
  state: 'running' | 'stopped' | null;
  /** When the current state began (by the machine's clock). */
  since: number;
  /** The current stop is already an event. */
  detected: boolean;
  pending: MachineSignal[];
  /** `${kind}|${at}|${what}` of the messages taken, with when they came, for duplicates; kept for dedupeMs. */
  seen: Map<string, number>;
  /** Open hour folds by the hour's start. */
  hours: Map<number, HourFold>;
  /** When the last message arrived (our clock) and what it said. */
  lastReceived: number;
  lastAt: number;
  /** The topic of the last message taken: state or count. */
  lastKind: MachineSignal['kind'] | null;
}

export interface MachineStatus {
  equipmentId: number;
  lineId: number;
  state: 'running' | 'stopped' | 'Segnale assente' | null;
  lastMessageAt: string;
  /** The topic of the last message: `state` or `count` (null for a stop known only from before a restart). */
  lastKind: MachineSignal['kind'] | null;
}

/** A machine's hour still open in memory. */
export interface OpenHour {
  equipmentId: number;
  hourStart: number;
  good: number;
  reject: number;
  microStops: number;
  microStopMinutes: number;
}

const HOUR = 3_600_000;
/** Italy's offsets are whole hours, so a UTC hour is a clock hour of the plant (the repeated hour of October is two). */
const hourOf = (at: number) => Math.floor(at / HOUR) * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Turns the machines' messages into the events of domain/machines/events.ts, in memory and
 * without I/O: `accept` takes a message (a duplicate or a message too late is refused and
 * counted by the caller), `tick` orders what arrived by the machine's clock, follows each
 * machine's state and returns the events due: a stop once it has lasted the threshold, its
 * end, the folds of hours past their grace. The events carry the machine's times, so the
 * recorder makes them idempotent by machine and time (commands/machines).
 */
export class MachineTracker {
  private readonly machines = new Map<number, Machine>();

  constructor(private readonly options: TrackerOptions = DEFAULT_TRACKER_OPTIONS) {}

  /** A stop known open from before (the read model after a restart): its end is reported, not a second detection. */
  primeOpenStop(place: Machine['place'], startTime: string, now: number): void {
    const m = this.machine(place, now);
    if (m.state === null) Object.assign(m, { state: 'stopped', since: Date.parse(startTime), detected: true });
  }

  accept(signal: MachineSignal, now: number): AcceptResult {
    const m = this.machine(signal, now);
    const key = `${signal.kind}|${signal.at}|${signal.kind === 'state' ? signal.state : `${signal.good}/${signal.reject}`}`;
    if (m.seen.has(key)) return 'duplicate';
    if (now - (hourOf(signal.at) + HOUR) > this.options.lateLimitMs) return 'late';
    if (signal.kind === 'state' && m.state !== null && signal.at < m.since) return 'late';
    m.seen.set(key, now);
    m.pending.push(signal);
    m.lastReceived = now;
    m.lastAt = Math.max(m.lastAt, signal.at);
    m.lastKind = signal.kind;
    return 'accepted';
  }

  /** Takes the messages that arrived, in the machine's time order, and returns the events due at `now`. */
  tick(now: number): MachineEvent[] {
    const out: MachineEvent[] = [];
    for (const m of this.machines.values()) {
      const pending = m.pending.sort((a, b) => a.at - b.at);
      m.pending = [];
      for (const s of pending) this.take(m, s, out);
      const place = m.place;
      if (m.state === 'stopped' && !m.detected && now - m.since >= this.options.thresholdMs(place.lineId)) {
        m.detected = true;
        out.push({ type: 'MachineStopDetected', data: { ...place, startTime: iso(m.since) } });
      }
      for (const [hour, fold] of m.hours)
        if (now >= hour + HOUR + this.options.hourGraceMs) {
          m.hours.delete(hour);
          out.push(this.foldEvent(m, hour, fold));
        }
      for (const [key, received] of m.seen) if (now - received > this.options.dedupeMs) m.seen.delete(key);
    }
    return out;
  }

  /** Every open hour as a fold now (the app stops): what comes later for those hours folds again. */
  flush(): MachineEvent[] {
    const out: MachineEvent[] = [];
    for (const m of this.machines.values()) {
      for (const [hour, fold] of m.hours) out.push(this.foldEvent(m, hour, fold));
      m.hours.clear();
    }
    return out;
  }

  status(now: number): MachineStatus[] {
    return [...this.machines.values()].map((m) => ({
      equipmentId: m.place.equipmentId,
      lineId: m.place.lineId,
      state: now - m.lastReceived > this.options.silenceMs ? 'Segnale assente' : m.state,
      lastMessageAt: iso(m.lastReceived),
      lastKind: m.lastKind,
    }));
  }

  /** The hours of a line's machines not folded into events yet (the hour in progress): what the read model does not hold yet. */
  openHours(lineId: number): OpenHour[] {
    const out: OpenHour[] = [];
    for (const m of this.machines.values()) {
      if (m.place.lineId !== lineId) continue;
      for (const [hour, f] of m.hours)
        out.push({ equipmentId: m.place.equipmentId, hourStart: hour, good: f.good, reject: f.reject, microStops: f.microStops, microStopMinutes: f.microStopMinutes });
    }
    return out;
  }

  private machine(place: Machine['place'], now: number): Machine {
    let m = this.machines.get(place.equipmentId);
    if (!m) {
      m = {
        place: { shopFloorId: place.shopFloorId, lineId: place.lineId, equipmentId: place.equipmentId },
        state: null,
        since: 0,
        detected: false,
        pending: [],
        seen: new Map(),
        hours: new Map(),
        lastReceived: now,
        lastAt: 0,
        lastKind: null,
      };
      this.machines.set(place.equipmentId, m);
    }
    return m;
  }

  private take(m: Machine, s: MachineSignal, out: MachineEvent[]): void {
    if (s.kind === 'count') {
      const fold = this.hour(m, s.at);
      fold.good += s.good;
      fold.reject += s.reject;
      return;
    }
    if (m.state !== null && s.at < m.since) return; // older than the state we follow: the order was settled without it
    if (s.state === m.state) return; // a repeated state (a heartbeat) changes nothing
    if (s.state === 'stopped' || m.state === null) {
      Object.assign(m, { state: s.state, since: s.at, detected: false });
      return;
    }
    const lasted = s.at - m.since;
    const place = m.place;
    if (m.detected || lasted >= this.options.thresholdMs(place.lineId)) {
      if (!m.detected) out.push({ type: 'MachineStopDetected', data: { ...place, startTime: iso(m.since) } });
      out.push({ type: 'MachineRestarted', data: { ...place, startTime: iso(m.since), endTime: iso(s.at) } });
    } else {
      const fold = this.hour(m, m.since);
      fold.microStops += 1;
      fold.microStopMinutes += lasted / 60_000;
    }
    Object.assign(m, { state: 'running', since: s.at, detected: false });
  }

  private hour(m: Machine, at: number): HourFold {
    const start = hourOf(at);
    let fold = m.hours.get(start);
    if (!fold) m.hours.set(start, (fold = { good: 0, reject: 0, microStops: 0, microStopMinutes: 0, firstAt: at, lastAt: at }));
    fold.firstAt = Math.min(fold.firstAt, at);
    fold.lastAt = Math.max(fold.lastAt, at);
    return fold;
  }

  private foldEvent(m: Machine, hour: number, f: HourFold): MachineEvent {
    return {
      type: 'MachineHourCounted',
      data: {
        ...m.place,
        hour: iso(hour),
        firstAt: iso(f.firstAt),
        lastAt: iso(f.lastAt),
        good: f.good,
        reject: f.reject,
        microStops: f.microStops,
        microStopMinutes: Math.round(f.microStopMinutes * 100) / 100,
      },
    };
  }
}
