/**
 * The compression middleware serializes a JSON body once: Koa's `ctx.length` and
 * koa-compress would otherwise each stringify it (docs/benchmarks.md, dashboard). A real Koa
 * server on a free port, raw node:http requests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import Koa from 'koa';
import { compression } from './compression.js';

function request(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('compression middleware', () => {
  let server: http.Server;
  let url: string;
  let serialized = 0;
  /** 2,000 entries, well above the 1 KB threshold. */
  const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `Fermata ${i}` }));

  beforeAll(async () => {
    const app = new Koa();
    app.use(compression());
    app.use((ctx) => {
      ctx.body = { toJSON: () => (serialized++, rows) };
    });
    server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it.each([
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['identity', (b: Buffer) => b],
  ])('stringifies a JSON body once, answered %s as JSON', async (accept, decode) => {
    serialized = 0;
    const r = await request(url, { 'accept-encoding': accept });
    expect(serialized).toBe(1);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['content-encoding']).toBe(accept === 'identity' ? undefined : accept);
    expect(JSON.parse(decode(r.body).toString('utf8'))).toEqual(rows);
  });
});
