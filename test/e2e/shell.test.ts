/**
 * The web shell in a real browser against the real API (fresh database, demo users):
 * login, the role's sidebar sections (spec §6), hidden links, the session check and logout.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot, TABLET_VIEWPORT } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { fillLogin, readyNav } from '../support/pageActions.js';

const SECTIONS: Array<[string, string[]]> = [
  ['frontline', ['LINEA DI PRODUZIONE']],
  ['support', ['SUPPORTO OPERATIVO']],
  ['demoit', ['LINEA DI PRODUZIONE', 'ASSISTENTE', 'SUPPORTO OPERATIVO']],
  ['demoen', ['LINEA DI PRODUZIONE', 'ASSISTANT', 'SUPPORTO OPERATIVO']],
  ['admin', ['LINEA DI PRODUZIONE', 'ASSISTENTE', 'ASSISTANT', 'SUPPORTO OPERATIVO', 'ADMIN']],
];
const HIDDEN = ['/inserimento-loss-ai-operatore', '/inserimento-pianificate-ai-operatore', '/azioni-dbr-miglioramento'];

const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describeWith(['postgres', 'chromium'])('web shell', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    ({ context, page } = await suite.newPage(TABLET_VIEWPORT, 10_000));
  });

  it.each(SECTIONS)('%s logs in and sees exactly its sidebar sections', async (role, titles) => {
    await fillLogin(page, role);
    await page.waitForURL((u) => u.pathname === '/setup');
    expect(await storage(page, 'token')).toBeTruthy();
    expect(await storage(page, 'role')).toBe(role);

    await page.goto('/');
    const nav = readyNav(page);
    await nav.waitFor();
    expect(await nav.locator('h2').allTextContents()).toEqual(titles);
    for (const path of HIDDEN) expect(await page.locator(`a[href="${path}"]`).count()).toBe(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Benvenuti');
    await expect(page.getByTestId('sidebar-title').textContent()).resolves.toBe('HOME');
    if (role === 'admin') await screenshot(page, 'shell-admin');
  });

  it('goes straight home when the station defaults are stored (support needs no equipment)', async () => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('shop_floor_id', '1');
      localStorage.setItem('line_id', '1');
    });
    await fillLogin(page, 'support');
    await page.waitForURL((u) => u.pathname === '/');
    await readyNav(page).waitFor();
  });

  it('shows Credenziali non valide on a wrong password and stays on /login', async () => {
    await page.goto('/login');
    // The login page is its own chunk: wait for its form, not only for the navigation.
    await page.getByLabel('Password').waitFor();
    await screenshot(page, 'shell-login');
    await fillLogin(page, 'frontline', 'wrong-password');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Credenziali non valide');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storage(page, 'token')).toBeNull();
  });

  it('sends a stale token back to /login and removes it', async () => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('token', 'stale.token.value'));
    await page.goto('/report-operatore');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await storage(page, 'token')).toBeNull();
  });

  it('shows the path title, the clock, Cambia stazione and logs out', async () => {
    await fillLogin(page, 'admin');
    await page.waitForURL((u) => u.pathname === '/setup');
    await page.goto('/DBRConstantsForm');
    await readyNav(page).waitFor();
    await expect(page.getByTestId('sidebar-title').textContent()).resolves.toBe('ADMIN PANEL');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Edit DBR Constants');
    expect(await page.getByTestId('clock').textContent()).toMatch(/\d{2}:\d{2}.*\d{2}\/\d{2}\/\d{4}/);
    expect(await page.getByRole('link', { name: 'Cambia stazione' }).getAttribute('href')).toBe('/setup');

    await page.goto('/non-esiste');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Pagina non trovata');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await storage(page, 'token')).toBeNull();
  });

  it('collapses the sidebar into a drawer on a phone', async () => {
    await context.close();
    ({ context, page } = await suite.newPage({ width: 390, height: 844 }, 10_000));
    await page.goto('/login');
    await page.getByLabel('Password').waitFor();
    await screenshot(page, 'shell-login-phone');
    await fillLogin(page, 'demoit');
    await page.waitForURL((u) => u.pathname === '/setup');
    await page.goto('/report-operatore');
    await readyNav(page).waitFor({ state: 'attached' });
    const cruscotto = page.getByRole('link', { name: 'Cruscotto' });
    expect(await cruscotto.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Apri menu' }).click();
    await cruscotto.waitFor({ state: 'visible' });
    await cruscotto.click();
    await page.waitForURL((u) => u.pathname === '/dashboard-operatore');
    await cruscotto.waitFor({ state: 'hidden' });
  });
});
