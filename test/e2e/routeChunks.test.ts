/**
 * Route pages load lazily in a real browser: home loads the shell only (the entry and what it
 * imports), and opening a page from the sidebar fetches that page's own chunk, which was not
 * loaded before; the pages still show their headings; the dashboard's chart code comes only when
 * the chart is scrolled into view. Chunk names come from the build's manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { networkQuiet, TABLET_VIEWPORT } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { fillLogin, readyNav } from '../support/pageActions.js';
import { ROUTES } from '../../web/src/app/routes.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The hrefs of the head's links of one kind in an HTML text. */
const linksOf = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)">`, 'g'))].map((m) => m[1]!);

/** The files a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

describeWith(['postgres', 'chromium'])('route chunks', () => {
  const suite = browserSuite();
  let page: Page;
  let manifest: Manifest;
  /** Paths of the JavaScript files the page has requested so far. */
  let scripts: Set<string>;

  beforeAll(async () => {
    if (!suite.app.deps.webDist) throw new Error('no built web app: run through npm test');
    manifest = JSON.parse(fs.readFileSync(path.join(suite.app.deps.webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const token = await suite.app.login('frontline');
    const res = await fetch(`${suite.app.url}/factory/default_station`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shopFloorId: 1, lineId: 1, equipmentId: 1 }),
    });
    expect(res.status).toBe(200);
  });
  beforeEach(async () => {
    ({ page } = await suite.newPage(TABLET_VIEWPORT, 10_000));
    scripts = new Set();
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.endsWith('.js')) scripts.add(pathname);
    });
  });

  const pageChunk = (dir: string, component: string) => `/${manifest[`src/pages/${dir}/${component}.tsx`]!.file}`;

  /** Clicks a sidebar link and returns the scripts that the navigation fetched. */
  async function open(link: string, pathname: string, heading: string): Promise<string[]> {
    const before = new Set(scripts);
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: link, exact: true }).click();
    await page.waitForURL((u) => u.pathname === pathname);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    return [...scripts].filter((s) => !before.has(s));
  }

  it("names a deep link's page chunks and styles in the HTML it is sent, so they load alongside the entry, and no other path's", async () => {
    const shell = staticClosure(manifest, 'index.html');
    const html = async (p: string) => {
      const r = await fetch(`${suite.app.url}${p}`, { headers: { accept: 'text/html' } });
      expect(r.status).toBe(200);
      return r.text();
    };
    // Vite's own manifest says what the page needs: its chunk's static imports less the shell's, and their CSS.
    const key = 'src/pages/dashboard-operatore/DashboardOperatorePage.tsx';
    const needed = [...staticClosure(manifest, key)].filter((f) => !shell.has(f));
    const neededCss = Object.values(manifest)
      .filter((c) => needed.includes(`/${c.file}`))
      .flatMap((c) => (c.css ?? []).map((f) => `/${f}`));
    const deep = await html('/dashboard-operatore');
    expect(
      linksOf(deep, 'modulepreload')
        .filter((f) => !shell.has(f))
        .sort(),
    ).toEqual(needed.sort());
    expect(
      linksOf(deep, 'stylesheet')
        .filter((f) => !f.includes('/index-'))
        .sort(),
    ).toEqual([...new Set(neededCss)].sort());
    expect(neededCss.length).toBeGreaterThan(0);
    const home = await html('/');
    expect(linksOf(home, 'modulepreload').every((f) => shell.has(f))).toBe(true);
    expect(await html('/non-esiste')).toBe(home);
    // Every page of the route table has its row (a page whose folder is not its path would have none).
    const map = JSON.parse(fs.readFileSync(path.join(suite.app.deps.webDist!, '.vite', 'route-preloads.json'), 'utf8')) as Record<string, unknown>;
    expect(ROUTES.map((r) => r.path).filter((p) => !map[p])).toEqual([]);

    // Opened directly, the page draws, and its styles are linked once (the lazy import finds them in place).
    await fillLogin(page, 'frontline');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${suite.app.url}/dashboard-operatore`);
    await page.getByRole('heading', { level: 1, name: 'Cruscotto', exact: true }).waitFor();
    await page.locator('.gauge-needle').first().waitFor();
    for (const css of neededCss) expect([css, await page.locator(`link[rel="stylesheet"][href="${css}"]`).count()]).toEqual([css, 1]);
  });

  it('loads only the shell at home, then each page its own chunk the first time it is opened', async () => {
    await fillLogin(page, 'frontline');
    await page.waitForURL((u) => u.pathname === '/');
    await readyNav(page).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Benvenuti' }).waitFor();

    // A new document, so the count starts from what home itself needs.
    scripts.clear();
    await page.reload();
    await readyNav(page).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Benvenuti' }).waitFor();
    const shell = staticClosure(manifest, 'index.html');
    expect([...scripts].sort()).toEqual([...shell].sort());

    const log = pageChunk('report-operatore', 'ReportOperatorePage');
    const dashboard = pageChunk('dashboard-operatore', 'DashboardOperatorePage');
    expect(scripts.has(log) || scripts.has(dashboard)).toBe(false);

    const forLog = await open('Registro di Linea', '/report-operatore', 'Registro di Linea');
    expect(forLog).toContain(log);
    expect(forLog.some((s) => shell.has(s))).toBe(false);

    // A short screen, so the trend's card starts well below the fold.
    await page.setViewportSize({ width: TABLET_VIEWPORT.width, height: 500 });
    const forDashboard = await open('Cruscotto', '/dashboard-operatore', 'Cruscotto');
    expect(forDashboard).toContain(dashboard);
    expect(forDashboard).not.toContain(log);
    // nivo comes with the charts only, in no page's or the shell's closure, and only once a chart comes into view.
    const isCharts = (s: string) => /(^|\/)charts(-[a-z]+)?-[\w-]+\.js$/.test(s);
    const trend = page.locator('section.dashboard-trend');
    await trend.waitFor();
    await page.locator('.gauge-needle').nth(1).waitFor();
    await networkQuiet(page);
    expect([...scripts].filter(isCharts)).toEqual([]);
    await trend.scrollIntoViewIfNeeded();
    await trend.locator('svg').first().waitFor();
    // The line chart's own chunk and what nivo's charts share; not the bars, which this page does not draw.
    const charts = [...scripts].filter(isCharts).map((s) => /charts(-[a-z]+)?-/.exec(s)![0]);
    expect(charts.sort()).toEqual(['charts-', 'charts-line-']);
    expect([...shell, ...forLog].some(isCharts)).toBe(false);
    await page.setViewportSize(TABLET_VIEWPORT);

    // Back to a page already visited: its code is in memory, nothing is fetched again.
    expect(await open('Registro di Linea', '/report-operatore', 'Registro di Linea')).toEqual([]);
  });
});
