/**
 * The DBR constants editor (/DBRConstantsForm) in a real browser against the real API
 * (foundations §2, §5, §8): department then line, the labels, saving with the alert and
 * 'Constants updated successfully!', empty or non-numeric fields marked before anything is sent
 * (the server's own 400 is covered by its API test), and a non-admin's refused save.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { fillLogin, optionsLoaded } from '../support/pageActions.js';

const SAVE = 'Save This Line Changes';

/** Opens the editor and picks Reparto and a line with the selects. */
async function openLine(page: Page, line: string): Promise<void> {
  await page.goto('/DBRConstantsForm');
  await pickLine(page, line);
}

/** Picks Reparto and a line on the open editor. */
async function pickLine(page: Page, line: string): Promise<void> {
  await optionsLoaded(page, 'shop_floor_id');
  await page.getByLabel('Reparto', { exact: true }).selectOption({ label: 'Confezionamento' });
  await optionsLoaded(page, 'line_id');
  await page.getByLabel('Linea', { exact: true }).selectOption({ label: line });
  await page.getByRole('button', { name: SAVE }).waitFor();
}

describeWith(['postgres', 'chromium'])('DBR constants editor', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  let page: Page;

  const constantsOf = async (lineId: number) => {
    const res = await fetch(`${suite.app.url}/factory/dbr_constants/${lineId}`, { headers: { authorization: `Bearer ${await suite.app.login('admin')}` } });
    return (await res.json()) as Record<string, number | null>;
  };

  beforeEach(async () => {
    ({ context, page } = await suite.newPage());
  });

  it('lets the admin edit a line, save with an alert, and finds the value after a reload', async () => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(`${d.type()}:${d.message()}`);
      void d.accept();
    });
    await fillLogin(page, 'admin');
    await page.waitForURL((u) => u.pathname === '/setup');
    await page.goto('/DBRConstantsForm');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Edit DBR Constants');
    expect(await page.getByRole('button', { name: SAVE }).count()).toBe(0);
    await pickLine(page, 'Linea 3');

    await expect(page.getByLabel('Design Speed (pz / ora)').inputValue()).resolves.toBe('8000');
    for (const label of [
      'Default Uptime (set to 0)',
      'Default MTBF (set to 0)',
      'Default Waste (set to 0)',
      'Default Volume (set to 0)',
      'Dashboard Uptime min (0-1)',
      'Dashboard Uptime max (0-1)',
      'Dashboard MTBF min (0-480)',
      'Dashboard MTBF max (0-480)',
      'Dashboard Waste min (0-1)',
      'Dashboard Waste max (0-1)',
      'Target Uptime (0-1)',
      'Target MTBF (0-480)',
      'Target Waste (0-1)',
    ]) {
      expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
    }
    expect(await page.locator('form.dbr-form input').count()).toBe(14);
    expect(await page.locator('input[name="line_id"]').count()).toBe(0);
    await screenshot(page, 'dbr-constants');

    const target = page.getByLabel('Target Uptime (0-1)');
    await target.fill('0,83');
    await page.getByLabel('Target MTBF (0-480)').fill('150.5');
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByText('Constants updated successfully!').waitFor();
    expect(dialogs).toEqual(['alert:Constants updated successfully!']);
    await expect(target.inputValue()).resolves.toBe('0.83');
    expect(await constantsOf(3)).toMatchObject({ ut_threshold: 0.83, mtbf_threshold: 150.5, def_speed: 8000 });
    await screenshot(page, 'dbr-constants-saved');
    await screenshot(page, 'dbr-constants-viewport', { viewportOnly: true });

    await page.reload();
    await pickLine(page, 'Linea 3');
    await expect(page.getByLabel('Target Uptime (0-1)').inputValue()).resolves.toBe('0.83');
    await expect(page.getByLabel('Target MTBF (0-480)').inputValue()).resolves.toBe('150.5');
  });

  it('marks empty and non-numeric fields itself and sends nothing until they are fixed', async () => {
    page.on('dialog', (d) => void d.dismiss());
    await fillLogin(page, 'admin');
    await page.waitForURL((u) => u.pathname === '/setup');
    await openLine(page, 'Linea 1');
    const before = await constantsOf(1);
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts.push(r.url());
    });

    await page.getByLabel('Target Waste (0-1)').fill('poco');
    await page.getByLabel('Default Volume (set to 0)').fill('');
    await page.getByLabel('Design Speed (pz / ora)').fill('12500');
    await page.getByRole('button', { name: SAVE }).click();

    await page.locator('#dbr-def_volume-error').waitFor();
    await expect(page.getByLabel('Target Waste (0-1)').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByLabel('Default Volume (set to 0)').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByLabel('Design Speed (pz / ora)').getAttribute('aria-invalid')).resolves.toBeNull();
    await expect(page.locator('#dbr-waste_threshold-error').textContent()).resolves.toBe('Deve essere un numero');
    await expect(page.locator('#dbr-def_volume-error').textContent()).resolves.toBe('Obbligatorio');
    // The first marked field in the form's order takes the focus.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('dbr-def_volume');
    await expect(page.getByLabel('Target Waste (0-1)').inputValue()).resolves.toBe('poco');
    await expect(page.getByLabel('Design Speed (pz / ora)').inputValue()).resolves.toBe('12500');
    await screenshot(page, 'dbr-constants-marked');
    expect(puts).toEqual([]);
    expect(await constantsOf(1)).toEqual(before);

    // Fixing a field clears its mark.
    await page.getByLabel('Target Waste (0-1)').fill('0.03');
    await expect(page.getByLabel('Target Waste (0-1)').getAttribute('aria-invalid')).resolves.toBeNull();
  });

  it("tells a non-admin 'Failed to update constants.' and keeps the input", async () => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await fillLogin(page, 'frontline');
    await page.waitForURL((u) => u.pathname === '/setup');
    await openLine(page, 'Linea 2');
    await page.getByLabel('Target Uptime (0-1)').fill('0.99');
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByText('Failed to update constants.').waitFor();
    await page.getByText('Operazione non consentita per il tuo ruolo').waitFor();
    await expect(page.getByLabel('Target Uptime (0-1)').inputValue()).resolves.toBe('0.99');
    expect(dialogs).toEqual([]);
    expect((await constantsOf(2)).ut_threshold).not.toBe(0.99);
  });

  it("shows 'Failed to load DBR constants.' when the line's constants cannot be read", async () => {
    await page.route('**/factory/dbr_constants/2', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Errore interno' } }) }),
    );
    await fillLogin(page, 'admin');
    await page.waitForURL((u) => u.pathname === '/setup');
    await page.goto('/DBRConstantsForm');
    await optionsLoaded(page, 'shop_floor_id');
    await page.getByLabel('Reparto', { exact: true }).selectOption({ label: 'Confezionamento' });
    await optionsLoaded(page, 'line_id');
    await page.getByLabel('Linea', { exact: true }).selectOption({ label: 'Linea 2' });
    await page.getByText('Failed to load DBR constants.').waitFor();
    expect(await page.getByRole('button', { name: SAVE }).count()).toBe(0);
  });

  it('starts from the default station and fits a phone in portrait', async () => {
    await context.close();
    ({ context, page } = await suite.newPage({ width: 390, height: 844 }));
    const token = await suite.app.login('demoit');
    await fetch(`${suite.app.url}/factory/default_station`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shopFloorId: 1, lineId: 2, equipmentId: 4 }),
    });
    await fillLogin(page, 'demoit');
    await page.waitForURL((u) => u.pathname === '/');
    // Let the session check answer first: a /me aborted by the reload below counts as a failed
    // check in Layout and would remove the token.
    await page.locator('nav[aria-label="Menu principale"][data-ready="true"]').waitFor({ state: 'attached' });
    await page.goto('/DBRConstantsForm');
    await page.getByRole('button', { name: SAVE }).waitFor();
    await expect(page.getByLabel('Linea', { exact: true }).inputValue()).resolves.toBe('2');
    await expect(page.getByLabel('Design Speed (pz / ora)').inputValue()).resolves.toBe('10000');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dbr-constants-phone');
    await screenshot(page, 'dbr-constants-phone-viewport', { viewportOnly: true });
  });
});
