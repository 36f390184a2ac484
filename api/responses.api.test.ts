/**
 * Compression and caching as a browser sees them, on a real server: gzip/brotli by
 * Accept-Encoding for JSON and the web app's files, none below 1 KB or without the header,
 * `Vary: Accept-Encoding`, a year's immutable cache for hashed assets, `no-cache` for index.html.
 * Raw node:http requests, because fetch would ask for and undo the compression itself.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from '../test/support/app.js';
import { describeWith } from '../test/support/services.js';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(r: RawResponse): Buffer {
  switch (r.headers['content-encoding']) {
    case 'gzip':
      return zlib.gunzipSync(r.body);
    case 'br':
      return zlib.brotliDecompressSync(r.body);
    case undefined:
      return r.body;
    default:
      throw new Error(`unexpected Content-Encoding ${r.headers['content-encoding']}`);
  }
}

const varyList = (r: RawResponse) =>
  String(r.headers.vary ?? '')
    .split(/\s*,\s*/)
    .map((v) => v.toLowerCase());

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The folder startTestApp serves (npm test builds it when Chromium is found). */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const webDist = process.env.TEST_WEB_DIST ?? path.join(root, 'web', 'dist');
const hasWeb = fs.existsSync(path.join(webDist, '.vite', 'manifest.json'));
if (!hasWeb) console.warn(`SKIPPED: the web app's files (no build with a manifest in ${webDist})`);
const webIt = hasWeb ? it : it.skip;

