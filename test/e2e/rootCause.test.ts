/**
 * The Root Cause Tool (/rca-miglioramento) in a real browser against the real API (line log
 * §2.5, §7, §9): the department and its lines, the default range, the list sorted by downtime
 * descending, the analysis autosaved on blur and read back after a reload, 'Nessuna linea' /
 * 'Tutte le linee', the column search, a failed save that keeps the text and retries, the 403
 * and read-only roles, and the phone layout.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addDays, todayInRome } from '../../web/src/lib/dates.js';
import { FORBIDDEN_MESSAGE } from '../../web/src/features/rootCause/model/autosave.js';
import { formatStopStart } from '../../web/src/features/rootCause/model/stopFormat.js';
import { callApi } from '../support/apiClient.js';
import { screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { liveSynced, loginTo, readyNav, storeStation } from '../support/pageActions.js';

/** An analysis without whys or a 6M category, as the API answers it. */
const UNSTRUCTURED = { whys: ['', '', '', '', ''], category: '' };

const EMPTY = 'Nessuno stop registrato per i filtri correnti';
const LIST_PATH = '/factory/stop_events/unplanned';

interface CreatedStop {
  id: number;
  start_time: string;
  duration_minutes: number;
  failure_mode: string;
}

const rows = (page: Page) => page.locator('.rca-table tbody tr');
/** The downtime cell of every row, in display order. */
const downtimes = (page: Page) => page.locator('.rca-table tbody td.rca-col-downtime').allTextContents();
const box = (row: Locator, label: 'Causa radice' | 'Soluzione') => row.getByRole('textbox', { name: new RegExp(`^${label},`) });
const indicator = (row: Locator, column: 0 | 1) => row.locator('.rca-box-status').nth(column);

/** Waits until the table shows exactly `n` stop rows (the empty row does not count). */
function rowCount(page: Page, n: number) {
  return page.waitForFunction((count) => document.querySelectorAll('.rca-table tbody td.rca-col-downtime').length === count, n);
}

