import { MAX_FOLD_MICRO_STOP_MINUTES, MAX_FOLD_MICRO_STOPS, type MachineEvent } from './events.js';
import { MAX_PIECES } from '../shared/bounds.js';
import { activeItem, type PlantState } from '../plant/state.js';

/** One validated message from a machine (infra/mqtt parses and checks it; the plant says where the machine is). */
export type MachineSignal = { shopFloorId: number; lineId: number; equipmentId: number; at: number } & (
  | { kind: 'state'; state: 'running' | 'stopped' }
  /** The pieces since the previous count (deltas). */
  | { kind: 'count'; good: number; reject: number }
  /** The machine's running totals: the pieces are the difference from the last total taken. */
  | { kind: 'total'; totalGood: number; totalReject: number }
);

/** A machine counter's last total taken, with the machine's time of it. */
export interface CounterTotal {
  good: number;
  reject: number;
  at: number;
}

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
  /** At most this many messages a machine are remembered for duplicates (the oldest go first, counted as evicted). */
  dedupeMax: number;
}

export const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  thresholdMs: () => 2 * 60_000,
  silenceMs: 10 * 60_000,
  hourGraceMs: 2 * 60_000,
  lateLimitMs: 31 * 24 * 60 * 60_000,
  dedupeMs: 2 * 60 * 60_000,
  dedupeMax: 2_048,
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
  /** The last running total folded in (machines that send totals). */
  counter: CounterTotal | null;
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
  lastKind: 'state' | 'count' | null;
  /** The counter's last total taken (by `tick`); undefined until known: the recorded one is looked up first. */
  counter: CounterTotal | null | undefined;
  /** The latest `at` of the totals accepted: an older total says nothing new. */
  lastTotalAt: number;
}

export interface MachineStatus {
  equipmentId: number;
  lineId: number;
  state: 'running' | 'stopped' | 'Segnale assente' | null;
  lastMessageAt: string;
  /** The topic of the last message: `state` or `count` (null for a stop known only from before a restart). */
  lastKind: 'state' | 'count' | null;
}

/** What the tracker refused or forgot to stay within its bounds, for /health. */
export interface TrackerLosses {
  /** Counts and micro-stops left out of an hour's fold that had reached the event's bounds. */
  overBound: number;
  /** Messages remembered for duplicates, across machines, and the cap a machine. */
  dedupeEntries: number;
  dedupeMax: number;
  /** Messages forgotten before their time because a machine had reached the cap: a resend of one of them would count again. */
  dedupeEvicted: number;
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
  private overBound = 0;
  private evicted = 0;

  constructor(private readonly options: TrackerOptions = DEFAULT_TRACKER_OPTIONS) {}

  /** A stop known open from before (the read model after a restart): its end is reported, not a second detection. */
  primeOpenStop(place: Machine['place'], startTime: string, now: number): void {
    const m = this.machine(place, now);
    if (m.state === null) Object.assign(m, { state: 'stopped', since: Date.parse(startTime), detected: true });
  }

  accept(signal: MachineSignal, now: number): AcceptResult {
    const m = this.machine(signal, now);
    const what = signal.kind === 'state' ? signal.state : signal.kind === 'count' ? `${signal.good}/${signal.reject}` : `${signal.totalGood}/${signal.totalReject}`;
    const key = `${signal.kind}|${signal.at}|${what}`;
    if (m.seen.has(key)) return 'duplicate';
    if (now - (hourOf(signal.at) + HOUR) > this.options.lateLimitMs) return 'late';
    if (signal.kind === 'state' && m.state !== null && signal.at < m.since) return 'late';
    // A total older than one already taken is in it (unless the counter was reset in between: then its pieces are lost).
    if (signal.kind === 'total' && signal.at <= m.lastTotalAt) return 'late';
    if (m.seen.size >= this.options.dedupeMax) {
      m.seen.delete(m.seen.keys().next().value!);
      this.evicted += 1;
    }
    m.seen.set(key, now);
    m.pending.push(signal);
    m.lastReceived = now;
    m.lastAt = Math.max(m.lastAt, signal.at);
    m.lastKind = signal.kind === 'state' ? 'state' : 'count';
    if (signal.kind === 'total') m.lastTotalAt = signal.at;
    return 'accepted';
  }

