import { z } from 'zod';
import type { MachineSignal } from '../../domain/machines/tracker.js';
import { MAX_COUNTER_TOTAL } from '../../domain/machines/events.js';
import { MAX_PIECES, inPlantTime } from '../../domain/shared/bounds.js';

/**
 * The topics and payloads a PLC gateway publishes (docs/machine-signals.md):
 * `linea/<shop floor id>/<line id>/<equipment id>/state` with `{"state":"running"|"stopped","at":ISO 8601}`
 * and `.../count` with `{"good":n,"reject":n,"at":ISO 8601}`, the pieces since the previous count,
 * or `{"total_good":n,"total_reject":n,"at":ISO 8601}`, the machine's running totals.
 */
export const TOPIC_FILTERS = ['linea/+/+/+/state', 'linea/+/+/+/count'] as const;

/** How far ahead of our clock a machine's `at` may be (clocks drift); further is junk. */
const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

const at = z.iso.datetime({ offset: true }).transform((v) => Date.parse(v));
const statePayload = z.object({ state: z.enum(['running', 'stopped']), at }).strict();
const pieces = z.number().int().min(0).max(MAX_PIECES);
const countPayload = z.object({ good: pieces, reject: pieces.default(0), at }).strict();
const total = z.number().int().min(0).max(MAX_COUNTER_TOTAL);
const totalPayload = z.object({ total_good: total, total_reject: total.default(0), at }).strict();
const idPart = /^[1-9]\d{0,8}$/;

export type MachineMessage = MachineSignal;

/** The message a topic and payload make, or why it is junk (never thrown: junk is counted and dropped). */
export function parseMachineMessage(topic: string, payload: Buffer | string, now: number): { ok: true; message: MachineMessage } | { ok: false; why: string } {
  const parts = topic.split('/');
  if (parts.length !== 5 || parts[0] !== 'linea' || !parts.slice(1, 4).every((p) => idPart.test(p))) return { ok: false, why: 'topic' };
  const [shopFloorId, lineId, equipmentId] = parts.slice(1, 4).map(Number) as [number, number, number];
  let json: unknown;
  try {
    json = JSON.parse(String(payload));
  } catch {
    return { ok: false, why: 'json' };
  }
  const place = { shopFloorId, lineId, equipmentId };
  const cumulative = typeof json === 'object' && json !== null && ('total_good' in json || 'total_reject' in json);
  const schema = parts[4] === 'state' ? statePayload : parts[4] === 'count' ? (cumulative ? totalPayload : countPayload) : null;
  const parsed = schema?.safeParse(json);
  if (!parsed?.success) return { ok: false, why: 'payload' };
  const data = parsed.data;
  if (!inPlantTime(data.at) || data.at > now + MAX_CLOCK_AHEAD_MS) return { ok: false, why: 'time' };
  const message: MachineMessage =
    'state' in data
      ? { ...place, kind: 'state', state: data.state, at: data.at }
      : 'total_good' in data
        ? { ...place, kind: 'total', totalGood: data.total_good, totalReject: data.total_reject, at: data.at }
        : { ...place, kind: 'count', good: data.good, reject: data.reject, at: data.at };
  return { ok: true, message };
}
