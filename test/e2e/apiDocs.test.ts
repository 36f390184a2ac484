/**
 * The 'Riferimento API' page (/api-docs, ADMIN section) in a real browser against the real API:
 * the admin finds it in the sidebar next to 'Proiezioni' and reads each call with its method,
 * path, action, roles and fields, on the tablet and the phone; an operator has no link to it.
 */
import type { Page } from 'playwright-core';
import { axeSeriousViolations, PHONE_VIEWPORT, screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { loginTo, openAs, readyNav } from '../support/pageActions.js';

describeWith(['postgres', 'chromium'])('API reference page', () => {
  const suite = browserSuite();
  let page: Page;

  beforeAll(async () => {
    // A default station, so the login lands on home rather than on /setup.
    for (const username of ['admin', 'frontline']) {
      const res = await fetch(`${suite.app.url}/factory/default_station`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${await suite.app.login(username)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ shopFloorId: 1, lineId: 1, equipmentId: 1 }),
      });
      expect(res.status).toBe(200);
    }
  });

  it("lets the admin open 'Riferimento API' from the ADMIN section and read a call", async () => {
    ({ page } = await suite.newPage());
    await loginTo(page, 'admin');
    const admin = readyNav(page).locator('section', { has: page.getByRole('heading', { name: 'ADMIN', exact: true }) });
    await expect(admin.getByRole('link').allTextContents()).resolves.toEqual(expect.arrayContaining(['Proiezioni', 'Riferimento API']));
    await page.getByRole('link', { name: 'Riferimento API' }).click();
    await page.waitForURL((u) => u.pathname === '/api-docs');
    await page.getByRole('heading', { level: 1, name: 'Riferimento API' }).waitFor();

    const del = page.getByTestId('apiref-op-DELETE /factory/dbr_actions/{id}');
    await del.waitFor();
    await expect(del.getByTestId('apiref-access').textContent()).resolves.toBe('Azione dbr_actions:write · ruoli: support, demoit, demoen, admin');
    await expect(del.getByTestId('apiref-field').first().textContent()).resolves.toMatch(/^id \(percorso, obbligatorio\)/);
    const login = page.getByTestId('apiref-op-POST /loginjwt');
    await expect(login.getByTestId('apiref-access').textContent()).resolves.toBe('Pubblica: senza login');
    await expect(login.getByText('application/x-www-form-urlencoded').count()).resolves.toBe(1);
    expect(await axeSeriousViolations(page)).toEqual([]);
    await screenshot(page, 'api-docs-tablet');

    await page.getByLabel('Cerca').fill('root_cause');
    await expect(page.locator('[data-testid^="apiref-group-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).resolves.toEqual([
      'apiref-group-root_cause',
      'apiref-group-history',
    ]);
  });

  it('fits a phone', async () => {
    ({ page } = await suite.newPage(PHONE_VIEWPORT));
    await openAs(page, 'admin', '/api-docs');
    await page.getByTestId('apiref-op-GET /factory/stop_events/unplanned').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'api-docs-phone');
  });

  it('gives an operator no link to it', async () => {
    ({ page } = await suite.newPage());
    await loginTo(page, 'frontline');
    await expect(page.getByRole('link', { name: 'Riferimento API' }).count()).resolves.toBe(0);
    await expect(page.locator('a[href="/api-docs"]').count()).resolves.toBe(0);
  });
});
