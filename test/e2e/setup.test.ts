/**
 * Station setup (/setup) and the login flow around it, in a real browser against the real API
 * (foundations §2 Setup, §4 Setup/Login, §5): the cycling selectors, the clearing rules, local
 * storage, the station saved on the server and followed to another device, support without
 * equipment, and a failed save.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { importPlant } from '../../seed/plantImport.js';
import { readDemoPlantFile } from '../../seed/demoPlant.js';
import { screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { fillLogin, optionsLoaded, shownOption } from '../support/pageActions.js';

const DISABLED_TEXT = 'Seleziona la stazione di default';
const ENABLED_TEXT = 'Vai alla home';
const KEYS = ['shop_floor_id', 'shop_floor_name', 'line_id', 'line_name', 'equipment_id', 'equipment_name'];

const stored = (page: Page) => page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), KEYS);

/** The select of a labelled cycling field, and its previous/next buttons. */
function cycling(page: Page, label: string): { select: Locator; prev: Locator; next: Locator } {
  const field = page.locator('.cycling-select').filter({ has: page.getByLabel(label, { exact: true }) });
  return {
    select: page.getByLabel(label, { exact: true }),
    prev: field.getByRole('button', { name: 'Precedente' }),
    next: field.getByRole('button', { name: 'Successivo' }),
  };
}

/** The text of the selected option (the placeholder while nothing is chosen). */
const optionTexts = (select: Locator) => select.evaluate((s: HTMLSelectElement) => [...s.options].filter((o) => !o.disabled).map((o) => o.text));

