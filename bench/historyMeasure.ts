/**
 * The HTTP half of the history bench: the same requests against two real servers, one on
 * the empty store (plant and calendar only) and one on the store with the history,
 * alternating request by request so a change in machine load hits both alike.
 */
import { DateTime } from 'luxon';
import type { RunningServer } from '../api/server.js';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import { RESERVED } from './historyGenerate.js';
import type { BenchEquipment, BenchPlant } from './historyPlant.js';
import { now, summarize, type LatencySummary } from './support.js';

export interface Target {
  label: 'empty' | 'history';
  server: RunningServer;
  token: string;
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface Sample {
  ms: number;
  status: number;
  bytes: number;
  rows: number | null;
  /** Response headers that announce a next page (a cursor), if the API sends one. */
  cursor: string | null;
}

/** One request, timed until the whole body has arrived. */
async function send(t: Target, r: Request): Promise<Sample> {
  const started = now();
  const res = await fetch(`${t.server.url}${r.path}`, {
    method: r.method,
    headers: { authorization: `Bearer ${t.token}`, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: r.body === undefined ? undefined : JSON.stringify(r.body),
  });
  const text = await res.text();
  const ms = now() - started;
  let rows: number | null = null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (Array.isArray(parsed)) rows = parsed.length;
  } catch {
    rows = null;
  }
  const cursorHeader = [...res.headers.keys()].find((k) => /cursor|^link$/i.test(k));
  return { ms, status: res.status, bytes: Buffer.byteLength(text), rows, cursor: cursorHeader ? `${cursorHeader}: ${res.headers.get(cursorHeader)}` : null };
}

export interface Measured {
  summary: LatencySummary;
  statuses: string;
  samples: Sample[];
  /** The first response that was not the expected status, for the report. */
  firstError: string | null;
}

/**
 * `warmup + n` requests per target, alternating targets (the order flips every round);
 * the warm-up requests are not counted. `request(k)` must give a valid, non-conflicting
 * request for round k; both targets get the same one.
 */
export async function alternate(targets: Target[], n: number, warmup: number, expected: number, request: (k: number) => Request): Promise<Map<string, Measured>> {
  const samples = new Map<string, Sample[]>(targets.map((t) => [t.label, []]));
  const errors = new Map<string, string | null>(targets.map((t) => [t.label, null]));
  for (let k = 0; k < warmup + n; k++) {
    const order = k % 2 === 0 ? targets : [...targets].reverse();
    for (const t of order) {
      const r = request(k);
      const s = await send(t, r);
      if (s.status !== expected && errors.get(t.label) === null) errors.set(t.label, `${r.method} ${r.path} -> ${s.status}`);
      if (k >= warmup) samples.get(t.label)!.push(s);
    }
  }
  return new Map(
    targets.map((t) => {
      const xs = samples.get(t.label)!;
      const counts = new Map<number, number>();
      for (const s of xs) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
      const statuses = [...counts]
        .sort((a, b) => a[0] - b[0])
        .map(([s, c]) => `${s}x${c}`)
        .join(' ');
      return [t.label, { summary: summarize(xs.map((s) => s.ms)), statuses, samples: xs, firstError: errors.get(t.label)! }];
    }),
  );
}

/** Round k's plant day and ten-minute slot inside the reserved half hour: distinct for k < 3 x days. */
function slotOf(days: string[], k: number): { day: string; start: DateTime } {
  const day = days[(k * 331) % days.length]!;
  const slot = Math.floor(k / days.length) % 3;
  const start = DateTime.fromISO(`${day}T00:00`, { zone: PLANT_ZONE }).set({ hour: Math.floor(RESERVED.from / 60), minute: (RESERVED.from % 60) + slot * 10 });
  return { day, start };
}

/** An unplanned stop of 9 minutes on a free slot of a past day of the equipment (the generator never uses the reserved half hour). */
export function stopRequest(eq: BenchEquipment, plant: BenchPlant, days: string[], k: number): Request {
  const { start } = slotOf(days, k);
  const wp = eq.workpoints[k % eq.workpoints.length]!;
  return {
    method: 'POST',
    path: '/factory/stop_events',
    body: {
      workpoint_id: wp.id,
      stop_code_id: wp.codes[k % wp.codes.length]!.id,
      triggering_event_id: plant.triggeringEvents[k % plant.triggeringEvents.length]!.id,
      failure_mode: `Fermo misurato ${k}`,
      corrective_action: 'Riavviata la macchina',
      action_cleaning: k % 2 === 0,
      start_time: start.toISO(),
      end_time: start.plus({ minutes: 9 }).toISO(),
    },
  };
}

/** A planned stop on a past day, cycling over every equipment of the plant. */
export function plannedRequest(plant: BenchPlant, days: string[], k: number): Request {
  const equipments = plant.lines.flatMap((l) => l.equipments);
  const { start } = slotOf(days, k);
  return {
    method: 'POST',
    path: '/factory/planned_stops',
    body: {
      equipment_id: equipments[k % equipments.length]!.id,
      planned_reason_id: plant.plannedReasons[k % plant.plannedReasons.length]!.id,
      start_time: start.toISO(),
      end_time: start.plus({ minutes: 20 }).toISO(),
      notes: `Fermo pianificato misurato ${k}`,
    },
  };
}

/** A draft of the extra shift E (which the history never reports) of a past day, cycling over the lines. */
export function saveRequest(plant: BenchPlant, days: string[], k: number): Request {
  const line = plant.lines[k % plant.lines.length]!;
  return {
    method: 'POST',
    path: '/factory/shift_notes/save',
    body: {
      day: days[(k * 331) % days.length],
      shift_code: 'E',
      line_name: line.name,
      notes: `Turno E misurato ${k}: produzione regolare`,
      machine_notes: [{ Macchina: 'Filler', Nota: 'Controllo visivo ok' }],
      production_volume: 50_000 + k,
      waste: null,
      working_time: 7.5,
    },
  };
}

/** GET /factory/stop_events/unplanned for a range of shift days and some lines; `limit` is sent for a paging API (ignored otherwise). */
export function unplannedListRequest(plant: BenchPlant, from: string, to: string, lineIds: number[], limit: number): Request {
  const q = new URLSearchParams({ shop_floor_id: String(plant.shopFloorId), date_from: from, date_to: to, lines_id: lineIds.join(','), limit: String(limit) });
  return { method: 'GET', path: `/factory/stop_events/unplanned?${q}` };
}
