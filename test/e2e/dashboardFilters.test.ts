/**
 * The dashboards' filters as the floor meets them (issue 22, item 7 and 11), on both pages at the
 * tablet's size and on the improvement page at the phone's, over the demo history:
 * - one change of the filters is one round of data calls (counted with page.on('request')), never
 *   a first round with the old days' shift ids and a second with the new ones;
 * - a 'Data da' after 'a' takes 'a' along (as in the Root Cause Tool) instead of snapping back;
 * - 'Nessuna linea' says 'Nessuna linea selezionata' instead of a red 0,0 % gauge and a stale trend;
 * - the shop floor manages 'Turno E', so the dashboards ask shifts-range with extraShift=true and offer it.
 */
import type { Page } from 'playwright-core';
import { networkQuiet, screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { eventually, liveSynced, loginTo, saveDemoStations, storeStation } from '../support/pageActions.js';

const PAGES = [
  ['/dashboard-operatore', 'frontline'],
  ['/dashboard-miglioramento', 'support'],
] as const;
/**
 * Both pages share the filters and their calls (the same hook and bar at every size), so the phone
 * runs them on one page only: it checks that the bar works and fits when it wraps on a narrow
 * screen, not the filters' logic again. Every page's phone layout is also swept in pageWidths.
 */
const SIZES = [
  ['tablet', { width: 1280, height: 800 }, PAGES],
  ['phone', { width: 390, height: 844 }, PAGES.slice(1)],
] as const;
/** The calls whose answers are the figures of the filters, and the shift list they depend on. */
const COUNTED = ['/factory/shifts-range', '/factory/dashboard-improvement', '/factory/stop_events/unplanned', '/factory/dbr_actions-range'];
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describeWith(['postgres', 'chromium'])('dashboard filters', () => {
  const suite = browserSuite({ app: { env: { SEED_DEMO_HISTORY: 'true' } }, timeout: 240_000 });
  let page: Page;
  let requests: URL[] = [];

  beforeAll(async () => {
    await saveDemoStations(suite.app);
  }, 240_000);

  async function open(path: string, username: string, viewport: { width: number; height: number }): Promise<void> {
    ({ page } = await suite.newPage(viewport, 30_000));
    await loginTo(page, username);
    await storeStation(page);
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (COUNTED.includes(url.pathname)) requests.push(url);
    });
    await page.goto(path);
    await page.locator('.gauge').first().waitFor();
    await liveSynced(page); // the calls counted below are the filters' alone
    await settled();
  }

  /** The round of calls is over: nothing in flight for a while and the figures no longer marked as updating. */
  async function settled(): Promise<void> {
    await networkQuiet(page);
    const status = page.getByTestId('dashboard-updating');
    await eventually(async () => expect(await status.textContent()).toBe(''));
    await page.waitForTimeout(300);
  }

  /** The calls made by `change`, by path. */
  async function callsOf(change: () => Promise<void>): Promise<Record<string, number>> {
    requests = [];
    await change();
    await settled();
    const counts: Record<string, number> = {};
    for (const u of requests) counts[u.pathname] = (counts[u.pathname] ?? 0) + 1;
    return counts;
  }

  const dateFrom = () => page.getByLabel('Data da', { exact: true }).inputValue();
  const dateTo = () => page.getByLabel('a', { exact: true }).inputValue();

  describe.each(SIZES)('at %s size', (size, viewport, pages) => {
    it.each(pages)('%s: a date change is one round of calls, and a later "Data da" takes "a" along', async (path, username) => {
      await open(path, username, viewport);
      const to = await dateTo();

      // One day earlier: the shift list once, then each figure once, with the new days' shift ids.
      const earlier = await callsOf(() => page.getByRole('button', { name: 'Giorno precedente' }).first().click());
      expect(await dateFrom()).toBe(addDays(to, -1));
      expect(earlier).toEqual({ '/factory/shifts-range': 1, '/factory/dashboard-improvement': 1, '/factory/stop_events/unplanned': 1, '/factory/dbr_actions-range': 1 });
      const shifts = requests.find((u) => u.pathname === '/factory/shifts-range')!;
      expect(shifts.searchParams.get('extraShift')).toBe('true');
      const list: Array<{ id: number }> = await (
        await fetch(`${suite.app.url}/factory/shifts-range?${shifts.searchParams}`, { headers: { authorization: `Bearer ${await suite.app.login(username)}` } })
      ).json();
      const summary = requests.find((u) => u.pathname === '/factory/dashboard-improvement')!;
      expect(summary.searchParams.get('shifts')!.split(',').map(Number).sort()).toEqual(list.map((s) => s.id).sort());
      expect(summary.searchParams.get('date_from')).toBe(addDays(to, -1));

      // 'Data da' two days after 'a': 'a' moves along to it, and again one round.
      const later = addDays(to, 2);
      const moved = await callsOf(() => page.getByLabel('Data da', { exact: true }).fill(later));
      expect([await dateFrom(), await dateTo()]).toEqual([later, later]);
      expect(moved).toEqual({ '/factory/shifts-range': 1, '/factory/dashboard-improvement': 1, '/factory/stop_events/unplanned': 1, '/factory/dbr_actions-range': 1 });

      // 'a' before 'Data da' takes 'Data da' back with it.
      await callsOf(() => page.getByLabel('a', { exact: true }).fill(to));
      expect([await dateFrom(), await dateTo()]).toEqual([to, to]);
      await screenshot(page, `dashboard-filters${path.replace('/dashboard', '')}-${size}`, { settleMs: 3600 }); // after the gauges' animation (500 ms + 3000 ms)
    });

    it.each(pages)('%s: offers Turno E, the shop floor managing it, and a line change is one round', async (path, username) => {
      await open(path, username, viewport);
      expect(await page.getByLabel('Turno E', { exact: true }).isChecked()).toBe(true);
      const line = await callsOf(() => page.getByLabel('Linea 2', { exact: true }).check());
      expect(line).toEqual({ '/factory/dashboard-improvement': 1, '/factory/stop_events/unplanned': 1, '/factory/dbr_actions-range': 1 });
      const shift = await callsOf(() => page.getByLabel('Turno E', { exact: true }).uncheck());
      expect(shift).toEqual({ '/factory/dashboard-improvement': 1, '/factory/stop_events/unplanned': 1, '/factory/dbr_actions-range': 1 });
    });

    it.each(pages)('%s: with "Nessuna linea" says so instead of a red gauge and a stale trend', async (path, username) => {
      await open(path, username, viewport);
      await page.locator('.dashboard-trend').first().waitFor();
      const none = await callsOf(() => page.getByRole('button', { name: 'Nessuna linea' }).click());
      expect(none).toEqual({});
      const empty = page.getByTestId('dashboard-no-line');
      await expect(empty.textContent()).resolves.toContain('Nessuna linea selezionata');
      expect(await page.locator('.gauge').count()).toBe(0);
      expect(await page.locator('.dashboard-trend').count()).toBe(0);
      expect(await page.getByTestId('pareto-fermate').count()).toBe(0);
      await expect(page.locator('section[aria-label="Storico stop non pianificati"] tbody').textContent()).resolves.toContain('Nessuno stop registrato per i filtri correnti');
      await expect(page.locator('section[aria-label="Storico attività DBR"] tbody').textContent()).resolves.toContain('Nessuna azione DBR per i filtri correnti');
      await screenshot(page, `dashboard-no-line${path.replace('/dashboard', '')}-${size}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Tutte le linee' }).click();
      await page.locator('.gauge').first().waitFor();
      expect(await empty.count()).toBe(0);
    });
  });
});
