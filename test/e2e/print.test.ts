/**
 * The print layout (issue 22, item 13: "a shift report cannot be printed"): what a supervisor pins
 * on the board from the shift report (the line log of a shift, as the operator and as the support
 * staff read it) and from both dashboards. Under print media (page.emulateMedia) the sidebar, the
 * top bar, the search boxes, the previous/next arrows and the action buttons are gone; the title,
 * the chosen day/shift/line or dates, the figures and the tables are there, full width, black on
 * white, each table row kept whole. Pictures of every page on screen (tablet, phone) and under print
 * media (at the A4 landscape width the layout is made for, and at the tablet's) are saved, and a PDF.
 */
import type { Page } from 'playwright-core';
import { networkQuiet, screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { eventually, loginTo, saveDemoStations, storeStation } from '../support/pageActions.js';

/** A4 landscape less 10 mm margins, in CSS pixels (96 per inch): 277 × 190 mm. */
const A4_LANDSCAPE = { width: 1047, height: 718 };
/** Print is laid out for the sheet (a phone prints on A4 too); the tablet's width is checked as well. */
const PRINT_SIZES = [
  ['a4', A4_LANDSCAPE],
  ['tablet', { width: 1280, height: 800 }],
] as const;
const SCREEN_SIZES = [
  ['tablet', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

describeWith(['postgres', 'chromium'])('print layout', () => {
  const suite = browserSuite({ app: { env: { SEED_DEMO_HISTORY: 'true' } }, timeout: 240_000 });
  let page: Page;
  let day = '';

  beforeAll(async () => {
    await saveDemoStations(suite.app);
    const res = await fetch(`${suite.app.url}/factory/dashboard/default-dates?shop_floor_id=1&line_id=1`, {
      headers: { authorization: `Bearer ${await suite.app.login('support')}` },
    });
    day = ((await res.json()) as { date_to: string }).date_to;
  }, 240_000);

  const PAGES = [
    ['report-operatore', 'frontline', () => `/report-operatore?day=${day}&shift_code=A&line_id=1`, 'Registro di Linea'],
    ['report-miglioramento', 'support', () => `/report-miglioramento?day=${day}&shift_code=A&line_id=1`, 'Registro di linea'],
    ['dashboard-operatore', 'frontline', () => '/dashboard-operatore', 'Cruscotto'],
    ['dashboard-miglioramento', 'support', () => '/dashboard-miglioramento', 'Riepilogo Operativo'],
  ] as const;

  /** What is shown: visible elements matching `selector`. */
  const visible = (selector: string) =>
    page.locator(selector).evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null || e.getClientRects().length > 0).length);

  it.each(PAGES)('%s prints without sidebar, controls or arrows, its content full width, black on white', async (name, username, path, title) => {
    ({ page } = await suite.newPage(undefined, 30_000));
    await loginTo(page, username);
    await storeStation(page);
    await page.goto(path());
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const table = page.locator('table.data-table, table.stops-table').first();
    await table.waitFor();
    await networkQuiet(page);
    // On screen the controls are there, so their absence in print is the print layout's doing.
    expect(await visible('.sidebar, .topbar')).toBeGreaterThan(0);
    expect(await visible('.cycle-button')).toBeGreaterThan(0);
    // The screen layouts stay as they were (the narrow ones are now `screen and (max-width: …)`): pictures to compare.
    for (const [size, viewport] of SCREEN_SIZES) {
      await page.setViewportSize(viewport);
      // The charts measure their box again after the resize.
      await eventually(async () => expect([size, await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)]).toEqual([size, 0]));
      await screenshot(page, `screen-${name}-${size}`);
    }

    await page.emulateMedia({ media: 'print' });
    for (const [size, viewport] of PRINT_SIZES) {
      await page.setViewportSize(viewport);
      expect([size, await visible('.sidebar'), await visible('.topbar')]).toEqual([size, 0, 0]);
      expect([size, await visible('.cycle-button'), await visible('input[placeholder="Cerca..."]'), await visible('.table-search-toggle, .table-sort-select')]).toEqual([
        size,
        0,
        0,
        0,
      ]);
      // No button that acts: a column header prints as its label only.
      expect([size, await visible('main button:not(.sort-button), main a.button, .link-button, .stops-row-actions')]).toEqual([size, 0]);
      expect(await page.getByRole('heading', { level: 1, name: title }).isVisible()).toBe(true);
      expect(await table.isVisible()).toBe(true);
      const rows = await table.locator('tbody tr').count();
      expect(rows).toBeGreaterThan(0);
      // The table as a table (not the phone's cards), across the sheet.
      const widths = await page.evaluate(() => ({
        page: document.documentElement.clientWidth,
        table: document.querySelector('table')!.getBoundingClientRect().width,
        display: getComputedStyle(document.querySelector('table tbody tr')!).display,
      }));
      expect([size, widths.display]).toEqual([size, 'table-row']);
      expect(widths.table).toBeGreaterThan(widths.page * 0.9);
      const colours = await page.evaluate(() => ({
        body: getComputedStyle(document.body).backgroundColor,
        title: getComputedStyle(document.querySelector('h1')!).color,
        cell: getComputedStyle(document.querySelector('main td')!).color,
      }));
      expect(colours).toEqual({ body: 'rgb(255, 255, 255)', title: 'rgb(0, 0, 0)', cell: 'rgb(0, 0, 0)' });
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('main tbody tr')!).breakInside)).toBe('avoid');
      if (name.startsWith('dashboard')) expect(await page.locator('.gauge').first().isVisible()).toBe(true);
      await screenshot(page, `print-${name}-${size}`, { settleMs: name.startsWith('dashboard') ? 3600 : 0 }); // after the gauges' animation
    }
    await page.setViewportSize(A4_LANDSCAPE);
    const pdf = await page.pdf({ path: `screenshots/print-${name}.pdf`, format: 'A4', landscape: true, preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
