/**
 * The Root Cause Tool's analysis panel (issue 22, item 5) on the tablet and on a phone: 'Analizza'
 * opens a panel at least 700 px wide (the whole screen on a phone) with 'Causa radice', the five
 * whys, the 6M category and 'Soluzione'; each field saves when it is left (the category when it is
 * chosen); after a reload the panel shows what was saved, and the API answers it.
 */
import type { Page } from 'playwright-core';
import { callApi } from '../support/apiClient.js';
import { PHONE_VIEWPORT, screenshot, TABLET_VIEWPORT } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { eventually, loginTo } from '../support/pageActions.js';

describeWith(['postgres', 'chromium'])('the Root Cause analysis panel', () => {
  const suite = browserSuite();
  let token = '';
  const stops: number[] = [];
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(suite.app.url, token, method, path, body);

  beforeAll(async () => {
    token = await suite.app.login('support');
    expect((await api('PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: null })).status).toBe(200);
    const workpoint = (await api<Array<{ id: number }>>('GET', '/factory/workpoints?equipment_id=1')).body[0]!.id;
    const code = (await api<Array<{ id: number }>>('GET', `/factory/stop_codes?workpoint_id=${workpoint}`)).body[0]!.id;
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    // One stop per size, so each test analyses a stop of its own.
    for (const [from, to] of [
      [120, 100],
      [60, 50],
    ]) {
      const r = await api<{ id: number }>('POST', '/factory/stop_events', {
        workpoint_id: workpoint,
        stop_code_id: code,
        triggering_event_id: 1,
        failure_mode: 'Coclea bloccata',
        corrective_action: 'Riavvio',
        start_time: at(from!),
        end_time: at(to!),
      });
      expect(r.status).toBe(201);
      stops.push(r.body.id);
    }
  });

  async function openPanel(page: Page, index: number) {
    await page.goto('/rca-miglioramento');
    const button = page.getByRole('button', { name: /^Analizza lo stop del/ }).nth(index);
    await button.click();
    return page.getByRole('dialog', { name: /^Analisi dello stop del/ });
  }

  for (const [size, viewport, index] of [
    ['tablet', TABLET_VIEWPORT, 0],
    ['phone', PHONE_VIEWPORT, 1],
  ] as const) {
    it(`edits an analysis in a wide panel and keeps it after a reload, ${size}`, async () => {
      const { page } = await suite.newPage(viewport);
      await loginTo(page, 'support');
      const panel = await openPanel(page, index);
      const width = (await panel.boundingBox())!.width;
      expect(width).toBeGreaterThanOrEqual(Math.min(700, viewport.width));
      const box = (name: string) => panel.getByRole('textbox', { name: new RegExp(`^${name},`) });
      await box('Causa radice').fill('Guida della coclea usurata');
      await box('Perché 1').fill('La bottiglia si è inclinata');
      await box('Perché 2').fill('La guida era consumata');
      await box('Soluzione').click(); // the why loses focus: autosave
      await panel.getByLabel('Categoria 6M').selectOption('Macchina');
      await box('Soluzione').fill('Sostituita la guida');
      await panel.getByRole('button', { name: 'Chiudi' }).last().click();
      expect(await page.getByRole('dialog').count()).toBe(0);
      const stopId = stops[index]!; // the list is by downtime: the 20-minute stop (the first recorded) first
      await eventually(async () =>
        expect((await api('GET', `/factory/root_cause/${stopId}`)).body).toEqual({
          stop_event_id: stopId,
          root_cause: 'Guida della coclea usurata',
          troubleshooting: 'Sostituita la guida',
          whys: ['La bottiglia si è inclinata', 'La guida era consumata', '', '', ''],
          category: 'Macchina',
        }),
      );
      await page.reload();
      const again = await openPanel(page, index);
      await expect(box('Perché 2').inputValue()).resolves.toBe('La guida era consumata');
      await expect(again.getByLabel('Categoria 6M').inputValue()).resolves.toBe('Macchina');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `rca-panel-${size}`);
      await page.keyboard.press('Escape');
      expect(await page.getByRole('dialog').count()).toBe(0);
    }, 120_000);
  }
});
