/**
 * 'Analisi perdite' in a real browser over the demo history (docs/oee.md): the support user opens
 * it from the sidebar, sees the OEE with A, P and Q of the default line and range as
 * GET /factory/oee answers them, the waterfall, the trend, the tables and the Pareto; a Pareto bar
 * opens the stops behind it. At tablet and phone size, with no sideways scroll.
 */
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { PHONE_VIEWPORT, screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { eventually, loginTo, storeStation } from '../support/pageActions.js';

const pct = (x: number) => `${(x * 100).toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;

describeWith(['postgres', 'chromium'])('Analisi perdite', () => {
  const suite = browserSuite({ app: { env: { SEED_DEMO_HISTORY: 'true' } }, timeout: 240_000 });
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const api = async (path: string) => (await fetch(`${suite.app.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<any>;

  beforeAll(async () => {
    token = await suite.app.login('support');
    const res = await fetch(`${suite.app.url}/factory/default_station`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shopFloorId: 1, lineId: 1, equipmentId: null }),
    });
    expect(res.status).toBe(200);
  }, 240_000);
  afterEach(async () => {
    await context?.close();
  });

  it.each([
    ['tablet', undefined],
    ['phone', PHONE_VIEWPORT],
  ] as const)('shows the demo data’s OEE and opens the stops behind a Pareto bar (%s)', async (size, viewport) => {
    ({ context, page } = await suite.newPage(viewport, 30_000));
    const oeeCalls: string[] = [];
    const stopCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/factory\/oee(\/pareto)?\?/.test(r.url())) oeeCalls.push(decodeURIComponent(r.url()));
      if (r.url().includes('/factory/stop_events/unplanned?')) stopCalls.push(decodeURIComponent(r.url()));
    });
    await loginTo(page, 'support');
    await storeStation(page);
    if (size === 'phone') {
      await page.goto('/analisi-perdite');
    } else {
      await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Analisi perdite', exact: true }).click();
    }
    await page.getByRole('heading', { level: 1, name: 'Analisi perdite' }).waitFor();
    await page.getByLabel('Data da', { exact: true }).waitFor();
    await eventually(async () => expect(await page.getByLabel('a', { exact: true }).inputValue()).not.toBe(''));
    const dateFrom = await page.getByLabel('Data da', { exact: true }).inputValue();
    const dateTo = await page.getByLabel('a', { exact: true }).inputValue();
    const shifts: Array<{ id: number; name: string }> = await api(`/factory/shifts-range?shop_floor_id=1&date_from=${dateFrom}&date_to=${dateTo}`);
    const filter = `shop_floor_id=1&lines=Linea 1&shifts=${shifts.map((s) => s.id).join(',')}&date_from=${dateFrom}&date_to=${dateTo}`;
    const oee = await api(`/factory/oee?${filter}`);
    expect(oee.oee).toBeGreaterThan(0);
    for (const [label, value] of [
      ['OEE', oee.oee],
      ['Disponibilità', oee.availability],
      ['Prestazioni', oee.performance],
      ['Qualità', oee.quality],
    ] as const) {
      await eventually(async () => expect(await page.getByTestId(`oee-${label}`).textContent()).toBe(pct(value)));
    }
    // Below tablet width a table's rows are cards (CSS), which Chromium no longer exposes as table cells.
    await page.locator('table[aria-label="OEE per linea"] tbody td').getByText('Linea 1', { exact: true }).first().waitFor();
    await page.getByRole('img', { name: 'Cascata delle perdite' }).waitFor();
    // The demo history has no machine signals: the waterfall keeps its steps, with no detected micro-stops.
    const waterfall = page.locator('section[aria-label="Cascata delle perdite"]');
    await waterfall.getByText('Microfermate (registrate)', { exact: false }).waitFor();
    expect([oee.micro_stop_minutes, await waterfall.getByText('Microfermate (rilevate)').count()]).toEqual([0, 0]);

    // The table per line as Italian Excel opens it: BOM, the filters, ';' and a decimal comma.
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('section[aria-label="OEE per linea"]').getByRole('button', { name: 'Esporta CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('oee-per-linea.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const [d, m, y] = [dateFrom.slice(8), dateFrom.slice(5, 7), dateFrom.slice(0, 4)];
    expect(csv.startsWith(`\ufeffLinee;Linea 1\r\nTurni;`)).toBe(true);
    expect(csv).toContain(`\r\nDal;${d}/${m}/${y}\r\n`);
    expect(csv).toContain('\r\n\r\nLinea;Disponibilità;Prestazioni;Qualità;OEE;Obiettivo uptime;MTBF (min);Obiettivo MTBF (min);MTTR (min);Guasti\r\n');
    const byLine = await api(`/factory/oee?${filter}&group_by=line`);
    const row = byLine.rows[0];
    const c = (x: number) => String(Math.round(x * 10000) / 100).replace('.', ',');
    // Beside the OEE, the line's ut_threshold: 0.75 for Linea 1 in the demo plant.
    expect(csv).toContain(`\r\nLinea 1;${c(row.availability)};${c(row.performance)};${c(row.quality)};${c(row.oee)};75;`);
    await page.locator('table[aria-label="OEE per linea"] tbody td').getByText('75,0 %', { exact: true }).first().waitFor();

    const pareto = await api(`/factory/oee/pareto?${filter}&by=stop_code`);
    expect(pareto.bars.length).toBeGreaterThan(0);
    const first = pareto.bars[0];
    const chart = page.getByTestId('oee-pareto');
    await chart.getByRole('button', { name: `Fermate di ${first.label}` }).waitFor();
    await screenshot(page, `analisi-perdite-${size}`);
    // Every shift name ticked (the demo floor has the extra shift E): the OEE and Pareto calls name the codes, not the ids (a year of ids would be refused).
    expect(oeeCalls.length).toBeGreaterThanOrEqual(5);
    expect(oeeCalls.filter((u) => !/shift_codes=A,E,B,C(&|$)/.test(u) || /[?&]shifts=/.test(u))).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The chart's first (tallest) bar opens its stops: every one of them has the bar's stop code.
    await chart.locator('svg rect[fill="#e06c62"]').first().click();
    const region = page.getByRole('region', { name: `Fermate di ${first.label}` });
    await region.waitFor();
    const table = region.locator('table[aria-label="Storico stop non pianificati"]');
    await eventually(async () => expect(await table.locator('tbody tr').count()).toBe(first.count));
    const codes = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[3]?.textContent?.trim()));
    expect(new Set(codes)).toEqual(new Set([first.label]));
    // The bar's stops are asked by the shifts' codes too, so a year's range is not refused.
    expect(stopCalls.length).toBeGreaterThan(0);
    expect(stopCalls.filter((u) => !/shift_codes=A,E,B,C(&|$)/.test(u) || /[?&]shift_id=/.test(u))).toEqual([]);
    await region.scrollIntoViewIfNeeded();
    await screenshot(page, `analisi-perdite-${size}-stops`);
  });

  it.each([
    ['tablet', undefined],
    ['phone', PHONE_VIEWPORT],
  ] as const)('sets each executed DBR action’s target stops before against after, saying how many days after are known (%s)', async (size, viewport) => {
    ({ context, page } = await suite.newPage(viewport, 30_000));
    await loginTo(page, 'support');
    await storeStation(page);
    await page.goto('/analisi-perdite');
    await eventually(async () => expect(await page.getByLabel('a', { exact: true }).inputValue()).not.toBe(''));
    const dateTo = await page.getByLabel('a', { exact: true }).inputValue();
    // The demo history's actions on a line's recurring problem target its machine: 40 days of them.
    const dateFrom = new Date(Date.parse(`${dateTo}T12:00:00Z`) - 40 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Data da', { exact: true }).fill(dateFrom);
    const answer = await api(`/factory/dbr/action-effectiveness?shop_floor_id=1&lines=Linea 1&date_from=${dateFrom}&date_to=${dateTo}`);
    expect(answer.days).toBe(30);
    expect(answer.rows.length).toBeGreaterThan(0);
    // Executed within the last 30 days, so its days after are fewer than 30: the table says so.
    const recent = answer.rows.at(-1);
    expect(recent.complete).toBe(false);
    const section = page.getByTestId('oee-dbr-effect');
    await section.getByRole('heading', { name: 'Efficacia azioni DBR' }).waitFor();
    const table = section.locator('table[aria-label="Efficacia azioni DBR"]');
    await eventually(async () => expect(await table.locator('tbody tr').count()).toBe(answer.rows.length));
    // Newest execution first: the first row is the most recent action, with the API's figures.
    const cells = await table.locator('tbody tr').first().locator('td').allTextContents();
    const days = String(recent.after.days).replace('.', ',');
    expect(cells.map((c) => c.trim())).toEqual(
      expect.arrayContaining([
        recent.activity,
        `${recent.target_equipment_name} · ${recent.target_stop_code_name ?? 'Tutti i codici'}`,
        String(recent.before.count),
        String(recent.after.count),
        `${days} di 30 gg (in corso)`,
      ]),
    );
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `analisi-perdite-efficacia-${size}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // N = 7: the call is asked again and the header names the days.
    await section.getByLabel('Giorni prima e dopo').selectOption('7');
    const seven = await api(`/factory/dbr/action-effectiveness?shop_floor_id=1&lines=Linea 1&date_from=${dateFrom}&date_to=${dateTo}&days=7`);
    await eventually(async () => expect(await table.locator('tbody tr').count()).toBe(seven.rows.length));
    if (size === 'tablet') await table.getByRole('columnheader', { name: /Fermate prima \(7 gg\)/ }).waitFor();
  });
});
