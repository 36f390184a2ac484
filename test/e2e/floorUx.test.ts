/**
 * The line-log pages as the plant uses them, on the line's tablet (1280×800) and on a phone
 * (390×844): stop and Root Cause tables as cards on a phone (sortable with 'Ordina per',
 * searchable with readable boxes), the figures before the stop tables, the toast clear of the page
 * title, the Root Cause range that moves its other end along, a first login without a station that
 * meets no error, targets of at least 44×44 px, the phone menu closing on Escape, and an axe-core
 * check of every page at both sizes with no serious or critical violation.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, todayInRome } from '../../web/src/lib/dates.js';
import { ROUTES } from '../../web/src/app/routes.js';
import { callApi, recordUnplannedStop } from '../support/apiClient.js';
import { axeSeriousViolations, networkQuiet, PHONE_VIEWPORT, screenshot, smallTargets, TABLET_VIEWPORT } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { fillLogin, openAs, readyNav } from '../support/pageActions.js';

type Viewport = { width: number; height: number };

describeWith(['postgres', 'chromium'])('the line-log pages on the floor', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  let page: Page;
  const tokens: Record<string, string> = {};
  const yesterday = addDays(todayInRome(), -1);

  const api = <T>(as: string, method: string, path: string, body?: unknown) => callApi<T>(suite.app.url, tokens[as], method, path, body);

  /** An unplanned stop on an equipment's first workpoint, yesterday. */
  async function unplannedStop(equipment: number, start: string, end: string, failure: string): Promise<void> {
    await recordUnplannedStop(suite.app.url, tokens.frontline, { equipment, day: yesterday, start, end, failure });
  }

  async function open(username: string, path: string, viewport: Viewport = TABLET_VIEWPORT): Promise<void> {
    ({ context, page } = await suite.newPage(viewport));
    await openAs(page, username, path);
  }

  const box = async (selector: ReturnType<Page['locator']>) => (await selector.boundingBox())!;

  beforeAll(async () => {
    for (const user of ['frontline', 'support', 'admin', 'demoit', 'demoen']) tokens[user] = await suite.app.login(user);
    for (const user of ['frontline', 'demoit', 'admin']) {
      expect((await api(user, 'PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(200);
    }
    expect((await api('support', 'PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: null })).status).toBe(200);
    // Line 1, yesterday's shift A: two unplanned stops (15 and 40 minutes) and a planned one.
    await unplannedStop(1, '08:10', '08:25', 'Bottiglia incastrata');
    await unplannedStop(1, '09:00', '09:40', 'Etichettatrice inceppata');
    const planned = await api('frontline', 'POST', '/factory/planned_stops', {
      equipment_id: 1,
      planned_reason_id: 1,
      start_time: `${yesterday}T06:00`,
      end_time: `${yesterday}T06:30`,
      notes: 'Cambio formato',
    });
    expect(planned.status).toBe(201);
  });

  it('shows the stops as cards on a phone, with the fields and Elimina in view, sortable and searchable', async () => {
    await open('frontline', `/report-operatore?day=${yesterday}&shift_code=A&line_id=1`, PHONE_VIEWPORT);
    const unplanned = page.getByRole('table', { name: 'Stop non pianificati', exact: true });
    await unplanned.getByText('09:00–09:40').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    const wrap = page.locator('.stops-unplanned');
    expect(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // Every card shows its editable texts and its delete button inside the screen.
    for (const name of ['Descrizione – stop delle 08:10', 'Azione correttiva – stop delle 08:10']) {
      const field = await box(page.getByLabel(name));
      expect(field.x).toBeGreaterThanOrEqual(0);
      expect(field.x + field.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
      expect(field.width).toBeGreaterThan(250);
    }
    const remove = await box(page.getByRole('button', { name: 'Elimina stop non pianificato delle 09:00' }));
    expect(remove.x + remove.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    expect(remove.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'floor-line-log-cards-phone');

    // Sorted by time; 'Ordina per' → Durata descending puts the 40-minute stop first.
    const times = () => unplanned.locator('tbody td.stops-time').allTextContents();
    expect(await times()).toEqual(['08:10–08:25', '09:00–09:40']);
    const tools = page.locator('.stops-unplanned .table-phone-tools');
    await tools.getByLabel('Ordina per').selectOption({ label: 'Durata [min] ▼ decrescente' });
    expect(await times()).toEqual(['09:00–09:40', '08:10–08:25']);

    // 'Cerca' unfolds the searches; the Durata box is wide enough to read what it holds.
    await tools.getByRole('button', { name: 'Cerca' }).click();
    const duration = unplanned.getByLabel('Cerca in Durata [min]');
    const durationBox = await box(duration);
    expect(durationBox.width).toBeGreaterThanOrEqual(140);
    expect(durationBox.height).toBeGreaterThanOrEqual(44);
    expect(await duration.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
    await duration.fill('15');
    expect(await times()).toEqual(['08:10–08:25']);
    await screenshot(page, 'floor-line-log-search-phone');
  });

  it('puts the three figures before the stop tables, where the end of a shift needs them', async () => {
    await open('frontline', `/report-operatore?day=${yesterday}&shift_code=A&line_id=1`, PHONE_VIEWPORT);
    await page.getByRole('table', { name: 'Stop pianificati', exact: true }).getByText('06:00–06:30').waitFor();
    const hours = await box(page.getByLabel('Ore Lavorate [h]'));
    const plannedHeading = await box(page.getByRole('heading', { name: 'Stop pianificati', exact: true }));
    const notes = await box(page.getByLabel('Note di fine turno'));
    expect(hours.y).toBeGreaterThan(notes.y);
    expect(hours.y).toBeLessThan(plannedHeading.y);
  });

  it('keeps every control of the operator pages at least 44×44 px on a phone, and the chat log reachable by keyboard', async () => {
    await open('frontline', `/report-operatore?day=${yesterday}&shift_code=A&line_id=1`, PHONE_VIEWPORT);
    await page.getByRole('table', { name: 'Stop non pianificati', exact: true }).getByText('09:00–09:40').waitFor();
    await page.locator('.stops-unplanned .table-phone-tools').getByRole('button', { name: 'Cerca' }).click();
    expect(await smallTargets(page)).toEqual([]);

    await page.getByRole('button', { name: 'Apri menu' }).click();
    await page.locator('.sidebar.is-open').waitFor();
    await page.waitForTimeout(400); // the drawer slides in
    expect(await smallTargets(page)).toEqual([]);
    // Escape closes the phone menu and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apri menu' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).resolves.toBe('sidebar');

    for (const path of ['/inserimento-loss-ai-operatore', '/inserimento-pianificate-ai-operatore']) {
      await page.goto(`${path}?day=${yesterday}&shift_code=A&line_id=1`);
      await page.locator('.chat-chip').first().waitFor();
      expect([path, await smallTargets(page)]).toEqual([path, []]);
      const log = page.getByRole('log');
      expect(await log.getAttribute('tabindex')).toBe('0');
      await log.focus();
      await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('log');
      await screenshot(page, `floor-${path.slice(1)}-phone`);
    }
    for (const path of ['/daily-routine-operatore', '/dashboard-operatore', '/operatore']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await networkQuiet(page);
      expect([path, await smallTargets(page)]).toEqual([path, []]);
    }
  });

  it('shows the Root Cause table as cards on a phone, with Causa radice and Soluzione in view', async () => {
    await open('support', '/rca-miglioramento', PHONE_VIEWPORT);
    await page.getByRole('table', { name: 'Elenco stop non pianificati' }).getByText('Etichettatrice inceppata').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    expect(await page.locator('.rca-table .table-wrap').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const label of ['Causa radice', 'Soluzione']) {
      const field = await box(page.getByRole('textbox', { name: label }).first());
      expect(field.x).toBeGreaterThanOrEqual(0);
      expect(field.x + field.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    }
    await screenshot(page, 'floor-root-cause-phone');
  });

  it("moves 'a' along when 'Data da' is later, and states the 366-day limit beside the dates", async () => {
    await open('support', '/rca-miglioramento');
    const from = page.getByLabel('Data da');
    const to = page.getByLabel('a', { exact: true });
    const today = todayInRome();
    await to.fill(addDays(today, -10));
    await from.fill(addDays(today, -5));
    await expect(from.inputValue()).resolves.toBe(addDays(today, -5));
    await expect(to.inputValue()).resolves.toBe(addDays(today, -5));
    await to.fill(addDays(today, -40));
    await expect(to.inputValue()).resolves.toBe(addDays(today, -40));
    await expect(from.inputValue()).resolves.toBe(addDays(today, -40));
    const hint = page.locator('.rca-range').getByText('Intervallo massimo: 366 giorni.');
    expect(await hint.isVisible()).toBe(true);
    await screenshot(page, 'floor-root-cause-range');
  });

  it('shows the submit toast clear of the page title', async () => {
    await open('frontline', `/report-operatore?day=${yesterday}&shift_code=A&line_id=2`);
    // The sidebar's logo link is named by what it shows (then where it leads).
    await page
      .locator('.sidebar')
      .getByRole('link', { name: /^Linea\s*Gestione produzione – Home$/ })
      .waitFor();
    await page.getByLabel('Note di fine turno').fill('Turno regolare');
    await page.getByLabel('Macchina – riga 1').fill('Capper');
    await page.getByLabel('Volumi Prodotti [pz]').fill('9000');
    await page.getByLabel('Scarto [pz]').fill('80');
    await page.getByLabel('Ore Lavorate [h]').fill('8');
    await page.getByRole('button', { name: 'CONFERMA e INVIA REPORT' }).click();
    await page.getByRole('dialog', { name: 'Conferma invio' }).getByRole('button', { name: 'Conferma' }).click();
    const toast = page.locator('.flash-toast', { hasText: 'Report inviato correttamente' });
    await toast.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const title = await box(page.getByRole('heading', { level: 1 }));
    const shown = await box(toast);
    const overlaps = shown.x < title.x + title.width && title.x < shown.x + shown.width && shown.y < title.y + title.height && title.y < shown.y + shown.height;
    expect(overlaps).toBe(false);
    expect(shown.y + shown.height).toBeLessThanOrEqual(TABLET_VIEWPORT.height);
    await screenshot(page, 'floor-toast');
  });

  it('lets a new user without a station log in without a single failed call or console error', async () => {
    ({ context, page } = await suite.newPage(TABLET_VIEWPORT, 10_000));
    const failures: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') failures.push(m.text());
    });
    page.on('response', (r) => {
      if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
    });
    // demoen has never chosen a station: 'no station yet' is a normal state, and the login goes to /setup.
    await fillLogin(page, 'demoen');
    await page.waitForURL((u) => u.pathname === '/setup');
    await page.getByRole('main').getByRole('heading', { name: 'Scelta della stazione' }).waitFor();
    await networkQuiet(page);
    expect(failures).toEqual([]);
  });

  const PAGES: Array<[string, string]> = [
    ['frontline', '/'],
    ...ROUTES.map((r): [string, string] => {
      const user =
        r.section === 'operator' ? 'frontline' : r.section === 'support' ? 'support' : r.section === 'admin' ? 'admin' : r.section === 'assistente' ? 'demoit' : 'demoen';
      return [user, r.path];
    }),
  ];

  for (const [name, viewport] of [
    ['tablet', TABLET_VIEWPORT],
    ['phone', PHONE_VIEWPORT],
  ] as const) {
    it(`has no serious or critical axe violation on any page, ${name}`, async () => {
      ({ context, page } = await suite.newPage(viewport));
      const found: Array<{ path: string; violations: unknown }> = [];
      await page.goto('/login');
      await page.getByRole('main').getByRole('heading', { name: 'Accesso' }).waitFor();
      const login = await axeSeriousViolations(page);
      if (login.length) found.push({ path: '/login', violations: login });
      let user = '';
      // The English assistant pages are the Italian ones' components with other texts: swept on the tablet only.
      for (const [username, path] of name === 'phone' ? PAGES.filter(([u]) => u !== 'demoen') : PAGES) {
        if (username !== user) {
          await context.clearCookies();
          await page.evaluate(() => localStorage.clear());
          await fillLogin(page, username);
          await page.waitForURL((u) => u.pathname !== '/login');
          user = username;
        }
        await page.goto(path === '/report-operatore' || path === '/report-miglioramento' ? `${path}?day=${yesterday}&shift_code=A&line_id=1` : path);
        await readyNav(page).waitFor({ state: 'attached' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await networkQuiet(page);
        await page.waitForTimeout(300);
        const violations = await axeSeriousViolations(page);
        if (violations.length) found.push({ path, violations });
      }
      await page.goto('/setup');
      await page.getByRole('main').getByRole('heading', { name: 'Scelta della stazione' }).waitFor();
      const setup = await axeSeriousViolations(page);
      if (setup.length) found.push({ path: '/setup', violations: setup });
      expect(found).toEqual([]);
    }, 240_000);
  }
});