  /** The machines with totals waiting whose counter's last recorded total is not known yet (the caller looks it up, then primes it). */
  countersToLookUp(): Machine['place'][] {
    return [...this.machines.values()].filter((m) => m.counter === undefined && m.pending.some((s) => s.kind === 'total')).map((m) => m.place);
  }

  /** The counter's last total recorded before (null: none); the next total counts from it. */
  primeCounter(equipmentId: number, counter: CounterTotal | null): void {
    const m = this.machines.get(equipmentId);
    if (m && m.counter === undefined) {
      m.counter = counter;
      if (counter) m.lastTotalAt = Math.max(m.lastTotalAt, counter.at);
    }
  }

  losses(): TrackerLosses {
    let dedupeEntries = 0;
    for (const m of this.machines.values()) dedupeEntries += m.seen.size;
    return { overBound: this.overBound, dedupeEntries, dedupeMax: this.options.dedupeMax, dedupeEvicted: this.evicted };
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
        counter: undefined,
        lastTotalAt: -Infinity,
      };
      this.machines.set(place.equipmentId, m);
    }
    return m;
  }

  private take(m: Machine, s: MachineSignal, out: MachineEvent[]): void {
    if (s.kind === 'count') {
      this.addPieces(this.hour(m, s.at), s.good, s.reject);
      return;
    }
    if (s.kind === 'total') {
      this.takeTotal(m, s);
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
    // Stopped and running at the same instant: their order is unknown, and a detected stop cannot end as it starts.
    if (lasted <= 0 && m.detected) return;
    if (m.detected || lasted >= this.options.thresholdMs(place.lineId)) {
      if (!m.detected) out.push({ type: 'MachineStopDetected', data: { ...place, startTime: iso(m.since) } });
      out.push({ type: 'MachineRestarted', data: { ...place, startTime: iso(m.since), endTime: iso(s.at) } });
    } else {
      const fold = this.hour(m, m.since);
      if (fold.microStops + 1 > MAX_FOLD_MICRO_STOPS || fold.microStopMinutes + lasted / 60_000 > MAX_FOLD_MICRO_STOP_MINUTES) this.overBound += 1;
      else {
        fold.microStops += 1;
        fold.microStopMinutes += lasted / 60_000;
      }
    }
    Object.assign(m, { state: 'running', since: s.at, detected: false });
  }

  /** A count the fold cannot hold within the event's bounds is left out whole and counted (a machine's nonsense never poisons the others). */
  private addPieces(fold: HourFold, good: number, reject: number): void {
    if (fold.good + good > MAX_PIECES || fold.reject + reject > MAX_PIECES) this.overBound += 1;
    else {
      fold.good += good;
      fold.reject += reject;
    }
  }

  /**
   * A running total: the pieces are the difference from the last total taken; a total lower
   * than it is a counter reset or rollover, counted from zero (the new total is the pieces). The
   * first total a machine ever sends has nothing to count from: it is where counting starts.
   */
  private takeTotal(m: Machine, s: Extract<MachineSignal, { kind: 'total' }>): void {
    const last = m.counter ?? null;
    if (last && s.at <= last.at) return; // taken before the restart already
    const fold = this.hour(m, s.at);
    if (last) this.addPieces(fold, s.totalGood >= last.good ? s.totalGood - last.good : s.totalGood, s.totalReject >= last.reject ? s.totalReject - last.reject : s.totalReject);
    m.counter = fold.counter = { good: s.totalGood, reject: s.totalReject, at: s.at };
  }

  private hour(m: Machine, at: number): HourFold {
    const start = hourOf(at);
    let fold = m.hours.get(start);
    if (!fold) m.hours.set(start, (fold = { good: 0, reject: 0, microStops: 0, microStopMinutes: 0, firstAt: at, lastAt: at, counter: null }));
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
        ...(f.counter ? { counter: { good: f.counter.good, reject: f.counter.reject, at: iso(f.counter.at) } } : {}),
      },
    };
  }
}
