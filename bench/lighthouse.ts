/**
 * `npm run bench -- lighthouse`: how the pages score on a phone-class device. Builds the web
 * app for production, starts the app on the embedded defaults with the demo history (as
 * `npm start` does), logs in through the login form in Debian's Chromium and runs Lighthouse
 * (mobile emulation, simulated slow 4G and 4x CPU slowdown: its defaults) three times on each
 * page, printing the median performance score with its LCP and Total Blocking Time against the
 * issue's goals (>= 90 on the dashboards and the line log, >= 95 on /login). Lighthouse clears
 * the HTTP cache before every run but keeps local storage, where the session lives. The reports
 * (JSON) are left in a temp folder for a closer look.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import pino from 'pino';
import { startServer, type RunningServer } from '../api/server.js';
import { parseConfig } from '../infra/config.js';
import { freePort } from '../infra/embedded/redis.js';
import { createDatabase, fmt, login, percentile, printTable, type TableRow } from './support.js';
import { buildWeb } from './webAssets.js';

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const RUNS = 3;

interface Target {
  path: string;
  /** The demo account that opens the page; null: logged out. */
  user: string | null;
  goal: number;
}

export const LIGHTHOUSE_TARGETS: readonly Target[] = [
  { path: '/login', user: null, goal: 95 },
  { path: '/dashboard-operatore', user: 'frontline', goal: 90 },
  { path: '/dashboard-miglioramento', user: 'support', goal: 90 },
  { path: '/report-operatore', user: 'frontline', goal: 90 },
];

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  /** Bytes of JavaScript over the wire. */
  js: number;
}

export interface LighthouseRow {
  path: string;
  goal: number;
  median: Run;
  runs: Run[];
}

/** Saves each role's default station on the server, as the setup page would (the login then copies it into local storage). */
async function saveStations(url: string): Promise<void> {
  for (const [role, equipmentId] of [
    ['frontline', 1],
    ['support', null],
  ] as const) {
    const res = await fetch(`${url}/factory/default_station`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await login(url, role)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shopFloorId: 1, lineId: 1, equipmentId }),
    });
    if (res.status !== 200) throw new Error(`default station of ${role}: ${res.status}`);
  }
}

/** Logs `user` in through the form (or out), so local storage holds what the app keeps there. */
async function signIn(context: BrowserContext, base: string, user: string | null): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/login`);
  await page.evaluate(() => localStorage.clear());
  if (user) {
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').fill(user);
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Entra' }).click();
    await page.waitForURL((u) => u.pathname !== '/login');
  }
  await page.goto('about:blank');
}

function runOf(lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, { numericValue?: number; details?: unknown }> }): Run {
  const items = (lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    js: items.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
  };
}

type Lhr = Parameters<typeof runOf>[0];

/** One Lighthouse run, saved as JSON; a run whose trace came out broken is run again (at most twice). */
async function lighthouseRun(url: string, port: number, file: string): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    fs.writeFileSync(file, String(result.report));
    if (!result.lhr.runtimeError) return result.lhr as Lhr;
    if (attempt === 3) throw new Error(`lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    console.log(`  ${url}: ${result.lhr.runtimeError.code}, running again`);
  }
}

/** `pages`: only these paths of LIGHTHOUSE_TARGETS (`--page=/login`), all when empty. */
export async function benchLighthouse(adminUrl: string, pages: string[] = []): Promise<LighthouseRow[]> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-lh-web-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-lh-data-'));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-lh-chrome-'));
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-lighthouse-'));
  const db = await createDatabase(adminUrl, 'lighthouse');
  let server: RunningServer | null = null;
  let context: BrowserContext | null = null;
  try {
    console.log(`\n## 7. Lighthouse, mobile (${RUNS} runs per page, median)`);
    const buildMs = buildWeb(dist);
    // `npm start`'s defaults: the demo plant and its 60 days of history, in-process queue.
    const config = parseConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-that-is-long-enough' });
    server = await startServer({ config, databaseUrl: db.url, redisUrl: null, log: pino({ level: 'silent' }), webDist: dist });
    await saveStations(server.url);
    const port = await freePort();
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [...CHROME_FLAGS, `--remote-debugging-port=${port}`],
    });
    const rows: LighthouseRow[] = [];
    for (const target of LIGHTHOUSE_TARGETS.filter((t) => pages.length === 0 || pages.includes(t.path))) {
      await signIn(context, server.url, target.user);
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await lighthouseRun(`${server.url}${target.path}`, port, path.join(reports, `${target.path.slice(1)}-${i + 1}.json`));
        runs.push(runOf(lhr));
      }
      const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(RUNS / 2)]!;
      rows.push({ path: target.path, goal: target.goal, median, runs });
    }
    const table: TableRow[] = rows.map((r) => ({
      page: r.path,
      'scores (runs)': r.runs.map((x) => x.score).join(' '),
      'median score': r.median.score,
      goal: `>= ${r.goal}`,
      result: r.median.score >= r.goal ? 'pass' : 'FAIL',
      'FCP ms': fmt(r.median.fcp),
      'LCP ms': fmt(r.median.lcp),
      'TBT ms': fmt(r.median.tbt),
      'TBT p50 of runs': fmt(
        percentile(
          r.runs.map((x) => x.tbt),
          50,
        ),
      ),
      'JS KB (wire)': fmt(r.median.js / 1024, 1),
    }));
    printTable('7. Lighthouse performance, mobile emulation (simulated slow 4G, 4x CPU slowdown)', table, [
      `web built in ${fmt(buildMs / 1000, 1)} s; the median run is the one with the median score (its FCP/LCP/TBT/JS shown); reports in ${reports}`,
    ]);
    return rows;
  } finally {
    await context?.close();
    await server?.close();
    await db.drop();
    for (const dir of [dist, dataDir, profile]) fs.rmSync(dir, { recursive: true, force: true });
  }
}