describeWith(['postgres'])('compressed and cached responses', () => {
  let app: TestApp;
  let auth: Record<string, string>;
  /** A JSON list well above the 1 KB threshold: 15 days of the demo plant's shifts. */
  let listPath: string;

  beforeAll(async () => {
    app = await startTestApp();
    auth = { authorization: `Bearer ${await app.login('frontline')}` };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    listPath = `/factory/shifts-range?shop_floor_id=1&date_from=${day(-7)}&date_to=${day(7)}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('JSON', () => {
    it('is sent as is without Accept-Encoding, with Vary: Accept-Encoding', async () => {
      const r = await request(`${app.url}${listPath}`, auth);
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(varyList(r)).toContain('accept-encoding');
      expect(r.body.length).toBeGreaterThan(1024);
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
      expect((JSON.parse(r.body.toString('utf8')) as unknown[]).length).toBeGreaterThan(10);
    });

    it.each([
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ])('with Accept-Encoding %s is sent as %s, smaller and the same JSON', async (accept, encoding) => {
      const plain = await request(`${app.url}${listPath}`, auth);
      const r = await request(`${app.url}${listPath}`, { ...auth, 'accept-encoding': accept });
      expect([r.status, r.headers['content-encoding']]).toEqual([200, encoding]);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(varyList(r)).toContain('accept-encoding');
      expect(r.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(r).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    });

    it('leaves a body under 1 KB as it is, and sends plain to a client that takes neither gzip nor br', async () => {
      const small = await request(`${app.url}/factory/shop_floors`, { ...auth, 'accept-encoding': 'gzip, br' });
      expect([small.status, small.headers['content-encoding']]).toEqual([200, undefined]);
      expect(JSON.parse(small.body.toString('utf8'))).toEqual([{ id: 1, name: 'Confezionamento', manageExtraShift: true }]);
      expect(varyList(small)).toContain('accept-encoding');

      const identity = await request(`${app.url}${listPath}`, { ...auth, 'accept-encoding': 'identity' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      const zstdOnly = await request(`${app.url}${listPath}`, { ...auth, 'accept-encoding': 'zstd' });
      expect(zstdOnly.headers['content-encoding']).toBeUndefined();
    });

    it('keeps the error middleware answers intact', async () => {
      const unauthenticated = await request(`${app.url}${listPath}`, { 'accept-encoding': 'gzip, br' });
      expect(unauthenticated.status).toBe(401);
      expect((JSON.parse(decode(unauthenticated).toString('utf8')) as { error: { code: string } }).error.code).toBeTruthy();
      const invalid = await request(`${app.url}/factory/shifts-range?shop_floor_id=abc`, { ...auth, 'accept-encoding': 'gzip' });
      expect(invalid.status).toBe(400);
      expect((JSON.parse(decode(invalid).toString('utf8')) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    });

    it('answers HEAD with headers only', async () => {
      const r = await request(`${app.url}${listPath}`, { ...auth, 'accept-encoding': 'gzip' }, 'HEAD');
      expect([r.status, r.body.length, r.headers['content-encoding']]).toEqual([200, 0, undefined]);
    });
  });

  describe('the built web app', () => {
    let entry: string;
    let entryBytes: Buffer;

    beforeAll(() => {
      if (!hasWeb) return;
      expect(app.deps.webDist).toBe(webDist);
      const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
      entry = `/${manifest['index.html']!.file}`;
      entryBytes = fs.readFileSync(path.join(webDist, entry));
    });

    const cases: Array<[string, Record<string, string>, string | undefined]> = [
      ['gzip', { 'accept-encoding': 'gzip' }, 'gzip'],
      ['brotli', { 'accept-encoding': 'br' }, 'br'],
      ['no Accept-Encoding', {}, undefined],
    ];
    webIt.each(cases)('sends the entry script, %s, cached for a year', async (_label, headers, encoding) => {
      const r = await request(`${app.url}${entry}`, headers);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toMatch(/javascript/);
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(varyList(r)).toContain('accept-encoding');
      expect(r.headers['cache-control']).toBe(IMMUTABLE);
      expect(decode(r).equals(entryBytes)).toBe(true);
      if (encoding) expect(r.body.length).toBeLessThan(entryBytes.length / 2);
      else expect(Number(r.headers['content-length'])).toBe(entryBytes.length);
    });

    webIt("sends a script's brotli and gzip copies made at build time as they are", async () => {
      for (const [accept, encoding, ext] of [
        ['br', 'br', '.br'],
        ['gzip', 'gzip', '.gz'],
      ] as const) {
        const copy = fs.readFileSync(path.join(webDist, `${entry}${ext}`));
        const r = await request(`${app.url}${entry}`, { 'accept-encoding': accept });
        expect([r.status, r.headers['content-encoding'], r.headers['cache-control']]).toEqual([200, encoding, IMMUTABLE]);
        expect(varyList(r)).toContain('accept-encoding');
        expect(r.headers['content-type']).toMatch(/javascript/);
        expect(r.body.equals(copy)).toBe(true);
        expect(decode(r).equals(entryBytes)).toBe(true);
      }
    });

    webIt('answers HEAD for a script with the length of what a GET would send and the same cache header', async () => {
      const plain = await request(`${app.url}${entry}`, {}, 'HEAD');
      expect([plain.status, plain.body.length, plain.headers['content-encoding']]).toEqual([200, 0, undefined]);
      expect(Number(plain.headers['content-length'])).toBe(entryBytes.length);
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      const gzip = await request(`${app.url}${entry}`, { 'accept-encoding': 'gzip' }, 'HEAD');
      expect([gzip.status, gzip.body.length, gzip.headers['content-encoding']]).toEqual([200, 0, 'gzip']);
      expect(Number(gzip.headers['content-length'])).toBe(fs.statSync(path.join(webDist, `${entry}.gz`)).size);
    });

    webIt('revalidates index.html on every use, however it is asked for', async () => {
      for (const p of ['/', '/index.html', '/report-operatore', '/non-esiste']) {
        const r = await request(`${app.url}${p}`, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
        expect([p, r.status, r.headers['cache-control']]).toEqual([p, 200, 'no-cache']);
        expect(decode(r).toString('utf8')).toContain('<div id="root"></div>');
      }
    });

    webIt('gives a missing hashed file a plain 404, never the app or a year of cache', async () => {
      const r = await request(`${app.url}/assets/index-gone1234.js`, { accept: 'text/html,*/*' });
      expect(r.status).toBe(404);
      expect(r.headers['cache-control']).not.toBe(IMMUTABLE);
      expect(r.body.toString('utf8')).not.toContain('<div id="root">');
    });

    webIt('does not serve the build manifest', async () => {
      expect((await request(`${app.url}/.vite/manifest.json`)).status).toBe(404);
    });
  });
});