describeWith(['postgres', 'chromium'])('root cause tool', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  let page: Page;
  const tokens: Record<string, string> = {};
  let shortStop: CreatedStop;
  let longStop: CreatedStop;

  const call = (method: string, path: string, as: string, body?: unknown) => callApi<any>(suite.app.url, tokens[as], method, path, body);

  /** Logs in through the page, fills the station keys as setup does, and opens the tool. */
  async function openTool(username: string): Promise<void> {
    await loginTo(page, username);
    await storeStation(page);
    await page.goto('/rca-miglioramento');
    await readyNav(page).waitFor({ state: 'attached' });
    await page.getByRole('heading', { level: 1, name: 'Root Cause Tool' }).waitFor();
    await liveSynced(page); // the list calls counted below are the test's alone
  }

  beforeAll(async () => {
    for (const role of ['support', 'frontline']) tokens[role] = await suite.app.login(role);
    expect((await call('PUT', '/factory/default_station', 'support', { shopFloorId: 1, lineId: 1, equipmentId: null })).status).toBe(200);
    expect((await call('PUT', '/factory/default_station', 'frontline', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(200);

    // The demo plant's Filler (equipment 1, 'Linea 1'): its areas and their stop codes, read through the API.
    const workpoints = (await call('GET', '/factory/workpoints?equipment_id=1', 'support')).body as Array<{ id: number }>;
    const workpoint = workpoints[0]!.id;
    const codes = (await call('GET', `/factory/stop_codes?workpoint_id=${workpoint}`, 'support')).body as Array<{ id: number }>;
    const events = (await call('GET', '/factory/triggering_events', 'support')).body as Array<{ id: number }>;

    // Earlier today, not overlapping, the shorter one first in time (the list comes by start time).
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    const record = async (from: number, to: number, code: number, failure: string, actions: Record<string, boolean>) => {
      const res = await call('POST', '/factory/stop_events', 'support', {
        workpoint_id: workpoint,
        stop_code_id: code,
        triggering_event_id: events[0]!.id,
        failure_mode: failure,
        corrective_action: 'Rimosso il blocco e riavviata la macchina',
        start_time: at(from),
        end_time: at(to),
        ...actions,
      });
      expect(res.status).toBe(201);
      return res.body as CreatedStop;
    };
    shortStop = await record(100, 90, codes[1]!.id, 'Tappo incastrato nella testa', { action_cleaning: true });
    longStop = await record(60, 30, codes[0]!.id, 'Bottiglia caduta sul nastro', { action_material_change: true, action_component_restore: true });
    expect([shortStop.duration_minutes, longStop.duration_minutes]).toEqual([10, 30]);
  });
  beforeEach(async () => {
    ({ context, page } = await suite.newPage());
  });

  it('lists the stops by downtime, saves the analysis on blur and keeps it after a reload', async () => {
    await openTool('support');
    await expect(page.getByTestId('rca-shop-floor').textContent()).resolves.toBe('Confezionamento');
    await expect(page.getByRole('link', { name: 'Cambia reparto' }).getAttribute('href')).resolves.toBe('/setup');
    expect(await page.getByLabel('Linea 1', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Linea 2', { exact: true }).isChecked()).toBe(false);
    const today = todayInRome();
    await expect(page.getByLabel('Data da', { exact: true }).inputValue()).resolves.toBe(addDays(today, -29));
    await expect(page.getByLabel('a', { exact: true }).inputValue()).resolves.toBe(today);
    await expect(page.locator('.data-table-caption').textContent()).resolves.toBe('Elenco stop non pianificati');

    await rowCount(page, 2);
    expect(await downtimes(page)).toEqual(['30 min', '10 min']);
    const first = rows(page).nth(0);
    await expect(first.locator('.rca-start').textContent()).resolves.toBe(formatStopStart(longStop));
    expect(formatStopStart(longStop)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const firstText = (await first.textContent()) ?? '';
    for (const part of ['Linea 1', 'Filler', 'Bottiglia caduta sul nastro', 'Cambio materiale', 'Ripristino componente', 'Rimosso il blocco']) {
      expect(firstText).toContain(part);
    }
    expect(firstText).not.toContain('Pulizia');
    await screenshot(page, 'root-cause-tablet');

    await box(first, 'Causa radice').fill('Guida del nastro usurata');
    await box(first, 'Soluzione').click(); // the root cause box loses focus: autosave
    await indicator(first, 0)
      .filter({ hasText: /^Salvato$/ })
      .waitFor();
    await box(first, 'Soluzione').fill('Sostituita la guida e verificato l’allineamento');
    await page.getByRole('heading', { level: 1 }).click();
    await indicator(first, 1)
      .filter({ hasText: /^Salvato$/ })
      .waitFor();
    await screenshot(page, 'root-cause-tablet-saved');

    await page.reload();
    await rowCount(page, 2);
    const again = rows(page).nth(0);
    await expect(box(again, 'Causa radice').inputValue()).resolves.toBe('Guida del nastro usurata');
    await expect(box(again, 'Soluzione').inputValue()).resolves.toBe('Sostituita la guida e verificato l’allineamento');
    expect(await call('GET', `/factory/root_cause/${longStop.id}`, 'support')).toEqual({
      status: 200,
      body: { stop_event_id: longStop.id, root_cause: 'Guida del nastro usurata', troubleshooting: 'Sostituita la guida e verificato l’allineamento', ...UNSTRUCTURED },
    });
  });

  it("empties the list with 'Nessuna linea' without asking the server, and 'Tutte le linee' brings it back", async () => {
    await openTool('support');
    await rowCount(page, 2);
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === LIST_PATH) listCalls.push(r.url());
    });

    await page.getByRole('button', { name: 'Nessuna linea' }).click();
    await page.locator('.data-table-empty', { hasText: EMPTY }).waitFor();
    expect(await page.getByLabel('Linea 1', { exact: true }).isChecked()).toBe(false);
    await screenshot(page, 'root-cause-empty');
    await page.waitForTimeout(300);
    expect(listCalls).toEqual([]);

    await page.getByRole('button', { name: 'Tutte le linee' }).click();
    await rowCount(page, 2);
    for (const name of ['Linea 1', 'Linea 2', 'Linea 3']) expect(await page.getByLabel(name, { exact: true }).isChecked()).toBe(true);
    expect(listCalls).toHaveLength(1);
    const query = new URL(listCalls[0]!).searchParams;
    expect(query.getAll('lines_id')).toEqual(['1', '2', '3']);
    expect([query.get('shop_floor_id'), query.get('date_from'), query.get('date_to')]).toEqual(['1', addDays(todayInRome(), -29), todayInRome()]);

    // The per-column search, then a header click reversing the downtime order.
    await page.getByLabel('Cerca in Modo di guasto').fill('tappo');
    await rowCount(page, 1);
    expect(await downtimes(page)).toEqual(['10 min']);
    await page.getByLabel('Cerca in Modo di guasto').fill('nessuna corrispondenza');
    await page.locator('.data-table-empty', { hasText: EMPTY }).waitFor();
    await page.getByLabel('Cerca in Modo di guasto').fill('');
    await rowCount(page, 2);
    await page.getByRole('button', { name: 'Fermo' }).click();
    expect(await downtimes(page)).toEqual(['10 min', '30 min']);

    // Unticking the only line with stops empties the list too.
    await page.getByLabel('Linea 1', { exact: true }).uncheck();
    await page.locator('.data-table-empty', { hasText: EMPTY }).waitFor();
  });

  it('keeps the text of a failed save, retries it, and keeps it across a reload', async () => {
    let refuse = 1;
    await page.route('**/factory/root_cause', (route) => {
      if (route.request().method() === 'POST' && refuse > 0) {
        refuse -= 1;
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Servizio non disponibile' } }) });
      }
      return route.continue();
    });
    await openTool('support');
    await rowCount(page, 2);
    const second = rows(page).nth(1);
    await box(second, 'Causa radice').fill('Molla del tappatore scarica');
    await page.getByRole('heading', { level: 1 }).click();
    await indicator(second, 0).filter({ hasText: 'Non salvato: nuovo tentativo tra 2 s' }).waitFor();
    await expect(box(second, 'Causa radice').inputValue()).resolves.toBe('Molla del tappatore scarica');
    await screenshot(page, 'root-cause-retrying');
    await indicator(second, 0)
      .filter({ hasText: /^Salvato$/ })
      .waitFor(); // the retry after 2 s
    expect((await call('GET', `/factory/root_cause/${shortStop.id}`, 'support')).body.root_cause).toBe('Molla del tappatore scarica');

    // The network goes away entirely: the text survives a reload and is saved once it is back.
    await context.setOffline(true);
    await box(second, 'Soluzione').fill('Sostituita la molla');
    await page.getByRole('heading', { level: 1 }).click();
    await indicator(second, 1).filter({ hasText: 'Non salvato' }).waitFor();
    // Back online the saves stay refused, so the reload below happens with the text unsaved.
    await page.route('**/factory/root_cause', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    page.on('dialog', (dialog) => void dialog.accept()); // the unsaved-text warning on leaving
    await page.reload();
    await rowCount(page, 2);
    const reloaded = rows(page).nth(1);
    await expect(box(reloaded, 'Soluzione').inputValue()).resolves.toBe('Sostituita la molla');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await indicator(reloaded, 1)
      .filter({ hasText: /^Salvato$/ })
      .waitFor({ timeout: 30_000 });
    expect((await call('GET', `/factory/root_cause/${shortStop.id}`, 'support')).body).toEqual({
      stop_event_id: shortStop.id,
      root_cause: 'Molla del tappatore scarica',
      troubleshooting: 'Sostituita la molla',
      ...UNSTRUCTURED,
    });
  });

  it('turns read-only with a clear message when the server refuses the role (403)', async () => {
    await page.route('**/factory/root_cause', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Operazione non consentita per il tuo ruolo' } }),
          })
        : route.continue(),
    );
    await openTool('support');
    await rowCount(page, 2);
    await box(rows(page).nth(0), 'Causa radice').fill('Testo che non passa');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(FORBIDDEN_MESSAGE);
    expect(await page.locator('.rca-table textarea').count()).toBe(0);
    await expect(rows(page).nth(0).textContent()).resolves.toContain('Testo che non passa');
    await screenshot(page, 'root-cause-forbidden');
  });

  it('shows the analysis read-only to the operator', async () => {
    const analysis = { stop_event_id: longStop.id, root_cause: 'Guida del nastro usurata' };
    expect((await call('POST', '/factory/root_cause', 'support', analysis)).status).toBe(200);
    await openTool('frontline');
    await rowCount(page, 2);
    await page.getByTestId('rca-readonly').waitFor();
    expect(await page.locator('.rca-table textarea').count()).toBe(0);
    await expect(rows(page).nth(0).textContent()).resolves.toContain('Guida del nastro usurata');
    await screenshot(page, 'root-cause-readonly');
  });

  it('fits a phone in portrait, one card per stop', async () => {
    await context.close();
    ({ context, page } = await suite.newPage({ width: 390, height: 844 }));
    await openTool('support');
    await rowCount(page, 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const wrap = page.locator('.rca-table .table-wrap');
    const [scrollWidth, clientWidth] = await wrap.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await screenshot(page, 'root-cause-phone');
  });
});
