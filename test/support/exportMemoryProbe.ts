/**
 * Run by infra/eventstore/export.int.test.ts in a process of its own (`node --expose-gc`), so
 * what it measures is the export alone, not what earlier test files left in a jest worker:
 * exports every stream under a prefix to a consumer slower than the export and, after each
 * page, collects garbage and notes what the process still holds. Prints one JSON line.
 */
import { Writable } from 'node:stream';
import { exportEvents } from '../../infra/eventstore/export.js';
import { PostgresEventStore } from '../../infra/eventstore/postgres.js';

const [url, prefix] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc;
if (!url || !prefix || !gc) throw new Error('usage: node --expose-gc --import tsx exportMemoryProbe.ts DATABASE_URL PREFIX');

/**
 * Slower than the export (40 ms a chunk, where reading a page from PostgreSQL takes a few):
 * an export that did not wait for it would pile its pages up in the stream's buffer.
 */
class SlowSink extends Writable {
  bytes = 0;
  constructor() {
    super({ highWaterMark: 64 * 1024 });
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.bytes += chunk.length;
    setTimeout(done, 40);
  }
}

const held = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const store = await PostgresEventStore.connect(url, { max: 2 });
const sink = new SlowSink();
const base = held();
let peak = base;
let pages = 0;
const done = await exportEvents(store, sink, {
  format: 'ndjson',
  filter: { streamPrefix: prefix },
  onProgress: () => {
    pages++;
    peak = Math.max(peak, held());
  },
});
await store.close();
console.log(JSON.stringify({ ...done, bytes: sink.bytes, pages, heldGrowthMB: (peak - base) / 1024 / 1024 }));
