import { routePreloads, type ChunkInfo } from './routePreloads.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routePreloadsReader, withRoutePreloads } from '../../api/static.js';

const SRC = '/repo/web/src';

/** A small build: the entry (index) with the shared vendor chunk, two pages that share a chunk, a lazily loaded chart, a style sheet alone. */
const BUNDLE: Record<string, ChunkInfo> = {
  'assets/index-a.js': { type: 'chunk', fileName: 'assets/index-a.js', isEntry: true, facadeModuleId: `${SRC}/main.tsx`, imports: ['assets/vendor-b.js'] },
  'assets/vendor-b.js': { type: 'chunk', fileName: 'assets/vendor-b.js', imports: [] },
  'assets/DashboardOperatorePage-c.js': {
    type: 'chunk',
    fileName: 'assets/DashboardOperatorePage-c.js',
    isDynamicEntry: true,
    facadeModuleId: `${SRC}/pages/dashboard-operatore/DashboardOperatorePage.tsx`,
    imports: ['assets/vendor-b.js', 'assets/dashboard-d.js'],
    viteMetadata: { importedCss: new Set(['assets/DashboardOperatorePage-c.css']) },
  },
  'assets/dashboard-d.js': {
    type: 'chunk',
    fileName: 'assets/dashboard-d.js',
    imports: ['assets/index-a.js', 'assets/dates-e.js'],
    viteMetadata: { importedCss: new Set(['assets/dashboard-d.css']) },
  },
  'assets/dates-e.js': { type: 'chunk', fileName: 'assets/dates-e.js', imports: [] },
  'assets/DBRConstantsFormPage-f.js': {
    type: 'chunk',
    fileName: 'assets/DBRConstantsFormPage-f.js',
    isDynamicEntry: true,
    facadeModuleId: `${SRC}/pages/DBRConstantsForm/DBRConstantsFormPage.tsx`,
    imports: ['assets/dates-e.js'],
  },
  // A lazy chart: a dynamic entry, but not a page.
  'assets/VolumeTrendChart-g.js': {
    type: 'chunk',
    fileName: 'assets/VolumeTrendChart-g.js',
    isDynamicEntry: true,
    facadeModuleId: `${SRC}/features/dashboard/components/VolumeTrendChart.tsx`,
    imports: [],
  },
  'assets/index-a.css': { type: 'asset', fileName: 'assets/index-a.css' },
};

describe('routePreloads', () => {
  it("maps each page's path (its folder) to its chunk and what it imports beyond the entry, and its style sheets", () => {
    expect(routePreloads(BUNDLE)).toEqual({
      '/dashboard-operatore': {
        scripts: ['/assets/DashboardOperatorePage-c.js', '/assets/dashboard-d.js', '/assets/dates-e.js'],
        styles: ['/assets/DashboardOperatorePage-c.css', '/assets/dashboard-d.css'],
      },
      '/DBRConstantsForm': { scripts: ['/assets/DBRConstantsFormPage-f.js', '/assets/dates-e.js'], styles: [] },
    });
  });
});

describe('withRoutePreloads', () => {
  const html = '<html><head><title>Linea</title></head><body><div id="root"></div></body></html>';
  const map = { '/dashboard-operatore': { scripts: ['/assets/Page-c.js', '/assets/d.js'], styles: ['/assets/d.css'] } };

  it('names the style sheets and module scripts of the asked path at the end of the head', () => {
    expect(withRoutePreloads(html, '/dashboard-operatore', map)).toBe(
      '<html><head><title>Linea</title><link rel="stylesheet" crossorigin href="/assets/d.css">\n' +
        '<link rel="modulepreload" crossorigin href="/assets/Page-c.js">\n' +
        '<link rel="modulepreload" crossorigin href="/assets/d.js">\n' +
        '</head><body><div id="root"></div></body></html>',
    );
  });

  it('leaves the page as built for another path, a path of another case and an inherited name', () => {
    for (const p of ['/', '/non-esiste', '/Dashboard-operatore', '/constructor', '/__proto__']) expect(withRoutePreloads(html, p, map)).toBe(html);
  });
});

describe('routePreloadsReader', () => {
  it('reads the map, again once the file is replaced, and none for a missing or broken file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preloads-'));
    const file = path.join(dir, 'route-preloads.json');
    const read = routePreloadsReader(file);
    try {
      await expect(read()).resolves.toEqual({});
      fs.writeFileSync(file, JSON.stringify({ '/a': { scripts: ['/assets/a.js'], styles: [] } }));
      await expect(read()).resolves.toEqual({ '/a': { scripts: ['/assets/a.js'], styles: [] } });
      fs.writeFileSync(file, JSON.stringify({ '/b': { scripts: [], styles: ['/assets/b.css'] } }));
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
      await expect(read()).resolves.toEqual({ '/b': { scripts: [], styles: ['/assets/b.css'] } });
      fs.writeFileSync(file, '{ not json');
      fs.utimesSync(file, new Date(), new Date(Date.now() + 10_000));
      await expect(read()).resolves.toEqual({});
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
