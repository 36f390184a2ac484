import pg from 'pg';
import {
  METADATA_LEFT_OUT,
  START,
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
  type EventPage,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type PageOptions,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamCondition,
} from '../../domain/shared/eventStore.js';
import { surviveDroppedConnections } from '../db/droppedConnections.js';
import { newEventId } from './eventId.js';

const SAFE = `transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

interface Row {
  tx: string;
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_revision: string;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: NewEvent['metadata'];
  recorded_at: string;
}

/**
 * An event's columns but its position, as `[name, expression]` over the table prefix `t` ('' or
 * 'e.'). recorded_at as ISO text: parsing it into a Date only to print it again cost a tenth of catch-up time.
 */
const eventColumns = (t: string): Array<[string, string]> => [
  ...['event_id', 'stream_id', 'stream_revision', 'type', 'schema_version', 'data', 'metadata'].map((c): [string, string] => [c, `${t}${c}`]),
  ['recorded_at', `to_char(${t}recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`],
];

const COLUMNS = `transaction_id::text as tx, global_position, ${eventColumns('')
  .map(([c, e]) => `${e} as ${c}`)
  .join(', ')}`;

/** The same columns of a wanted event (`x.w`) only, from `es_events e`; its metadata only when that is wanted too (`x.m`). */
const PAGE_COLUMNS = eventColumns('e.')
  .map(([c, e]) => `case when x.${c === 'metadata' ? 'm' : 'w'} then ${e} end as ${c}`)
  .join(', ');

function toRecorded(r: Row): RecordedEvent {
  return {
    id: r.event_id,
    streamId: r.stream_id,
    revision: Number(r.stream_revision),
    type: r.type,
    schemaVersion: r.schema_version,
    data: r.data,
    metadata: r.metadata,
    position: { commit: Number(r.tx), prepare: Number(r.global_position) },
    recordedAt: r.recorded_at,
  };
}

export class PostgresEventStore implements EventStore {
  /** Events are kept as jsonb, which refuses a NUL (\\u0000) and a lone surrogate in any string or key. */
  readonly storableText = true;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly ownsPool: boolean,
  ) {}

  /**
   * Opens the store on a migrated database: the tables come from the knex migrations
   * (infra/db/migrations.ts, run by every start), never from here, so connecting changes
   * no schema. Pass a pool to share one; otherwise one is made from the URL.
   */
  static async connect(source: string | pg.Pool, options: { max?: number } = {}): Promise<PostgresEventStore> {
    // A client dropped by the server (restart, failover), idle or mid-append, must not crash the process.
    const pool = typeof source === 'string' ? surviveDroppedConnections(new pg.Pool({ connectionString: source, max: options.max ?? 10, connectionTimeoutMillis: 5000 })) : source;
    const store = new PostgresEventStore(pool, typeof source === 'string');
    try {
      const r = await pool.query<{ ready: boolean }>(`select to_regclass('es_events') is not null and to_regclass('es_streams') is not null as ready`);
      if (!r.rows[0]!.ready) throw new Error('The event store tables are missing: run the migrations first (npm start does; in code, migrate() of infra/db/migrations.ts).');
    } catch (err) {
      await store.close();
      throw err;
    }
    return store;
  }

  async appendToStream(stream: string, events: NewEvent[], { expectedRevision, conditions = [] }: AppendOptions): Promise<AppendResult> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await lockStreams(client, stream, conditions);
      await checkConditions(client, conditions);
      const first = await this.claimRevisions(client, stream, expectedRevision, events.length);
      if (events.length === 0) {
        await client.query('commit');
        return { nextRevision: first - 1, position: START };
      }
      const ids: string[] = [];
      const revisions: number[] = [];
      const types: string[] = [];
      const versions: number[] = [];
      const datas: string[] = [];
      const metas: string[] = [];
      events.forEach((e, i) => {
        ids.push(newEventId());
        revisions.push(first + i);
        types.push(e.type);
        versions.push(e.schemaVersion);
        datas.push(JSON.stringify(e.data));
        metas.push(JSON.stringify(e.metadata));
      });
      const res = await client.query<{ tx: string; global_position: string }>({
        name: 'es_append',
        text: `insert into es_events (event_id, stream_id, stream_revision, type, schema_version, data, metadata)
         select u.id, $1, u.rev, u.type, u.ver, u.data::jsonb, u.meta::jsonb
           from unnest($2::uuid[], $3::bigint[], $4::text[], $5::int[], $6::text[], $7::text[])
             as u(id, rev, type, ver, data, meta)
         returning transaction_id::text as tx, global_position`,
        values: [stream, ids, revisions, types, versions, datas, metas],
      });
      await client.query('commit');
      const last = res.rows.reduce((a, b) => (Number(b.global_position) > Number(a.global_position) ? b : a));
      return {
        nextRevision: first + events.length - 1,
        position: { commit: Number(last.tx), prepare: Number(last.global_position) },
      };
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      if (isUniqueViolation(err)) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, await this.currentRevision(stream));
      }
      throw err;
    } finally {
      client.release();
    }
  }

  /** Locks the stream row and returns the revision the first new event gets. */
  private async claimRevisions(client: pg.PoolClient, stream: string, expected: ExpectedRevision, n: number): Promise<number> {
    const fail = async (): Promise<never> => {
      throw new WrongExpectedRevisionError(stream, expected, await currentRevisionWith(client, stream));
    };
    if (expected === 'no_stream') {
      const r = await client.query({
        name: 'es_claim_new',
        text: `insert into es_streams (stream_id, revision) values ($1, $2) on conflict do nothing returning revision`,
        values: [stream, n - 1],
      });
      if (r.rowCount === 0) return fail();
      return 0;
    }
    if (expected === 'any') {
      const r = await client.query<{ revision: string }>({
        name: 'es_claim_any',
        text: `insert into es_streams as s (stream_id, revision) values ($1, $2::bigint - 1)
         on conflict (stream_id) do update set revision = s.revision + $2 returning revision`,
        values: [stream, n],
      });
      return Number(r.rows[0]!.revision) - n + 1;
    }
    const r =
      expected === 'stream_exists'
        ? await client.query<{ revision: string }>({
            name: 'es_claim_exists',
            text: `update es_streams set revision = revision + $2 where stream_id = $1 returning revision`,
            values: [stream, n],
          })
        : await client.query<{ revision: string }>({
            name: 'es_claim_at',
            text: `update es_streams set revision = revision + $2 where stream_id = $1 and revision = $3 returning revision`,
            values: [stream, n, expected],
          });
    if (r.rowCount === 0) return fail();
    return Number(r.rows[0]!.revision) - n + 1;
  }

  private async currentRevision(stream: string): Promise<number | 'no_stream'> {
    return currentRevisionWith(this.pool, stream);
  }

  async readStream(stream: string, { fromRevision = 0 }: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const r = await this.pool.query<Row>({
      name: 'es_read_stream',
      text: `select ${COLUMNS} from es_events where stream_id = $1 and stream_revision >= $2 order by stream_revision`,
      values: [stream, fromRevision],
    });
    return r.rows.map(toRecorded);
  }

  async readAll({ after = START, limit = 1000 }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const r = await this.pool.query<Row>({
      name: 'es_read_all',
      text: `select ${COLUMNS} from es_events
        where (transaction_id, global_position) > ($1::text::xid8, $2::bigint) and ${SAFE}
        order by transaction_id, global_position limit $3`,
      values: [String(after.commit), after.prepare, limit],
    });
    return r.rows.map(toRecorded);
  }

  /**
   * readAll's window, the other types' events reduced to their position: their data and
   * metadata are neither sent nor parsed (a projection's rebuild reads every event of the store).
   */
  async readPage({ after = START, limit = 1000, types, metadataOf = types }: PageOptions): Promise<EventPage> {
    const r = await this.pool.query<Partial<Row> & { tx: string; global_position: string; w: boolean }>({
      name: 'es_read_page',
      text: `select transaction_id::text as tx, global_position, x.w, ${PAGE_COLUMNS}
        from es_events e cross join lateral (select e.type = any($4::text[]) as w, e.type = any($5::text[]) as m) x
        where (transaction_id, global_position) > ($1::text::xid8, $2::bigint) and ${SAFE}
        order by transaction_id, global_position limit $3`,
      values: [String(after.commit), after.prepare, limit, types, metadataOf],
    });
    const events: RecordedEvent[] = [];
    for (const row of r.rows) {
      if (!row.w) continue;
      const event = toRecorded(row as Row);
      if (row.metadata === null) event.metadata = METADATA_LEFT_OUT;
      events.push(event);
    }
    const end = r.rows.at(-1);
    return { events, read: r.rows.length, last: end ? { commit: Number(end.tx), prepare: Number(end.global_position) } : null };
  }

  async head(): Promise<Position> {
    const r = await this.pool.query<{ tx: string; global_position: string }>(
      `select transaction_id::text as tx, global_position from es_events where ${SAFE}
        order by transaction_id desc, global_position desc limit 1`,
    );
    const row = r.rows[0];
    return row ? { commit: Number(row.tx), prepare: Number(row.global_position) } : START;
  }

  /**
   * Whether committed events lie after `after` that readAll cannot return yet, because
   * an older transaction is still open: the runner then knows to look again shortly.
   */
  async hasPendingAfter(after: Position): Promise<boolean> {
    const r = await this.pool.query<{ pending: boolean }>({
      name: 'es_pending',
      // Ordered by the primary key, so even the generic plan of this prepared statement walks the
      // index from `after` (an exists() here was planned as a scan of the whole table).
      text: `select true as pending from es_events where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
        order by transaction_id, global_position limit 1`,
      values: [String(after.commit), after.prepare],
    });
    return r.rows.length > 0;
  }

  async countAfter(after: Position): Promise<number> {
    const r = await this.pool.query<{ n: string }>(`select count(*) as n from es_events where (transaction_id, global_position) > ($1::text::xid8, $2::bigint) and ${SAFE}`, [
      String(after.commit),
      after.prepare,
    ]);
    return Number(r.rows[0]!.n);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}

/** Advisory-lock class of stream locks (the two-key form never meets the one-key locks used elsewhere). */
const STREAM_LOCK_CLASS = 7382;

/** A stream name's 32-bit FNV-1a hash as a signed int4: the stream's advisory-lock key. */
export function streamLockKey(stream: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < stream.length; i++) {
    h ^= stream.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/**
 * Every append holds its stream's lock exclusively, and a shared lock on each stream it
 * has conditions on, until it commits: a writer to a condition's stream then waits for
 * (or is waited for by) the append that relied on it, so a condition checked here still
 * holds at commit. Keys are taken in ascending order, so two appends never deadlock.
 */
async function lockStreams(client: pg.PoolClient, stream: string, conditions: readonly StreamCondition[]): Promise<void> {
  const exclusive = new Map<number, boolean>([[streamLockKey(stream), true]]);
  for (const c of conditions) {
    const key = streamLockKey(c.stream);
    if (!exclusive.has(key)) exclusive.set(key, false);
  }
  const keys = [...exclusive.keys()].sort((a, b) => a - b);
  await client.query({
    name: 'es_lock_streams',
    text: `select case when u.ex then pg_advisory_xact_lock($1::int, u.k) else pg_advisory_xact_lock_shared($1::int, u.k) end
      from unnest($2::int[], $3::bool[]) with ordinality as u(k, ex, n) order by u.n`,
    values: [STREAM_LOCK_CLASS, keys, keys.map((k) => exclusive.get(k)!)],
  });
}

/** Throws WrongExpectedRevisionError for the first condition whose stream has moved. */
async function checkConditions(client: pg.PoolClient, conditions: readonly StreamCondition[]): Promise<void> {
  if (conditions.length === 0) return;
  const r = await client.query<{ stream_id: string; revision: string }>({
    name: 'es_condition_revisions',
    text: `select stream_id, revision from es_streams where stream_id = any($1::text[])`,
    values: [conditions.map((c) => c.stream)],
  });
  const found = new Map(r.rows.map((row) => [row.stream_id, Number(row.revision)]));
  for (const c of conditions) {
    const actual = found.get(c.stream) ?? 'no_stream';
    if (actual !== c.revision) throw new WrongExpectedRevisionError(c.stream, c.revision, actual);
  }
}

async function currentRevisionWith(q: pg.Pool | pg.PoolClient, stream: string): Promise<number | 'no_stream'> {
  const r = await q.query<{ revision: string }>(`select revision from es_streams where stream_id = $1`, [stream]);
  return r.rows[0] ? Number(r.rows[0].revision) : 'no_stream';
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
