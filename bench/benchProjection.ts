/**
 * The bench's own events, catalog, projection and loader. They live here, not in
 * domain/ or projections/, so the product's catalog and registry never see them.
 */
import type { Knex } from 'knex';
import pg from 'pg';
import { z } from 'zod';
import { defineEvent, EventCatalog, type DomainEvent } from '../domain/shared/catalog.js';
import type { ApplyContext, Projection } from '../projections/types.js';

export const BenchItemCounted = defineEvent(
  'BenchItemCounted',
  1,
  z.object({ lineId: z.string().min(1), sku: z.string().min(1), count: z.number().int().min(0), shift: z.enum(['A', 'B', 'C']) }),
);
export const BenchStopRecorded = defineEvent(
  'BenchStopRecorded',
  1,
  z.object({ stopId: z.string().min(1), lineId: z.string().min(1), minutes: z.number().int().min(0), reason: z.string().min(1) }),
);
/** Appended but handled by no bench projection: the engine must read past it cheaply. */
export const BenchNoteAdded = defineEvent('BenchNoteAdded', 1, z.object({ text: z.string() }));

export function createBenchCatalog(): EventCatalog {
  return new EventCatalog([BenchItemCounted, BenchStopRecorded, BenchNoteAdded]);
}

type Counted = z.infer<typeof BenchItemCounted.schema>;
type Stop = z.infer<typeof BenchStopRecorded.schema>;

/** Time spent inside applyBatch, so the run can say where catch-up time goes. */
export interface ApplyStats {
  ms: number;
  batches: number;
  events: number;
}

/**
 * A line-counter read model: the latest counter reading per line stream and one row
 * per stop. applyBatch folds the batch in memory to one row per key (one upsert may
 * not touch a row twice), then writes each table with ONE multi-row upsert over
 * unnest()ed arrays; the revision guard keeps a replay idempotent.
 */
export function createBenchProjection(suffix: string, stats: ApplyStats): Projection {
  const counters = `bench_counters_${suffix}`;
  const stops = `bench_stops_${suffix}`;
  const applyBatch = async ({ trx, tables }: ApplyContext, events: readonly DomainEvent[]): Promise<void> => {
    const started = performance.now();
    const latest = new Map<string, { stream_id: string; revision: number; at: string } & Counted>();
    const stopRows = new Map<string, { at: string } & Stop>();
    for (const e of events) {
      if (e.type === 'BenchItemCounted') {
        const prev = latest.get(e.streamId);
        if (!prev || prev.revision < e.revision) latest.set(e.streamId, { stream_id: e.streamId, revision: e.revision, at: e.metadata.occurredAt, ...(e.data as Counted) });
      } else if (e.type === 'BenchStopRecorded') {
        const d = e.data as Stop;
        stopRows.set(d.stopId, { at: e.metadata.occurredAt, ...d });
      }
    }
    if (latest.size > 0) {
      const rows = [...latest.values()];
      await trx.raw(
        `insert into ?? as t (stream_id, line_id, sku, count, shift, last_revision, updated_at)
         select * from unnest(?::text[], ?::text[], ?::text[], ?::int[], ?::text[], ?::bigint[], ?::timestamptz[])
         on conflict (stream_id) do update
           set line_id = excluded.line_id, sku = excluded.sku, count = excluded.count, shift = excluded.shift,
               last_revision = excluded.last_revision, updated_at = excluded.updated_at
           where t.last_revision < excluded.last_revision`,
        [
          tables.counters!,
          rows.map((r) => r.stream_id),
          rows.map((r) => r.lineId),
          rows.map((r) => r.sku),
          rows.map((r) => r.count),
          rows.map((r) => r.shift),
          rows.map((r) => r.revision),
          rows.map((r) => r.at),
        ],
      );
    }
    if (stopRows.size > 0) {
      const rows = [...stopRows.values()];
      await trx.raw(
        `insert into ?? (stop_id, line_id, minutes, reason, recorded_at)
         select * from unnest(?::text[], ?::text[], ?::int[], ?::text[], ?::timestamptz[])
         on conflict (stop_id) do update
           set line_id = excluded.line_id, minutes = excluded.minutes, reason = excluded.reason, recorded_at = excluded.recorded_at`,
        [tables.stops!, rows.map((r) => r.stopId), rows.map((r) => r.lineId), rows.map((r) => r.minutes), rows.map((r) => r.reason), rows.map((r) => r.at)],
      );
    }
    stats.ms += performance.now() - started;
    stats.batches += 1;
    stats.events += events.length;
  };
  return {
    name: `bench_${suffix}`,
    version: 1,
    tables: {
      [counters]: (t: Knex.CreateTableBuilder) => {
        t.text('stream_id').primary();
        t.text('line_id').notNullable();
        t.text('sku').notNullable();
        t.integer('count').notNullable();
        t.text('shift').notNullable();
        t.bigInteger('last_revision').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      },
      [stops]: (t: Knex.CreateTableBuilder) => {
        t.text('stop_id').primary();
        t.text('line_id').notNullable();
        t.integer('minutes').notNullable();
        t.text('reason').notNullable();
        t.timestamp('recorded_at', { useTz: true }).notNullable();
      },
    },
    canHandle: ['BenchItemCounted', 'BenchStopRecorded'],

    applyBatch: (ctx, events) => applyBatch({ trx: ctx.trx, tables: { counters: ctx.tables[counters]!, stops: ctx.tables[stops]! } }, events),
  };
}

