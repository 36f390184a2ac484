/**
 * Benchmark 4: what the web app costs a browser. Builds the app into a temp folder, then for
 * every route of the spec's route table follows the Vite manifest from the route's page chunk
 * through its static imports (what the browser fetches before the page runs) and sums the
 * JavaScript raw, gzipped and brotli'd file by file, with the entry (the shell every page
 * needs) as the baseline. Then one real server serves that build, and the entry script and a
 * JSON list are fetched with and without Accept-Encoding to show the bytes on the wire.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pino from 'pino';
import { BROTLI_QUALITY } from '../api/middlewares/compression.js';
import { startServer, type RunningServer } from '../api/server.js';
import { parseConfig } from '../infra/config.js';
import { ROUTES } from '../web/src/app/routes.js';
import { createDatabase, fmt, now, percentile, printTable, type TableRow } from './support.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Sizes of a set of files, each compressed on its own as the server sends it. */
export interface Bytes {
  files: number;
  raw: number;
  gzip: number;
  br: number;
}

/**
 * What the server sends: the build's own compressed copy where there is one (web/build/precompress.ts),
 * else what the server makes on the fly (api/middlewares/compression.ts: gzip level 6, brotli BROTLI_QUALITY).
 */
function sizeOf(dist: string, files: Iterable<string>): Bytes {
  const total: Bytes = { files: 0, raw: 0, gzip: 0, br: 0 };
  const copy = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : null);
  for (const file of files) {
    const full = path.join(dist, file);
    const data = fs.readFileSync(full);
    total.files += 1;
    total.raw += data.length;
    total.gzip += copy(`${full}.gz`) ?? zlib.gzipSync(data).length;
    total.br += copy(`${full}.br`) ?? zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }).length;
  }
  return total;
}

/** A chunk's file and its static imports, transitively: what loads before the chunk runs. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

export interface RouteAssets {
  path: string;
  /** The page chunk's manifest key; null when the page is part of the entry. */
  chunk: string | null;
  own: Bytes;
  total: Bytes;
  charts: boolean;
}

/** Pages live in src/pages/<path without slash>/ (home for /), as the architecture names them. */
export function routeAssets(dist: string, manifest: Manifest): { entry: Bytes; routes: RouteAssets[]; chartsInEntry: boolean } {
  const entryFiles = closure(manifest, 'index.html');
  const isCharts = (file: string) => /(^|\/)charts-[\w-]+\.js$/.test(file);
  const paths = ['/', '/login', '/setup', ...ROUTES.map((r) => r.path)];
  const routes = paths.map((p): RouteAssets => {
    const dir = `src/pages/${p === '/' ? 'home' : p.slice(1)}/`;
    const chunk = Object.keys(manifest).find((k) => k.startsWith(dir) && manifest[k]!.isDynamicEntry) ?? null;
    const files = chunk ? closure(manifest, chunk) : new Set<string>();
    const own = [...files].filter((f) => !entryFiles.has(f));
    return { path: p, chunk, own: sizeOf(dist, own), total: sizeOf(dist, new Set([...entryFiles, ...files])), charts: own.some(isCharts) };
  });
  return { entry: sizeOf(dist, entryFiles), routes, chartsInEntry: [...entryFiles].some(isCharts) };
}

const kb = (n: number) => fmt(n / 1024, 1);

/** Builds the web app for production into `outDir`; answers the milliseconds it took. */
export function buildWeb(outDir: string): number {
  const started = now();
  const r = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
  return now() - started;
}

interface Wire {
  status: number;
  encoding: string;
  bytes: number;
  ms: number;
}

function get(url: string, headers: Record<string, string>): Promise<Wire> {
  const started = now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'none'), bytes, ms: now() - started }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Median of 15 requests after 3 warm-ups: the size is fixed, the time shows what compressing costs. */
async function measureWire(url: string, headers: Record<string, string>): Promise<Wire> {
  const times: number[] = [];
  let last: Wire | null = null;
  for (let i = 0; i < 18; i++) {
    last = await get(url, headers);
    if (last.status !== 200) throw new Error(`GET ${url} answered ${last.status}`);
    if (i >= 3) times.push(last.ms);
  }
  return { ...last!, ms: percentile(times, 50) };
}

