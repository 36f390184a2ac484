/**
 * Admin shift generation (/admin) in a real browser against the real API (foundations §2 Admin,
 * §5, §8): the default station and role, the current month as default range, generation, the
 * disabled button for a reversed range, and the server's refusal shown as 'Errore: ...'.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { currentMonthRange } from '../../web/src/features/shifts/model/shiftRange.js';
import { screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { fillLogin, readyNav } from '../support/pageActions.js';

describeWith(['postgres', 'chromium'])('admin shift generation', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;

  const shiftsIn = async (from: string, to: string) => {
    const q = new URLSearchParams({ shop_floor_id: '1', date_from: from, date_to: to, extraShift: 'true' });
    const res = await fetch(`${suite.app.url}/factory/shifts-range?${q}`, { headers: { authorization: `Bearer ${adminToken}` } });
    return (await res.json()) as Array<{ shift_day: string }>;
  };

  /** Logs the admin in (the station saved on the server fills local storage) and opens /admin. */
  async function openAdmin(): Promise<{ start: Locator; end: Locator; button: Locator }> {
    await fillLogin(page, 'admin');
    await page.waitForURL((u) => u.pathname === '/');
    // Let the session check answer first: a /me aborted by the reload below counts as a failed
    // check in Layout and would remove the token.
    await readyNav(page).waitFor({ state: 'attached' });
    await page.goto('/admin');
    await readyNav(page).waitFor({ state: 'attached' });
    return {
      start: page.getByLabel('Data inizio'),
      end: page.getByLabel('Data fine'),
      button: page.getByRole('button', { name: 'Genera turni' }),
    };
  }

  beforeAll(async () => {
    adminToken = await suite.app.login('admin');
    const res = await fetch(`${suite.app.url}/factory/default_station`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shopFloorId: 1, lineId: 2, equipmentId: 6 }),
    });
    expect(res.status).toBe(200);
  });
  beforeEach(async () => {
    ({ context, page } = await suite.newPage());
  });

  it('shows the default station and role, defaults to the current month and generates shifts', async () => {
    const { start, end, button } = await openAdmin();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('ADMIN – Generazione Turni');
    await expect(page.getByTestId('station-shop-floor').textContent()).resolves.toBe('Confezionamento');
    await expect(page.getByTestId('station-line').textContent()).resolves.toBe('Linea 2');
    await expect(page.getByTestId('station-equipment').textContent()).resolves.toBe('Cartoner');
    await expect(page.getByTestId('station-role').textContent()).resolves.toBe('admin');
    // The sidebar's words (foundations §2 Sidebar: 'Cambia stazione'), the same link on the page.
    await expect(page.locator('.station-summary').getByRole('link', { name: 'Cambia stazione', exact: true }).getAttribute('href')).resolves.toBe('/setup');

    const month = currentMonthRange();
    expect([await start.inputValue(), await end.inputValue()]).toEqual([month.start, month.end]);
    expect(await button.isEnabled()).toBe(true);
    await screenshot(page, 'admin');

    // A month far ahead, beyond the demo's shifts.
    await start.fill('2031-03-01');
    await end.fill('2031-03-31');
    expect(await shiftsIn('2031-03-01', '2031-03-31')).toHaveLength(0);
    await button.click();
    const status = page.getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toMatch(/^✓Turni generati con successo \((\d+) nuovi turni\)$/);
    const created = Number(/\((\d+) nuovi/.exec((await status.textContent()) ?? '')?.[1]);
    const shifts = await shiftsIn('2031-03-01', '2031-03-31');
    expect(shifts.length).toBe(created);
    expect(new Set(shifts.map((s) => s.shift_day)).size).toBe(31);
    await screenshot(page, 'admin-success');

    // The same range again creates nothing new, and says so.
    await button.click();
    await page.getByText('Turni generati con successo (nessun nuovo turno: erano già tutti presenti)').waitFor();
    expect(await shiftsIn('2031-03-01', '2031-03-31')).toHaveLength(created);
  });

  it('disables Genera turni while the end precedes the start', async () => {
    const { start, end, button } = await openAdmin();
    await start.fill('2031-05-10');
    await end.fill('2031-05-09');
    expect(await button.isDisabled()).toBe(true);
    await page.getByText('La data di fine precede la data di inizio.').waitFor();
    await end.fill('2031-05-10');
    expect(await button.isEnabled()).toBe(true);
    await end.fill('');
    expect(await button.isDisabled()).toBe(true);
  });

  it("shows 'Errore: ' and the server's message when the server refuses", async () => {
    const { start, end, button } = await openAdmin();
    await start.fill('2031-01-01');
    await end.fill('2032-01-02');
    await button.click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('!Errore: Intervallo troppo lungo: al massimo 366 giorni');
    await screenshot(page, 'admin-error');
    expect(await shiftsIn('2031-01-01', '2031-01-31')).toHaveLength(0);
  });

  it('keeps the button disabled without a default shop floor', async () => {
    await fillLogin(page, 'demoen');
    await page.waitForURL((u) => u.pathname === '/setup');
    await page.goto('/admin');
    await page.getByText('Scegli prima una stazione di default: i turni si generano per il suo reparto.').waitFor();
    expect(await page.getByRole('button', { name: 'Genera turni' }).isDisabled()).toBe(true);
    await expect(page.getByTestId('station-shop-floor').textContent()).resolves.toBe('—');
  });

  it('fits a phone in portrait', async () => {
    await context.close();
    ({ context, page } = await suite.newPage({ width: 390, height: 844 }));
    await openAdmin();
    await page.getByRole('button', { name: 'Genera turni' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-phone');
  });
});