/**
 * Loads `total` events straight into es_events with server-side multi-row inserts, in
 * transactions of `chunk` events: about 75% counter readings, 15% stops, 10% notes,
 * spread over `streams` line streams with gap-free revisions, plus their es_streams rows.
 */
export async function loadEvents(url: string, total: number, streams = 2000, chunk = 2000): Promise<void> {
  const c = new pg.Client(url);
  await c.connect();
  try {
    for (let from = 0; from < total; from += chunk) {
      const to = Math.min(total, from + chunk) - 1;
      await c.query(
        `insert into es_events (event_id, stream_id, stream_revision, type, schema_version, data, metadata, recorded_at)
         select gen_random_uuid(), 'benchline-' || (i % $3), i / $3, k.type, 1,
                case k.type
                  when 'BenchItemCounted' then jsonb_build_object('lineId', 'L' || (i % $3 % 40), 'sku', 'SKU-' || (i % 37), 'count', i / $3, 'shift', (array['A','B','C'])[1 + i % 3])
                  when 'BenchStopRecorded' then jsonb_build_object('stopId', 'stop-' || i, 'lineId', 'L' || (i % $3 % 40), 'minutes', 1 + i % 90, 'reason', 'Cambio formato ' || (i % 12))
                  else jsonb_build_object('text', 'Nota di turno numero ' || i)
                end,
                jsonb_build_object('userId', 'u-' || (i % 50), 'username', 'operatore' || (i % 50), 'role', 'frontline',
                                   'correlationId', gen_random_uuid()::text, 'causationId', null,
                                   'occurredAt', to_char(timestamp '2026-11-01' + make_interval(secs => i), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
                timestamptz '2026-11-01 00:00:00+00' + make_interval(secs => i)
           from generate_series($1::int, $2::int) as i,
                lateral (select case when abs(hashint4(i)) % 20 < 15 then 'BenchItemCounted'
                                     when abs(hashint4(i)) % 20 < 18 then 'BenchStopRecorded'
                                     else 'BenchNoteAdded' end as type) as k
          order by i`,
        [from, to, streams],
      );
    }
    await c.query(
      `insert into es_streams (stream_id, revision) select stream_id, max(stream_revision) from es_events group by stream_id
       on conflict (stream_id) do update set revision = excluded.revision`,
    );
    await c.query('analyze es_events');
  } finally {
    await c.end();
  }
}