async function overHttp(adminUrl: string, dist: string, scripts: Array<[string, string]>): Promise<TableRow[]> {
  const db = await createDatabase(adminUrl, 'web');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-data-'));
  let server: RunningServer | null = null;
  try {
    const config = parseConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: 'bench-secret-that-is-long-enough',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO_HISTORY: 'false',
    });
    server = await startServer({ config, databaseUrl: db.url, redisUrl: null, log: pino({ level: 'silent' }), webDist: dist });
    const login = await fetch(`${server.url}/loginjwt`, { method: 'POST', body: new URLSearchParams({ username: 'frontline', password: 'demo' }) });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const resources: Array<[string, string, Record<string, string>]> = [
      ...scripts.map(([label, file]): [string, string, Record<string, string>] => [`${label} /${file}`, `/${file}`, {}]),
      [
        'JSON list: 15 days of shifts (/factory/shifts-range)',
        `/factory/shifts-range?shop_floor_id=1&date_from=${day(-7)}&date_to=${day(7)}`,
        { authorization: `Bearer ${token}` },
      ],
    ];
    const rows: TableRow[] = [];
    for (const [label, p, headers] of resources) {
      let plain = 0;
      for (const accept of ['identity', 'gzip', 'br']) {
        const w = await measureWire(`${server.url}${p}`, { ...headers, 'accept-encoding': accept });
        if (accept === 'identity') plain = w.bytes;
        rows.push({
          resource: label,
          'Accept-Encoding': accept,
          'Content-Encoding': w.encoding,
          'bytes on the wire': fmt(w.bytes),
          'vs plain': `${((100 * w.bytes) / plain).toFixed(0)}%`,
          'median ms': fmt(w.ms, 2),
        });
      }
    }
    return rows;
  } finally {
    await server?.close();
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface WebAssetsResult {
  entry: Bytes;
  largest: RouteAssets;
  chartsInEntry: boolean;
}

export async function benchWebAssets(adminUrl: string): Promise<WebAssetsResult> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-web-'));
  try {
    const buildMs = buildWeb(dist);
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const { entry, routes, chartsInEntry } = routeAssets(dist, manifest);
    const sizes = (b: Bytes) => ({ 'raw KB': kb(b.raw), 'gzip KB': kb(b.gzip), 'br KB': kb(b.br) });
    const rows: TableRow[] = [
      {
        route: 'entry (shell), baseline',
        files: entry.files,
        ...sizes(entry),
        'route own files': '',
        'own raw KB': '',
        'own gzip KB': '',
        'own br KB': '',
        'entry share (gzip)': '100%',
        charts: chartsInEntry ? 'IN ENTRY' : 'no',
      },
      ...routes.map((r) => ({
        route: r.chunk ? r.path : `${r.path} (in entry)`,
        files: r.total.files,
        ...sizes(r.total),
        'route own files': r.own.files,
        'own raw KB': kb(r.own.raw),
        'own gzip KB': kb(r.own.gzip),
        'own br KB': kb(r.own.br),
        'entry share (gzip)': `${((100 * entry.gzip) / r.total.gzip).toFixed(0)}%`,
        charts: r.charts ? 'yes' : 'no',
      })),
    ];
    printTable('4a. JavaScript each route loads (vite manifest: entry + the route chunk and its static imports)', rows, [
      `built in ${fmt(buildMs / 1000, 1)} s; KB = 1024 bytes; each file as the server sends it: the build's brotli 11 / gzip 9 copy (web/build/precompress.ts), else brotli ${BROTLI_QUALITY} / gzip 6 on the fly;`,
      'raw/gzip/br = everything the route needs on a first visit (entry included); own = what the route adds to the entry.',
    ]);
    const entryFile = manifest['index.html']!.file;
    const vendor = Object.values(manifest).find((c) => c.name === 'vendor');
    const scripts: Array<[string, string]> = [['entry JS', entryFile], ...(vendor ? [['vendor JS', vendor.file] as [string, string]] : [])];
    const wire = await overHttp(adminUrl, dist, scripts);
    printTable('4b. Over HTTP (one server on this build; body bytes, headers not counted)', wire, [
      'median ms of 15 requests after 3 warm-ups, loopback: compression time included.',
    ]);
    const largest = routes.reduce((a, b) => (b.total.gzip > a.total.gzip ? b : a));
    return { entry, largest, chartsInEntry };
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}
