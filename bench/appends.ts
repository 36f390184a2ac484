/**
 * Benchmark 1: appends through the port (optimistic concurrency on es_streams) against
 * the same rows written by plain SQL inserts without revision checks, 8 writers each.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { NewEvent } from '../domain/shared/eventStore.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { createDatabase, fmt, inParallel, now, printTable, ratio } from './support.js';

export interface AppendOptions {
  writers: number;
  appendsPerWriter: number;
  eventsPerAppend: number;
  streamsPerWriter: number;
  rounds: number;
}

export const defaultAppendOptions: AppendOptions = { writers: 8, appendsPerWriter: 400, eventsPerAppend: 3, streamsPerWriter: 20, rounds: 5 };

interface PlannedAppend {
  stream: string;
  /** Revision of the stream's last event before this append; -1 when it does not exist yet. */
  before: number;
  events: NewEvent[];
}

/** The same appends for both variants: each writer cycles over its own streams. */
function plan(o: AppendOptions): PlannedAppend[][] {
  return Array.from({ length: o.writers }, (_, w) => {
    const revisions = new Array<number>(o.streamsPerWriter).fill(-1);
    return Array.from({ length: o.appendsPerWriter }, (_, i) => {
      const s = i % o.streamsPerWriter;
      const before = revisions[s]!;
      revisions[s] = before + o.eventsPerAppend;
      const stream = `benchline-w${w}s${s}`;
      const events = Array.from({ length: o.eventsPerAppend }, (_, k): NewEvent => ({
        type: 'BenchItemCounted',
        schemaVersion: 1,
        data: { lineId: `L${w}`, sku: `SKU-${(i + k) % 37}`, count: before + k + 1, shift: (['A', 'B', 'C'] as const)[i % 3] },
        metadata: {
          userId: `u-${w}`,
          username: `writer${w}`,
          role: 'frontline',
          correlationId: randomUUID(),
          causationId: null,
          occurredAt: new Date(Date.UTC(2026, 10, 22, 6, 0, i)).toISOString(),
        },
      }));
      return { stream, before, events };
    });
  });
}

async function runPort(url: string, writers: PlannedAppend[][]): Promise<number> {
  const store = await PostgresEventStore.connect(url, { max: 10 });
  try {
    const started = now();
    await inParallel(writers, writers.length, async (appends) => {
      for (const a of appends) await store.appendToStream(a.stream, a.events, { expectedRevision: a.before < 0 ? 'no_stream' : a.before });
    });
    return now() - started;
  } finally {
    await store.close();
  }
}

async function runRaw(url: string, writers: PlannedAppend[][]): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined);
  try {
    const started = now();
    await inParallel(writers, writers.length, async (appends) => {
      for (const a of appends) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query(
            `insert into es_streams (stream_id, revision) values ($1, $2)
             on conflict (stream_id) do update set revision = excluded.revision`,
            [a.stream, a.before + a.events.length],
          );
          const params: unknown[] = [];
          const tuples = a.events.map((e, k) => {
            params.push(randomUUID(), a.stream, a.before + 1 + k, e.type, e.schemaVersion, JSON.stringify(e.data), JSON.stringify(e.metadata));
            const b = k * 7;
            return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7})`;
          });
          await client.query(`insert into es_events (event_id, stream_id, stream_revision, type, schema_version, data, metadata) values ${tuples.join(', ')}`, params);
          await client.query('commit');
        } catch (err) {
          await client.query('rollback').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      }
    });
    return now() - started;
  } finally {
    await pool.end();
  }
}

async function countEvents(url: string): Promise<number> {
  const c = new pg.Client(url);
  await c.connect();
  const r = await c.query<{ n: string }>('select count(*) as n from es_events');
  await c.end();
  return Number(r.rows[0]!.n);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface AppendResultRow {
  portEventsPerSecond: number;
  rawEventsPerSecond: number;
}

/** Alternates port and raw rounds, each on a fresh database, and reports the medians. */
export async function benchAppends(adminUrl: string, o: AppendOptions = defaultAppendOptions): Promise<AppendResultRow> {
  const writers = plan(o);
  const total = o.writers * o.appendsPerWriter * o.eventsPerAppend;
  const port: number[] = [];
  const raw: number[] = [];
  // Untimed: JIT-compiles both code paths and warms the cluster before round one.
  const warm = plan({ ...o, appendsPerWriter: 40 });
  for (const variant of ['port', 'raw'] as const) {
    const db = await createDatabase(adminUrl, `append_warm_${variant}`);
    try {
      await (variant === 'port' ? runPort(db.url, warm) : runRaw(db.url, warm));
    } finally {
      await db.drop();
    }
  }
  for (let round = 0; round < o.rounds; round++) {
    // The order flips every round, so a drift in machine load hits both variants alike.
    for (const variant of round % 2 === 0 ? (['port', 'raw'] as const) : (['raw', 'port'] as const)) {
      const db = await createDatabase(adminUrl, `append_${variant}`);
      try {
        const ms = variant === 'port' ? await runPort(db.url, writers) : await runRaw(db.url, writers);
        const stored = await countEvents(db.url);
        if (stored !== total) throw new Error(`${variant} round ${round} stored ${stored} events, expected ${total}`);
        (variant === 'port' ? port : raw).push((total * 1000) / ms);
      } finally {
        await db.drop();
      }
    }
  }
  const portEps = median(port);
  const rawEps = median(raw);
  printTable(
    `1. Appends: ${o.writers} concurrent writers, ${o.eventsPerAppend} events per append, ${fmt(total)} events per round (median of ${o.rounds} alternating rounds after a warm-up, fresh database each)`,
    [
      {
        variant: 'port: PostgresEventStore.appendToStream',
        'events/s': fmt(portEps),
        'appends/s': fmt(portEps / o.eventsPerAppend),
        'port/raw': ratio(portEps, rawEps),
        goal: `port/raw >= 0.80: ${portEps / rawEps >= 0.8 ? 'met' : 'MISSED'}`,
        'each round (events/s)': port.map((x) => fmt(x)).join(' / '),
      },
      {
        variant: 'baseline: raw SQL inserts, no revision check',
        'events/s': fmt(rawEps),
        'appends/s': fmt(rawEps / o.eventsPerAppend),
        'port/raw': '1.00x',
        goal: '',
        'each round (events/s)': raw.map((x) => fmt(x)).join(' / '),
      },
    ],
  );
  return { portEventsPerSecond: portEps, rawEventsPerSecond: rawEps };
}