describeWith(['postgres', 'chromium'])('station setup', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  let page: Page;

  const serverStation = async (username: string) => {
    const res = await fetch(`${suite.app.url}/factory/default_station`, { headers: { authorization: `Bearer ${await suite.app.login(username)}` } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    // A second shop floor, so changing Reparto can be seen clearing Linea and Stazione.
    const plant = readDemoPlantFile() as { shopFloors: unknown[] };
    plant.shopFloors.push({
      name: 'Stampaggio',
      units: { unit1: 'kg' },
      lines: [{ name: 'Pressa A', referenceMachine: 'Pressa 1', equipments: [{ name: 'Stampo' }] }],
    });
    await importPlant(suite.app.deps, plant);
    await suite.app.deps.engine.settle();
  });
  beforeEach(async () => {
    ({ context, page } = await suite.newPage());
  });

  it('lets frontline choose a station with the cycling buttons, saves it, and it follows the user', async () => {
    await fillLogin(page, 'frontline');
    await page.waitForURL((u) => u.pathname === '/setup');
    const button = page.locator('form.station-setup button[type="submit"]');
    await expect(button.textContent()).resolves.toBe(DISABLED_TEXT);
    expect(await button.isDisabled()).toBe(true);

    const reparto = cycling(page, 'Reparto');
    const linea = cycling(page, 'Linea');
    const stazione = cycling(page, 'Stazione');
    await expect(shownOption(reparto.select)).resolves.toBe('Seleziona Reparto');
    await expect(shownOption(linea.select)).resolves.toBe('Seleziona Linea');
    await expect(shownOption(stazione.select)).resolves.toBe('Seleziona Stazione');
    await screenshot(page, 'setup-empty');

    await reparto.next.click();
    await expect(shownOption(reparto.select)).resolves.toBe('Confezionamento');
    await reparto.next.click();
    await expect(shownOption(reparto.select)).resolves.toBe('Stampaggio');
    await reparto.next.click(); // wraps around
    await expect(shownOption(reparto.select)).resolves.toBe('Confezionamento');

    await linea.next.waitFor();
    await optionsLoaded(page, 'line_id');
    await linea.prev.click(); // from the placeholder, previous picks the last
    await expect(shownOption(linea.select)).resolves.toBe('Linea 3');
    await linea.next.click(); // and wraps to the first
    await expect(shownOption(linea.select)).resolves.toBe('Linea 1');
    await linea.select.selectOption({ label: 'Linea 2' });
    expect(await stored(page)).toMatchObject({ shop_floor_id: '1', shop_floor_name: 'Confezionamento', line_id: '2', line_name: 'Linea 2', equipment_id: null });
    await expect(button.textContent()).resolves.toBe(DISABLED_TEXT);

    await optionsLoaded(page, 'equipment_id');
    await page.waitForFunction(() => (document.querySelector('select[name="equipment_id"]') as HTMLSelectElement).options[1]?.text.endsWith('(rif. Riempitrice L2)'));
    expect(await optionTexts(stazione.select)).toEqual(['Filler (rif. Riempitrice L2)', 'Capper (rif. Riempitrice L2)', 'Cartoner (rif. Riempitrice L2)']);
    await stazione.prev.click();
    await expect(shownOption(stazione.select)).resolves.toBe('Cartoner (rif. Riempitrice L2)');
    await stazione.next.click();
    await expect(shownOption(stazione.select)).resolves.toBe('Filler (rif. Riempitrice L2)');
    await stazione.select.selectOption({ label: 'Capper (rif. Riempitrice L2)' });
    await expect(button.textContent()).resolves.toBe(ENABLED_TEXT);
    expect(await button.isEnabled()).toBe(true);
    await screenshot(page, 'setup-complete');

    await button.click();
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByRole('heading', { level: 1, name: 'Benvenuti' }).waitFor();
    expect(await stored(page)).toEqual({
      shop_floor_id: '1',
      shop_floor_name: 'Confezionamento',
      line_id: '2',
      line_name: 'Linea 2',
      equipment_id: '5',
      equipment_name: 'Capper',
    });
    expect(await serverStation('frontline')).toEqual({
      status: 200,
      body: { shopFloorId: 1, lineId: 2, equipmentId: 5, shopFloorName: 'Confezionamento', lineName: 'Linea 2', equipmentName: 'Capper' },
    });

    // Another device: nothing stored there, the login fetches the station and goes home.
    const other = await suite.newPage();
    try {
      await fillLogin(other.page, 'frontline');
      await other.page.waitForURL((u) => u.pathname === '/');
      expect(await stored(other.page)).toMatchObject({ line_id: '2', line_name: 'Linea 2', equipment_id: '5', equipment_name: 'Capper' });

      // Cambia stazione starts from the saved choice.
      await other.page.getByRole('link', { name: 'Cambia stazione' }).click();
      await other.page.waitForURL((u) => u.pathname === '/setup');
      await other.page.waitForFunction(() => (document.querySelector('select[name="equipment_id"]') as HTMLSelectElement)?.value === '5');
      await expect(shownOption(cycling(other.page, 'Linea').select)).resolves.toBe('Linea 2');
      await expect(other.page.locator('form.station-setup button[type="submit"]').textContent()).resolves.toBe(ENABLED_TEXT);
    } finally {
      await other.context.close();
    }
  });

  it('clears Linea and Stazione when Reparto changes, and Stazione when Linea changes', async () => {
    await fillLogin(page, 'demoit');
    await page.waitForURL((u) => u.pathname === '/setup');
    const reparto = cycling(page, 'Reparto');
    const linea = cycling(page, 'Linea');
    const stazione = cycling(page, 'Stazione');
    const button = page.locator('form.station-setup button[type="submit"]');

    await reparto.select.selectOption({ label: 'Confezionamento' });
    await linea.select.selectOption({ label: 'Linea 1' });
    await optionsLoaded(page, 'equipment_id');
    await stazione.select.selectOption('1');
    await expect(button.textContent()).resolves.toBe(ENABLED_TEXT);

    await linea.select.selectOption({ label: 'Linea 3' });
    await expect(shownOption(stazione.select)).resolves.toBe('Seleziona Stazione');
    await expect(button.textContent()).resolves.toBe(DISABLED_TEXT);
    expect(await stored(page)).toMatchObject({ line_id: '3', equipment_id: null, equipment_name: null });

    await optionsLoaded(page, 'equipment_id');
    await stazione.select.selectOption('7');
    await expect(button.textContent()).resolves.toBe(ENABLED_TEXT);

    await reparto.select.selectOption({ label: 'Stampaggio' });
    await expect(shownOption(linea.select)).resolves.toBe('Seleziona Linea');
    await expect(shownOption(stazione.select)).resolves.toBe('Seleziona Stazione');
    await expect(button.textContent()).resolves.toBe(DISABLED_TEXT);
    expect(await stored(page)).toEqual({
      shop_floor_id: '2',
      shop_floor_name: 'Stampaggio',
      line_id: null,
      line_name: null,
      equipment_id: null,
      equipment_name: null,
    });
    await optionsLoaded(page, 'line_id');
    expect(await optionTexts(linea.select)).toEqual(['Pressa A']);

    // A reload starts from what local storage holds.
    await page.reload();
    await page.waitForFunction(() => (document.querySelector('select[name="shop_floor_id"]') as HTMLSelectElement)?.value === '2');
    await expect(shownOption(linea.select)).resolves.toBe('Seleziona Linea');
  });

  it('lets support go home with shop floor and line only', async () => {
    await fillLogin(page, 'support');
    await page.waitForURL((u) => u.pathname === '/setup');
    const button = page.locator('form.station-setup button[type="submit"]');
    await cycling(page, 'Reparto').next.click();
    await expect(button.textContent()).resolves.toBe(DISABLED_TEXT);
    await optionsLoaded(page, 'line_id');
    await cycling(page, 'Linea').select.selectOption({ label: 'Linea 3' });
    await expect(button.textContent()).resolves.toBe(ENABLED_TEXT);
    await expect(page.getByText('Per il supporto operativo la stazione è facoltativa.').isVisible()).resolves.toBe(true);

    await button.click();
    await page.waitForURL((u) => u.pathname === '/home');
    expect(await stored(page)).toMatchObject({ shop_floor_id: '1', line_id: '3', line_name: 'Linea 3', equipment_id: null });
    expect((await serverStation('support')).body).toMatchObject({ lineId: 3, equipmentId: null, equipmentName: null });
  });

  it('shows an Italian error and keeps the choice when saving fails', async () => {
    await page.route('**/factory/default_station', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Servizio non disponibile' } }),
          })
        : route.continue(),
    );
    await fillLogin(page, 'demoen');
    await page.waitForURL((u) => u.pathname === '/setup');
    await cycling(page, 'Reparto').select.selectOption({ label: 'Confezionamento' });
    await optionsLoaded(page, 'line_id');
    await cycling(page, 'Linea').select.selectOption({ label: 'Linea 1' });
    await optionsLoaded(page, 'equipment_id');
    await cycling(page, 'Stazione').select.selectOption('2');
    await page.getByRole('button', { name: ENABLED_TEXT }).click();

    await expect(page.getByRole('alert').textContent()).resolves.toBe('Salvataggio della stazione non riuscito: Servizio non disponibile');
    expect(new URL(page.url()).pathname).toBe('/setup');
    await expect(cycling(page, 'Stazione').select.inputValue()).resolves.toBe('2');
    await expect(page.getByRole('button', { name: ENABLED_TEXT }).isEnabled()).resolves.toBe(true);
    await screenshot(page, 'setup-error');
    expect(await serverStation('demoen')).toEqual({ status: 200, body: null });
  });

  it('fits a phone in portrait', async () => {
    await context.close();
    ({ context, page } = await suite.newPage({ width: 390, height: 844 }));
    await fillLogin(page, 'admin');
    await page.waitForURL((u) => u.pathname === '/setup');
    await cycling(page, 'Reparto').next.click();
    await optionsLoaded(page, 'line_id');
    await cycling(page, 'Linea').next.click();
    await optionsLoaded(page, 'equipment_id');
    await cycling(page, 'Stazione').next.click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'setup-phone');
  });
});
