import { execFile } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { newEvent } from '../../test/contract/eventstore.contract.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { START } from '../../domain/shared/eventStore.js';
import { exportEvents } from './export.js';
import { PostgresEventStore } from './postgres.js';

const run = promisify(execFile);

/** A consumer slower than the export: it takes a chunk only on the next turn of the event loop. */
class SlowSink extends Writable {
  bytes = 0;
  lines: string[] = [];
  constructor(private readonly keepLines: boolean) {
    super({ highWaterMark: 64 * 1024 });
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.bytes += chunk.length;
    if (this.keepLines) this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    setImmediate(done);
  }
}

describeWith(['postgres'])('npm run events -- export', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.connect(db.url, { max: 2 });
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('filters by stream prefix, type and time, as NDJSON and as CSV', async () => {
    await store.appendToStream(
      'unplanned-stops-1-2030-06-05',
      [newEvent('UnplannedStopRecorded', { stopId: 1, note: 'a, "b"' }), newEvent('UnplannedStopDeleted', { stopId: 1 })],
      { expectedRevision: 'no_stream' },
    );
    await store.appendToStream('planned-stops-1-2030-06-05', [newEvent('PlannedStopRecorded', { stopId: 2 })], { expectedRevision: 'no_stream' });
    // An event is readable once every older transaction in the cluster has ended, and parallel
    // test files share the cluster: wait until the three are, as the export would on a live store.
    for (const end = Date.now() + 15_000; (await store.readAll({ after: START, limit: 10 })).length < 3 && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
    const nd = new SlowSink(true);
    const r = await exportEvents(store, nd, { format: 'ndjson', filter: { streamPrefix: 'unplanned-stops-', types: ['UnplannedStopRecorded'] } });
    expect(r).toMatchObject({ scanned: 3, exported: 1 });
    expect(nd.lines.map((l) => JSON.parse(l)).map((e) => [e.stream, e.type, e.data])).toEqual([
      ['unplanned-stops-1-2030-06-05', 'UnplannedStopRecorded', { stopId: 1, note: 'a, "b"' }],
    ]);

    const csv = new SlowSink(true);
    await exportEvents(store, csv, { format: 'csv', filter: { types: ['PlannedStopRecorded', 'UnplannedStopRecorded'] } });
    expect(csv.lines[0]).toBe('commit,prepare,id,stream,revision,type,schema_version,recorded_at,occurred_at,user_id,username,role,correlation_id,causation_id,data');
    expect(csv.lines).toHaveLength(3);
    expect(csv.lines[1]).toContain(',unplanned-stops-1-2030-06-05,0,UnplannedStopRecorded,1,');
    // The data column is the event's JSON (PostgreSQL's jsonb keeps shorter keys first), quoted as CSV quotes it.
    expect(csv.lines[1]!.endsWith(',"{""note"":""a, \\""b\\"""",""stopId"":1}"')).toBe(true);

    const future = new SlowSink(true);
    expect((await exportEvents(store, future, { format: 'ndjson', filter: { from: new Date(Date.now() + 3_600_000) } })).exported).toBe(0);
    const past = new SlowSink(true);
    expect((await exportEvents(store, past, { format: 'ndjson', filter: { to: new Date(Date.now() + 3_600_000), from: new Date(Date.now() - 3_600_000) } })).exported).toBe(3);
  });

  it('exports 100,000 events to a slow consumer with memory that does not grow with the export', async () => {
    const filler = 'x'.repeat(600);
    for (let s = 0; s < 100; s++) {
      const events = Array.from({ length: 1000 }, (_, i) => newEvent('TallyCounted', { n: s * 1000 + i, filler }));
      await store.appendToStream(`tally-${s}`, events, { expectedRevision: 'no_stream' });
    }
    // In a fresh process with a collection after every page: what the export holds, not what the
    // garbage collector has yet to sweep (nor what earlier test files left in this worker).
    const probe = path.resolve('test/support/exportMemoryProbe.ts');
    const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', probe, db.url, 'tally-'], { cwd: path.resolve('.'), maxBuffer: 1024 * 1024 });
    const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as { exported: number; bytes: number; pages: number; heldGrowthMB: number };
    expect(r.exported).toBe(100_000);
    expect(r.pages).toBeGreaterThanOrEqual(100);
    // Over 60 MB went out; the process held at most a few pages' worth (one page is about 0.7 MB)
    // at any moment, where an export that buffered its output would have held all of it.
    expect(r.bytes).toBeGreaterThan(60 * 1024 * 1024);
    expect(r.heldGrowthMB).toBeLessThan(16);
  }, 300_000);
});
