import { z } from 'zod';
import type { MachineSignal } from '../../domain/machines/tracker.js';
import { MAX_PIECES, inPlantTime } from '../../domain/shared/bounds.js';

/**
 * The topics and payloads a PLC gateway publishes (docs/machine-signals.md):
 * `linea/<shop floor id>/<line id>/<equipment id>/state` with `{"state":"running"|"stopped","at":ISO 8601}`
 * and `.../count` with `{"good":n,"reject":n,"at":ISO 8601}`, the pieces since the previous count.
 */
export const TOPIC_FILTERS = ['linea/+/+/+/state', 'linea/+/+/+/count'] as const;

/** How far ahead of our clock a machine's `at` may be (clocks drift); further is junk. */
const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

const at = z.iso.datetime({ offset: true }).transform((v) => Date.parse(v));
const statePayload = z.object({ state: z.enum(['running', 'stopped']), at }).strict();
const pieces = z.number().int().min(0).max(MAX_PIECES);
const countPayload = z.object({ good: pieces, reject: pieces.default(0), at }).strict();
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
  const parsed = parts[4] === 'state' ? statePayload.safeParse(json) : parts[4] === 'count' ? countPayload.safeParse(json) : null;
  if (!parsed?.success) return { ok: false, why: 'payload' };
  if (!inPlantTime(parsed.data.at) || parsed.data.at > now + MAX_CLOCK_AHEAD_MS) return { ok: false, why: 'time' };
  const message: MachineMessage = 'state' in parsed.data ? { ...place, kind: 'state', ...parsed.data } : { ...place, kind: 'count', ...parsed.data };
  return { ok: true, message };
}
