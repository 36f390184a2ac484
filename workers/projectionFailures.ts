import type { Knex } from 'knex';
import { comparePositions, type Position, type RecordedEvent } from '../domain/shared/eventStore.js';
import type { ProjectionFailure } from '../domain/shared/readModelStatus.js';
import { isDatabaseUnavailable } from '../infra/db/unavailable.js';
import { NOTIFY_CHANNEL, dropRetired, type GenerationRow } from './projectionGenerations.js';

/** Where the engine says that a read model parked: a pino logger's error level. */
export interface EngineLog {
  error(details: Record<string, unknown>, message: string): void;
}

const checkpoint = (row: GenerationRow): Position => ({ commit: Number(row.commit_pos), prepare: Number(row.prepare_pos) });

export type { ProjectionFailure } from '../domain/shared/readModelStatus.js';

/** Long enough for a validation error's fields, short enough for a log line and a card. */
const MESSAGE_LIMIT = 1000;

/** Thrown inside a batch when its projection cannot decode or apply the batch's events; the batch rolls back. */
/** What a parked generation records of the event it stopped at. */
export type EventRef = Pick<RecordedEvent, 'id' | 'streamId' | 'type' | 'position'>;

export class EventApplyError extends Error {
  constructor(
    /** The batch's events the projection handles, read or decoded (of a batch of one, the event that failed). */
    readonly events: readonly EventRef[],
    readonly reason: unknown,
    /** How many events the batch read, of every type: the window the engine narrows down. */
    readonly read = events.length,
  ) {
    super(errorMessage(reason));
    this.name = 'EventApplyError';
  }
}

/**
 * An error as one line: a schema's refusal as 'field: why' per issue (its own message is
 * indented JSON), anything else with its whitespace folded; at most MESSAGE_LIMIT characters.
 */
export function errorMessage(err: unknown): string {
  const issues = (err as { issues?: unknown } | null)?.issues;
  const text = Array.isArray(issues)
    ? issues.map((i: { path?: unknown[]; message?: string }) => `${(i.path ?? []).join('.') || '(data)'}: ${i.message ?? ''}`).join('; ')
    : (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT - 1)}…` : text;
}

/**
 * Whether a projection's error is the database's and not the event's (a lost connection, a
 * deadlock, a cancelled statement): those are retried at the next wake and never park a read model.
 */
export function isTransient(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01' || code === '57014';
}

/** Whether a generation is stopped at an event (or a rebuild of it failed). */
export const isParked = (row: GenerationRow): boolean => row.failed_at != null;

/** The columns that park a generation at an event. */
export function failureColumns(event: EventRef | null, err: unknown, now: Knex.Raw) {
  return {
    failed_commit_pos: event?.position.commit ?? null,
    failed_prepare_pos: event?.position.prepare ?? null,
    failed_event_type: event?.type ?? null,
    failed_stream: event?.streamId ?? null,
    failed_event_id: event?.id ?? null,
    failed_error: errorMessage(err),
    failed_at: now,
  };
}

/** The columns that let a parked generation try its event again. */
export const CLEARED = {
  failed_commit_pos: null,
  failed_prepare_pos: null,
  failed_event_type: null,
  failed_stream: null,
  failed_event_id: null,
  failed_error: null,
  failed_at: null,
};

/** A parked generation's failure as status() reports it; null when it runs. */
export function failureOf(row: GenerationRow | undefined): ProjectionFailure | null {
  if (!row || !isParked(row)) return null;
  const known = row.failed_commit_pos != null && row.failed_prepare_pos != null;
  return {
    position: known ? { commit: Number(row.failed_commit_pos), prepare: Number(row.failed_prepare_pos) } : null,
    eventType: row.failed_event_type ?? null,
    stream: row.failed_stream ?? null,
    eventId: row.failed_event_id ?? null,
    message: row.failed_error ?? '',
    at: new Date(row.failed_at!).toISOString(),
    duringRebuild: row.status !== 'live',
  };
}

/**
 * Parks a generation at the one event `err` failed on (a batch of one): records the event and
 * the error on its row and says so once, at error level. Another runner that parked it first,
 * or went past the event since, leaves it as it is and logs nothing.
 */
export async function park(knex: Knex, log: EngineLog, name: string, generation: number, err: EventApplyError): Promise<void> {
  const event = err.events[0]!;
  const parked = await knex.transaction(async (trx) => {
    const locked = await trx.raw<{ rows: Array<{ ok: boolean }> }>(`select pg_try_advisory_xact_lock(hashtext(?), ?) as ok`, [name, generation]);
    if (!locked.rows[0]?.ok) return null;
    const row = await trx<GenerationRow>('projection_generations').where({ name, generation }).forUpdate().first();
    if (!row || isParked(row) || comparePositions(checkpoint(row), event.position) >= 0) return null;
    await trx('projection_generations')
      .where({ name, generation })
      .update({ ...failureColumns(event, err.reason, trx.fn.now()), updated_at: trx.fn.now() });
    // Commands waiting on this read model stop waiting (CheckpointWaiter).
    await trx.raw(`select pg_notify(?, ?)`, [NOTIFY_CHANNEL, JSON.stringify({ name, generation, status: row.status, failed: true, ...checkpoint(row) })]);
    return row;
  });
  if (!parked) return;
  log.error(
    {
      projection: name,
      generation,
      rebuild: parked.status !== 'live',
      position: event.position,
      eventType: event.type,
      stream: event.streamId,
      eventId: event.id,
      error: err.message,
    },
    'read model parked at an event its projection cannot apply; the others go on, and it tries again after a restart or a rebuild',
  );
}

/** Clears the parked state of the named read models' live generations, and drops the rows of their failed rebuilds. */
export async function retryParked(knex: Knex, names: string[]): Promise<string[]> {
  const rows: Array<{ name: string }> = await knex('projection_generations')
    .whereIn('name', names)
    .andWhere('status', 'live')
    .whereNotNull('failed_at')
    .update({ ...CLEARED, updated_at: knex.fn.now() })
    .returning('name');
  for (const name of names) await dropRetired(knex, name, 2 ** 31 - 1);
  return rows.map((r) => r.name);
}
