/**
 * The sections' start pages (issue 22, item 12; docs/start-pages.md) in a real browser at the
 * tablet's and the phone's size: /operatore lists today's shifts of the station's line with their
 * report state and stops and the line's DBR actions to do, /miglioramento the reports to review,
 * the stops without a root cause and the overdue DBR actions; every item leads to its page. The
 * server's clock is real, but never before 11:00 in Rome today (so this morning's stops are in its
 * past; a later clock keeps the tokens it signs valid, the browser's clock being real); the data
 * are written through the API by the users who write them. The same data show the line log's
 * stop-table buttons named by what they do, and the admin's 'Generazione turni' link.
 */
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { addDays, formatItalianDate, todayInRome } from '../../web/src/lib/dates.js';
import { callApi } from '../support/apiClient.js';
import { PHONE_VIEWPORT, screenshot, TABLET_VIEWPORT } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { loginAndOpen, openAs } from '../support/pageActions.js';

const TODAY = todayInRome();
const YESTERDAY = addDays(TODAY, -1);
const ELEVEN = DateTime.fromISO(`${TODAY}T11:00`, { zone: 'Europe/Rome' }).toJSDate();

describeWith(['postgres', 'chromium'])('the start pages', () => {
  const suite = browserSuite({ app: { clock: () => new Date(Math.max(Date.now(), ELEVEN.getTime())) } });
  let stopId = 0;
  let stopCode = '';

  beforeAll(async () => {
    const tokens = Object.fromEntries(await Promise.all(['frontline', 'support'].map(async (r) => [r, await suite.app.login(r)] as const)));
    const api = async (as: string, method: string, path: string, body?: unknown, expected = 200) => {
      const r = await callApi<any>(suite.app.url, tokens[as], method, path, body);
      expect([method, path, r.status]).toEqual([method, path, expected]);
      return r.body;
    };
    await api('frontline', 'PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: 1 });
    await api('support', 'PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: null });
    const workpoint = (await api('frontline', 'GET', '/factory/workpoints?equipment_id=1'))[0].id;
    const code = (await api('frontline', 'GET', `/factory/stop_codes?workpoint_id=${workpoint}`))[0];
    stopCode = code.name;
    const shifts = async (day: string) => Object.fromEntries(((await api('frontline', 'GET', `/factory/shifts?day=${day}&shop_floor_id=1`)) as any[]).map((s) => [s.code, s.id]));
    const [today, yesterday] = [await shifts(TODAY), await shifts(YESTERDAY)];

    // Today on Linea 1: a draft for Turno A, a planned and an unplanned stop in it.
    const report = {
      shift_code: 'A',
      line_name: 'Linea 1',
      notes: 'Turno regolare',
      machine_notes: [{ Macchina: 'Riempitrice', Nota: 'Ok' }],
      production_volume: 9000,
      waste: 90,
      working_time: 7,
    };
    await api('frontline', 'POST', '/factory/shift_notes/save', { ...report, day: TODAY, notes: 'Bozza di oggi' });
    await api('frontline', 'POST', '/factory/planned_stops', { equipment_id: 1, planned_reason_id: 1, start_time: `${TODAY}T06:00`, end_time: `${TODAY}T06:30`, notes: null }, 201);
    const stop = {
      workpoint_id: workpoint,
      stop_code_id: code.id,
      triggering_event_id: 1,
      failure_mode: 'Bottiglia incastrata',
      corrective_action: 'Rimossa e riavviata',
    };
    stopId = (await api('frontline', 'POST', '/factory/stop_events', { ...stop, start_time: `${TODAY}T08:10`, end_time: `${TODAY}T08:25` }, 201)).id;
    // Yesterday: Turno A submitted (waiting for review).
    await api('frontline', 'POST', '/factory/shift_notes/submit', { ...report, day: YESTERDAY, notes: 'Turno di ieri' });
    // DBR actions: today's C open (its shift ends tomorrow, so never overdue today) and B done; yesterday's A never done (overdue).
    const action = (day: string, shift: number, activity: string) =>
      api('support', 'POST', '/factory/dbr_actions', { day, due_shift: shift, line: 'Linea 1', equipment: null, owner: 'Rossi', supportBy: null, activity }, 201);
    await action(TODAY, today.C, 'Pulire i sensori della tappatrice');
    const done = await action(TODAY, today.B, 'Lubrificare il nastro');
    await api('frontline', 'PATCH', `/factory/dbr_actions/${done.id}/mark-executed`);
    await action(YESTERDAY, yesterday.A, 'Controllare l’etichettatrice');
  }, 60_000);

  const section = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
  const items = (page: Page, name: string) => section(page, name).getByRole('listitem');
  const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const [size, viewport] of [
    ['tablet', TABLET_VIEWPORT],
    ['phone', PHONE_VIEWPORT],
  ] as const) {
    it(`/operatore lists today's shifts of the line and its DBR actions to do, each leading to its page (${size})`, async () => {
      const { page } = await suite.newPage(viewport);
      await loginAndOpen(page, 'frontline', '/operatore');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('LINEA DI PRODUZIONE');
      await page.getByText(`Linea 1 · oggi, ${formatItalianDate(TODAY)}`).waitFor();
      await items(page, 'Turni di oggi').first().waitFor();
      expect(await items(page, 'Turni di oggi').allInnerTexts()).toEqual([
        expect.stringMatching(/^Turno A \(06:00–14:00\)\s+Report: Bozza\s+1 stop pianificato, 1 stop non pianificato$/),
        expect.stringMatching(/^Turno E \(08:00–16:00\)\s+Report: Non iniziato\s+1 stop non pianificato$/),
        expect.stringMatching(/^Turno B \(14:00–22:00\)\s+Report: Non iniziato\s+Nessuno stop$/),
        expect.stringMatching(/^Turno C \(22:00–06:00\)\s+Report: Non iniziato\s+Nessuno stop$/),
      ]);
      expect(await items(page, 'Azioni DBR da fare oggi').allInnerTexts()).toEqual([expect.stringMatching(/^Pulire i sensori della tappatrice\s+Turno C · Rossi$/)]);
      expect(await noSideScroll(page)).toBe(true);
      await screenshot(page, `start-operatore-${size}`);

      await page.getByRole('link', { name: 'Turno A (06:00–14:00)' }).click();
      await page.waitForURL((u) => u.pathname === '/report-operatore' && u.search === `?day=${TODAY}&shift_code=A&line_id=1`);
      await page.waitForFunction(() => (document.getElementById('line-log-notes') as HTMLTextAreaElement | null)?.value === 'Bozza di oggi');

      await page.goBack();
      await page.getByRole('link', { name: 'Pulire i sensori della tappatrice' }).click();
      await page.waitForURL((u) => u.pathname === '/daily-routine-operatore');
      await page.getByRole('table').getByText('Pulire i sensori della tappatrice').waitFor();
    });

    it(`/miglioramento lists the reports to review, the stops without a root cause and the overdue DBR actions, each leading to its page (${size})`, async () => {
      const { page } = await suite.newPage(viewport);
      await loginAndOpen(page, 'support', '/miglioramento');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('SUPPORTO OPERATIVO');
      await items(page, 'Report da rivedere').first().waitFor();
      expect(await items(page, 'Report da rivedere').allInnerTexts()).toEqual([
        expect.stringMatching(new RegExp(`^Linea 1 · Turno A del ${formatItalianDate(YESTERDAY)}\\s+Inviato da frontline il `)),
      ]);
      expect(await items(page, 'Stop senza causa radice').allInnerTexts()).toEqual([
        expect.stringMatching(new RegExp(`^Linea 1 · ${stopCode}\\s+Filler · ${TODAY.slice(8, 10)}/${TODAY.slice(5, 7)} 08:10–08:25$`)),
      ]);
      expect(await items(page, 'Azioni DBR scadute').allInnerTexts()).toEqual([
        expect.stringMatching(new RegExp(`^Controllare l’etichettatrice\\s+Linea 1 · Turno A del ${YESTERDAY.slice(8, 10)}/${YESTERDAY.slice(5, 7)} · Rossi$`)),
      ]);
      expect(await noSideScroll(page)).toBe(true);
      await screenshot(page, `start-miglioramento-${size}`);

      await section(page, 'Report da rivedere')
        .getByRole('link', { name: /^Linea 1 · Turno A/ })
        .click();
      await page.waitForURL((u) => u.pathname === '/report-miglioramento' && u.search === `?day=${YESTERDAY}&shift_code=A&line_id=1`);
      await page.waitForFunction(() => (document.getElementById('line-log-notes') as HTMLTextAreaElement | null)?.value === 'Turno di ieri');

      await page.goBack();
      await section(page, 'Stop senza causa radice')
        .getByRole('link', { name: `Linea 1 · ${stopCode}` })
        .click();
      await page.waitForURL((u) => u.pathname === '/rca-miglioramento' && u.search === `?stop=${stopId}&day=${TODAY}&line_id=1`);
      await page.getByRole('dialog', { name: /^Analisi dello stop del/ }).waitFor();
      await expect(page.getByLabel('Data da').inputValue()).resolves.toBe(TODAY);
      await screenshot(page, `start-miglioramento-rca-${size}`);

      await page.goBack();
      await page.getByRole('link', { name: 'Controllare l’etichettatrice' }).click();
      await page.waitForURL((u) => u.pathname === '/azioni-dbr-miglioramento' && u.search === `?day=${YESTERDAY}&line_id=1`);
      await page.getByRole('table').getByText('Controllare l’etichettatrice').waitFor();
    });
  }

  for (const [size, viewport] of [
    ['tablet', TABLET_VIEWPORT],
    ['phone', PHONE_VIEWPORT],
  ] as const) {
    it(`names each button of the line log's stop tables by what it does (issue 22), ${size}`, async () => {
      const { page } = await suite.newPage(viewport);
      await loginAndOpen(page, 'frontline', `/report-operatore?day=${TODAY}&shift_code=A&line_id=1`);
      const planned = page.getByRole('table', { name: 'Stop pianificati', exact: true });
      const unplanned = page.getByRole('table', { name: 'Stop non pianificati', exact: true });
      await unplanned.getByText('08:10–08:25').waitFor();
      // The visible words stay the spec's and ours ('Elimina', 'Storico'); the names say which stop.
      const named = async (table: typeof planned, name: string, text: string) => {
        const button = table.getByRole('button', { name, exact: true });
        await expect(button.textContent()).resolves.toBe(text);
        return button;
      };
      const remove = await named(planned, 'Elimina stop pianificato delle 06:00', 'Elimina');
      await expect(remove.getAttribute('title')).resolves.toBe('Elimina stop pianificato delle 06:00–06:30');
      await named(unplanned, 'Elimina stop non pianificato delle 08:10', 'Elimina');
      await named(planned, 'Storico modifiche – Stop pianificato delle 06:00–06:30', 'Storico');
      await named(unplanned, 'Storico modifiche – Stop non pianificato delle 08:10–08:25', 'Storico');
      if (size === 'tablet') {
        await expect(unplanned.getByRole('button', { name: 'Orario', exact: true }).getAttribute('title')).resolves.toBe('Ordina per Orario');
      } else {
        // On a phone each table has its own search toggle, named with its table.
        for (const name of ['Stop pianificati', 'Stop non pianificati']) await page.getByRole('button', { name: `Cerca – ${name}`, exact: true }).waitFor();
        await page.getByRole('button', { name: 'Cerca – Stop non pianificati', exact: true }).click();
        await page.getByRole('button', { name: 'Chiudi ricerca – Stop non pianificati', exact: true }).waitFor();
      }
      await remove.click();
      await page.getByRole('dialog', { name: 'Conferma eliminazione' }).getByText('06:00–06:30').waitFor();
      await screenshot(page, `line-log-button-names-${size}`);
    });
  }

  it("gives the admin a 'Generazione turni' link in a sidebar that shows every link at 1280×800 and in the phone's drawer", async () => {
    const { page } = await suite.newPage(TABLET_VIEWPORT);
    await openAs(page, 'admin', '/DBRConstantsForm');
    const link = page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Generazione turni', exact: true });
    await link.waitFor();
    const nav = await page.locator('.sidebar-nav').evaluate((el) => [el.scrollHeight, el.clientHeight]);
    expect(nav[0]).toBeLessThanOrEqual(nav[1]!);
    for (const name of ['Generazione turni', 'Proiezioni', 'Riferimento API']) await expect(page.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'start-admin-sidebar-tablet');
    await link.click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.getByRole('heading', { level: 1, name: 'ADMIN – Generazione Turni' }).waitFor();

    const phone = (await suite.newPage(PHONE_VIEWPORT)).page;
    await openAs(phone, 'admin', '/DBRConstantsForm');
    await phone.getByRole('button', { name: 'Apri menu' }).click();
    const drawerLink = phone.getByRole('link', { name: 'Generazione turni', exact: true });
    await drawerLink.scrollIntoViewIfNeeded();
    await expect(drawerLink.isVisible()).resolves.toBe(true);
    await screenshot(phone, 'start-admin-sidebar-phone');
    await drawerLink.click();
    await phone.waitForURL((u) => u.pathname === '/admin');
  });
});
