import { DateTime } from 'luxon';
/**
 * The DBR action pages in a real browser against the real API (foundations §2 'Attività
 * giornaliere' and 'Azioni DBR', §4, §5, §7): an improvement user creates an action through the
 * form and deletes another through 'Conferma eliminazione'; an operator ticks an action on the
 * daily page and unticks it; a failed tick puts the box back and says so; the daily list keeps
 * 'Fine gg' and no-equipment actions under the shift and equipment filters; phones get cards;
 * the form's text survives a reload and leaving asks first (issue 22).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { todayInRome } from '../../web/src/lib/dates.js';
import { callApi } from '../support/apiClient.js';
import { screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { eventually, loginAndOpen, optionsLoaded, reloadAccepting, shownOption } from '../support/pageActions.js';

const PHONE = { width: 390, height: 844 };
const DAILY_EMPTY = 'Nessuna azione DBR per i filtri correnti';
const EXISTING_EMPTY = 'Nessuna azione trovata per i filtri selezionati';

interface Action {
  id: number;
  activity: string;
  executed_at: string | null;
  due_shift_name: string | null;
  equipment_name: string | null;
}

describeWith(['postgres', 'chromium'])('DBR action pages', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  let page: Page;
  const tokens: Record<string, string> = {};
  // The pages default to today in Rome; a run that starts in the last minutes of a Roman day would
  // create its actions on one day and find the pages already on the next, so it starts after midnight.
  let today = todayInRome();
  const shiftIds: Record<string, number> = {};

  const api = <T>(method: string, path: string, as: string, body?: unknown) => callApi<T>(suite.app.url, tokens[as], method, path, body);
  const create = async (activity: string, over: Record<string, unknown> = {}) => {
    const r = await api<Action>('POST', '/factory/dbr_actions', 'support', {
      day: today,
      due_shift: null,
      line: 'Linea 1',
      equipment: null,
      owner: 'Rossi',
      supportBy: '',
      activity,
      ...over,
    });
    expect(r.status).toBe(201);
    return r.body;
  };
  const listed = async (line = 'Linea 1') =>
    (await api<Action[]>('GET', `/factory/dbr_actions-range?shop_floor_id=1&date_from=${today}&date_to=${today}&lines=${encodeURIComponent(line)}`, 'support')).body;

  const rows = (p: Page) => p.locator('.dbra-table tbody tr:not(:has(.data-table-empty))');
  const activities = async (p: Page) => (await p.locator('.dbra-table tbody td.dbra-col-activity').allTextContents()).sort();
  const waitActivities = (p: Page, expected: string[]) => eventually(async () => expect(await activities(p)).toEqual([...expected].sort()));

  async function open(username: string, path: string, heading: string): Promise<void> {
    await loginAndOpen(page, username, path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }

  beforeAll(async () => {
    const toMidnight = DateTime.now().setZone('Europe/Rome').endOf('day').toMillis() - Date.now();
    if (toMidnight < 3 * 60_000) await new Promise((resolve) => setTimeout(resolve, toMidnight + 2_000));
    today = todayInRome();
    for (const role of ['support', 'frontline']) tokens[role] = await suite.app.login(role);
    expect((await api('PUT', '/factory/default_station', 'support', { shopFloorId: 1, lineId: 1, equipmentId: null })).status).toBe(200);
    expect((await api('PUT', '/factory/default_station', 'frontline', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(200);
    for (const s of (await api<Array<{ id: number; code: string }>>('GET', `/factory/shifts?day=${today}&shop_floor_id=1`, 'support')).body) shiftIds[s.code] = s.id;
  }, 5 * 60_000);
  beforeEach(async () => {
    ({ context, page } = await suite.newPage());
  });

  it('lets the improvement user create an action with the form and delete another after confirming', async () => {
    const doomed = await create('Azione da eliminare', { due_shift: shiftIds.B, equipment: 2, supportBy: 'Qualità' });
    // Reached from 'Riepilogo Operativo' (line log §2.6): the sidebar does not list it.
    await open('support', '/dashboard-miglioramento', 'Riepilogo Operativo');
    await page.getByRole('link', { name: 'AGGIUNGI AZIONE DBR' }).click();
    await page.getByRole('heading', { level: 1, name: 'Azioni DBR' }).waitFor();
    await expect(page.getByRole('link', { name: 'Torna al Riepilogo Operativo' }).getAttribute('href')).resolves.toBe('/dashboard-miglioramento');
    await waitActivities(page, ['Azione da eliminare']);

    const form = page.locator('form.dbra-form');
    await optionsLoaded(page, 'form_shift');
    await optionsLoaded(page, 'form_equipment');
    expect(await shownOption(form.locator('select[name="form_shift"]'))).toBe('Fine gg');
    expect(await shownOption(form.locator('select[name="form_line"]'))).toBe('Linea 1');
    expect(await shownOption(form.locator('select[name="form_equipment"]'))).toBe('Non specificato');
    const submit = page.getByRole('button', { name: 'CONFERMA e INVIA' });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Responsabile').fill('  M. Rossi ');
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Attività').fill('   ');
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Attività').fill('Pulire le fotocellule');
    await expect(form.locator('.dbra-counter').textContent()).resolves.toBe('21/250');
    await form.getByLabel('Supportato da').fill('Manutenzione');
    await form.locator('select[name="form_shift"]').selectOption({ label: 'Turno A' });
    // The arrows cycle: from 'Non specificato' the next is the line's first machine.
    await form.getByRole('button', { name: 'Successivo', exact: true }).nth(2).click();
    expect(await shownOption(form.locator('select[name="form_equipment"]'))).toBe('Filler');
    // The loss it targets (issue 23): no code before a machine; then the machine's codes, named with their area.
    const code = form.locator('select[name="form_target_stop_code"]');
    expect(await shownOption(code)).toBe('Nessuno');
    expect(await code.isDisabled()).toBe(true);
    await form.locator('select[name="form_target_equipment"]').selectOption({ label: 'Capper' });
    await eventually(async () => expect(await code.locator('option').count()).toBeGreaterThan(1));
    const firstCode = (await code.locator('option').nth(1).textContent())!;
    await code.selectOption({ index: 1 });
    await submit.click();
    await page.locator('.flash-success', { hasText: 'Azione DBR inserita correttamente' }).waitFor();
    await waitActivities(page, ['Azione da eliminare', 'Pulire le fotocellule']);
    await expect(form.getByLabel('Attività').inputValue()).resolves.toBe('');
    const made = (await listed()).find((a) => a.activity === 'Pulire le fotocellule')!;
    expect(made).toMatchObject({ due_shift_name: 'Turno A', equipment_name: 'Filler', executed_at: null, target_equipment_name: 'Capper' });
    expect(firstCode.startsWith(`${(made as unknown as { target_stop_code_name: string }).target_stop_code_name} (`)).toBe(true);
    await screenshot(page, 'dbr-actions-tablet');

    // The modal: Escape, × and the overlay close it without deleting.
    const row = rows(page).filter({ hasText: 'Azione da eliminare' });
    const dialog = page.getByRole('dialog', { name: 'Conferma eliminazione' });
    await row.getByRole('button', { name: 'Elimina: Azione da eliminare' }).click();
    await dialog.waitFor();
    const details = await dialog.textContent();
    for (const part of ['Sei sicuro di voler eliminare questa azione?', 'Turno B', 'Capper', 'Azione da eliminare', 'Rossi', 'Qualità']) expect(details).toContain(part);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: /^Elimina:/ }).click();
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: /^Elimina:/ }).click();
    await page.locator('.modal-overlay').click({ position: { x: 5, y: 5 } });
    await dialog.waitFor({ state: 'detached' });
    expect((await listed()).map((a) => a.id)).toContain(doomed.id);

    await row.getByRole('button', { name: /^Elimina:/ }).click();
    await dialog.getByRole('button', { name: 'Elimina', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitActivities(page, ['Pulire le fotocellule']);
    expect((await listed()).map((a) => a.id)).not.toContain(doomed.id);

    // Another line without actions shows the empty text.
    await page.locator('select[name="filter_line"]').selectOption({ label: 'Linea 3' });
    await page.locator('.data-table-empty', { hasText: EXISTING_EMPTY }).waitFor();
  });

  for (const [size, viewport] of [
    ['tablet', undefined],
    ['phone', PHONE],
  ] as const) {
    it(`${size}: keeps the form's text through a reload, asks before leaving, and 'Ricomincia' empties it`, async () => {
      if (viewport) await page.setViewportSize(viewport);
      await open('support', '/azioni-dbr-miglioramento', 'Azioni DBR');
      const form = page.locator('form.dbra-form');
      await form.getByLabel('Responsabile').fill(`P. Bianchi (${size})`);
      await form.getByLabel('Attività').fill('Controllare i sensori della riempitrice');

      expect(await reloadAccepting(page)).toEqual(['beforeunload']);
      await page.getByRole('heading', { level: 1, name: 'Azioni DBR' }).waitFor();
      await expect(form.getByLabel('Responsabile').inputValue()).resolves.toBe(`P. Bianchi (${size})`);
      await expect(form.getByLabel('Attività').inputValue()).resolves.toBe('Controllare i sensori della riempitrice');
      await form.getByText(/^Ripreso il testo non inviato del /).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `dbr-actions-restored-${size}`);

      await page.getByRole('link', { name: 'Torna al Riepilogo Operativo' }).click();
      await page.getByRole('dialog', { name: 'Uscire dalla pagina?' }).waitFor();
      await page.getByRole('button', { name: 'Resta', exact: true }).click();
      await expect(form.getByLabel('Attività').inputValue()).resolves.toBe('Controllare i sensori della riempitrice');

      await form.getByRole('button', { name: 'Ricomincia' }).click();
      await expect(form.getByLabel('Responsabile').inputValue()).resolves.toBe('');
      await page.getByRole('link', { name: 'Torna al Riepilogo Operativo' }).click();
      await page.waitForURL((u) => u.pathname === '/dashboard-miglioramento');
    });
  }

  it('lets the operator tick an action on the daily page and untick it; the list reloads each time', async () => {
    const action = await create('Verificare la coppia di serraggio', { due_shift: shiftIds.A, equipment: 1 });
    await open('frontline', '/daily-routine-operatore', 'Attività giornaliere');
    expect(await shownOption(page.locator('select[name="daily_line"]'))).toBe('Linea 1');
    await optionsLoaded(page, 'daily_equipment');
    expect(await shownOption(page.locator('select[name="daily_equipment"]'))).toBe('Filler');
    expect(await shownOption(page.locator('select[name="daily_shift"]'))).toBe('Tutti');
    await expect(page.locator('input[name="daily_day"]').inputValue()).resolves.toBe(today);

    const box = page.getByRole('checkbox', { name: 'Eseguito: Verificare la coppia di serraggio' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await box.check();
    const cell = rows(page).filter({ hasText: 'Verificare la coppia di serraggio' }).locator('.dbra-done-time');
    await eventually(async () => expect(await cell.textContent()).toMatch(/^\d{2}:\d{2}$/));
    const executed = (await listed()).find((a) => a.id === action.id)!.executed_at;
    expect(executed).not.toBeNull();
    expect(await box.isChecked()).toBe(true);
    await screenshot(page, 'dbr-daily-tablet');

    await box.uncheck();
    await eventually(async () => expect(await cell.textContent()).toBe(''));
    expect(await box.isChecked()).toBe(false);
    expect((await listed()).find((a) => a.id === action.id)!.executed_at).toBeNull();
  });

  it('puts the box back and says so when a tick fails', async () => {
    await create('Tick che non passa', { equipment: 1 });
    await open('frontline', '/daily-routine-operatore', 'Attività giornaliere');
    await page.route('**/factory/dbr_actions/*/mark-executed', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Servizio non disponibile' } }) }),
    );
    const box = page.getByRole('checkbox', { name: 'Eseguito: Tick che non passa' });
    await box.click();
    await page.locator('.flash-error', { hasText: 'Spunta non salvata: Servizio non disponibile' }).waitFor();
    await eventually(async () => expect(await box.isChecked()).toBe(false));
  });

  it("filters the daily list by shift and equipment, keeping 'Fine gg' and no-equipment actions", async () => {
    const made = [
      ['A Filler', shiftIds.A, 1],
      ['B Capper', shiftIds.B, 2],
      ['Fine gg senza macchina', null, null],
      ['A senza macchina', shiftIds.A, null],
      ['B Filler', shiftIds.B, 1],
      ['Fine gg Capper', null, 2],
    ] as const;
    for (const [activity, due_shift, equipment] of made) await create(`Filtro ${activity}`, { line: 'Linea 2', due_shift, equipment: equipment === null ? null : equipment + 3 });
    await open('frontline', '/daily-routine-operatore', 'Attività giornaliere');
    await optionsLoaded(page, 'daily_line');
    await page.locator('select[name="daily_line"]').selectOption({ label: 'Linea 2' });
    await optionsLoaded(page, 'daily_equipment');
    // A new line clears the equipment choice: every action of the line shows.
    expect(await shownOption(page.locator('select[name="daily_equipment"]'))).toBe('Tutti');
    const all = made.map(([a]) => `Filtro ${a}`);
    await waitActivities(page, all);

    await page.locator('select[name="daily_shift"]').selectOption({ label: 'Turno A' });
    await waitActivities(page, ['Filtro A Filler', 'Filtro Fine gg senza macchina', 'Filtro A senza macchina', 'Filtro Fine gg Capper']);
    await page.locator('select[name="daily_equipment"]').selectOption({ label: 'Filler' });
    await waitActivities(page, ['Filtro A Filler', 'Filtro Fine gg senza macchina', 'Filtro A senza macchina']);
    await page.locator('select[name="daily_shift"]').selectOption({ label: 'Tutti' });
    await waitActivities(page, ['Filtro A Filler', 'Filtro Fine gg senza macchina', 'Filtro A senza macchina', 'Filtro B Filler']);
    // '-' for the empty shift and equipment.
    const bare = rows(page).filter({ hasText: 'Filtro Fine gg senza macchina' });
    await expect(bare.locator('td.dbra-col-shift').textContent()).resolves.toBe('-');
    await expect(bare.locator('td.dbra-col-equipment').textContent()).resolves.toBe('-');

    await page.getByLabel('Cerca in Attività').fill('nessuna corrispondenza');
    await page.locator('.data-table-empty', { hasText: DAILY_EMPTY }).waitFor();
  });

  it('shows one card per action on a phone, the checkbox a thumb can reach, no sideways scrolling', async () => {
    await context.close();
    ({ context, page } = await suite.newPage(PHONE));
    await create('Azione sul telefono', { equipment: 1 });
    await open('frontline', '/daily-routine-operatore', 'Attività giornaliere');
    const card = rows(page).filter({ hasText: 'Azione sul telefono' });
    await card.waitFor();
    const label = card.locator('label.dbra-done');
    const size = await label.boundingBox();
    expect(size!.height).toBeGreaterThanOrEqual(44);
    expect(size!.width).toBeGreaterThan(150);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(card.locator('td.dbra-col-activity').evaluate((td) => getComputedStyle(td, '::before').content)).resolves.toBe('"Attività"');
    await label.click();
    await eventually(async () => expect(await card.locator('.dbra-done-time').textContent()).toMatch(/^\d{2}:\d{2}$/));
    await screenshot(page, 'dbr-daily-phone');
  });
});
