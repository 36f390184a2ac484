/**
 * A plant stands itself up from the browser (issue 37; docs/plant.md): a production first start
 * with no plant, whose admin builds a shop floor with a line, two machines, an area and three stop
 * codes from scratch on the guided start, reviews the preview, applies it, generates the shifts and
 * creates an operator; the operator then records a stop on the new line. Then 'Impianto' on a
 * phone: 'Esporta file' downloads the plant file, 'Importa file' previews an edited one before
 * 'Applica'.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { romeWallClock } from '../../web/src/features/stopChat/model/times.js';
import { addDays } from '../../web/src/lib/dates.js';
import { callApi } from '../support/apiClient.js';
import { PHONE_VIEWPORT, screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { fillLogin, optionsLoaded, readyNav } from '../support/pageActions.js';

const NOW = romeWallClock(new Date());
const DAY = NOW.time >= '02:00' ? NOW.day : addDays(NOW.day, -1);
const ADMIN = { username: 'capo', password: 'turno di notte A1' };

const botSays = (page: Page, text: string) => page.locator('.chat-row-bot .chat-text', { hasText: text }).last().waitFor();
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const add = async (page: Page, placeholder: string, name: string) => {
  const row = page.locator('form.plant-add').filter({ has: page.getByPlaceholder(placeholder, { exact: true }) });
  await row.getByPlaceholder(placeholder, { exact: true }).fill(name);
  await row.getByRole('button', { name: 'Aggiungi' }).click();
};

describeWith(['postgres', 'chromium'])('a plant stood up from the browser', () => {
  const suite = browserSuite({ app: { env: { NODE_ENV: 'production', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } } });

  it('leads the first admin from an empty plant to an operator recording a stop on the new line', async () => {
    const { page: admin } = await suite.newPage();
    await fillLogin(admin, ADMIN.username, ADMIN.password);
    await admin.waitForURL((u) => u.pathname === '/setup');
    await admin.getByRole('heading', { name: 'Primo avvio' }).waitFor();
    await screenshot(admin, 'first-run-empty');

    await add(admin, 'Nuovo reparto', 'Stampaggio');
    await add(admin, 'Nuova linea in Stampaggio', 'Linea S1');
    await add(admin, 'Nuova macchina in Linea S1', 'Pressa');
    await add(admin, 'Nuova macchina in Linea S1', 'Robot');
    await add(admin, 'Nuova area in Pressa', 'Stampo');
    for (const code of ['Stampo bloccato', 'Materiale mancante', 'Perdita olio']) await add(admin, 'Nuovo codice di stop in Stampo', code);
    await add(admin, 'Nuovo evento scatenante', 'Avvio linea dopo fermo');
    await add(admin, 'Nuova causale', 'Pulizia programmata');
    await admin.getByRole('button', { name: 'Anteprima modifiche' }).click();
    const preview = admin.getByRole('region', { name: 'Anteprima delle modifiche' });
    await preview.waitFor();
    const added = (await preview.locator('.plant-change-added').allTextContents()).map((t) => t.trim());
    expect(added).toEqual([
      'Aggiunto · Reparto · Stampaggio',
      'Aggiunto · Linea · Stampaggio › Linea S1 · Macchina di riferimento: Pressa',
      'Aggiunto · Macchina · Stampaggio › Linea S1 › Pressa',
      'Aggiunto · Macchina · Stampaggio › Linea S1 › Robot',
      'Aggiunto · Area · Stampaggio › Linea S1 › Pressa › Stampo',
      'Aggiunto · Codice di stop · Stampaggio › Linea S1 › Pressa › Stampo › Stampo bloccato',
      'Aggiunto · Codice di stop · Stampaggio › Linea S1 › Pressa › Stampo › Materiale mancante',
      'Aggiunto · Codice di stop · Stampaggio › Linea S1 › Pressa › Stampo › Perdita olio',
      'Aggiunto · Evento scatenante · Avvio linea dopo fermo',
      'Aggiunto · Causale di fermo pianificato · Pulizia programmata',
    ]);
    await screenshot(admin, 'first-run-preview');
    await preview.getByRole('button', { name: 'Applica' }).click();

    await admin.getByRole('heading', { name: 'Turni', level: 2 }).waitFor();
    await admin.getByRole('button', { name: 'Genera turni' }).click();
    // Three shifts a day (A, B, C) from 7 days back to 55 ahead: 63 days.
    await admin
      .getByRole('status')
      .getByText(/: 189$/)
      .waitFor();
    await screenshot(admin, 'first-run-shifts');
    await admin.getByRole('button', { name: 'Avanti' }).click();

    await admin.getByRole('button', { name: 'Nuovo utente' }).click();
    const form = admin.getByRole('form', { name: 'Nuovo utente' });
    await form.getByLabel('Nome utente').fill('mrossi');
    await form.getByLabel('Nome e cognome').fill('Mario Rossi');
    // The demo is off: its two roles are not offered, and the server refuses them.
    expect(await form.getByLabel('Ruolo').evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.text))).toEqual([
      'Operatore',
      'Supporto operativo',
      'Amministratore',
      'Tabellone',
    ]);
    const adminToken = await suite.app.login(ADMIN.username, ADMIN.password);
    const demoRole = await callApi<{ error: { fields: Record<string, string> } }>(suite.app.url, adminToken, 'POST', '/admin/users', {
      username: 'demo1',
      display_name: 'Demo',
      role: 'demoit',
      password: 'pressa gialla giovedi',
    });
    expect([demoRole.status, demoRole.body.error.fields]).toEqual([400, { role: 'Ruolo disponibile solo con la demo attiva' }]);
    await form.getByLabel('Ruolo').selectOption({ label: 'Operatore' });
    await form.getByLabel('Password iniziale').fill('tornio rosso lunedi');
    await form.getByRole('button', { name: 'Crea utente' }).click();
    await admin.locator('.user-card[data-username="mrossi"]').waitFor();
    await screenshot(admin, 'first-run-users');
    await admin.getByRole('button', { name: 'Fine: scegli la stazione' }).click();
    await admin.getByLabel('Reparto', { exact: true }).selectOption({ label: 'Stampaggio' });

    const { page: mario } = await suite.newPage();
    await fillLogin(mario, 'mrossi', 'tornio rosso lunedi');
    await mario.waitForURL((u) => u.pathname === '/cambia-password');
    await mario.getByLabel('Password ricevuta').fill('tornio rosso lunedi');
    await mario.getByLabel('Nuova password', { exact: true }).fill('fresa blu martedi');
    await mario.getByLabel('Conferma nuova password').fill('fresa blu martedi');
    await mario.getByRole('button', { name: 'Cambia password' }).click();
    await mario.waitForURL((u) => u.pathname === '/setup');
    await mario.getByLabel('Reparto', { exact: true }).selectOption({ label: 'Stampaggio' });
    await mario.getByLabel('Linea', { exact: true }).selectOption({ label: 'Linea S1' });
    await optionsLoaded(mario, 'equipment_id');
    await mario.getByLabel('Stazione', { exact: true }).selectOption({ label: 'Pressa' });
    await mario.locator('form.station-setup button[type="submit"]').click();
    await mario.waitForURL((u) => u.pathname === '/home');
    await readyNav(mario).waitFor({ state: 'attached' });

    await mario.goto(`/inserimento-pianificate-ai-operatore?day=${DAY}`);
    await botSays(mario, 'Qual è la causale dello stop pianificato?');
    await mario.locator('.chat-options').getByRole('button', { name: 'Pulizia programmata', exact: true }).click();
    await botSays(mario, 'Vuoi aggiungere una nota?');
    await mario.getByRole('textbox', { name: 'Risposta' }).press('Enter');
    await botSays(mario, 'Quando è iniziato e quando è finito lo stop?');
    for (const [label, value] of [
      ['Data inizio', DAY],
      ['Ora inizio', '00:30'],
      ['Data fine', DAY],
      ['Ora fine', '01:00'],
    ] as const)
      await mario.getByLabel(label, { exact: true }).fill(value);
    await mario.getByRole('button', { name: 'Conferma orari' }).click();
    await botSays(mario, 'Ecco il riepilogo');
    await mario.getByRole('button', { name: 'Conferma e registra' }).click();
    await botSays(mario, 'Stop pianificato registrato correttamente.');

    // The stop is on the new line, as the server lists it.
    const token = await suite.app.login(ADMIN.username, ADMIN.password);
    const lines = (await callApi<Array<{ id: number; name: string }>>(suite.app.url, token, 'GET', '/factory/lines')).body;
    expect(lines.map((l) => l.name)).toEqual(['Linea S1']);
    const roles = (await callApi<Array<{ username: string; role: string }>>(suite.app.url, token, 'GET', '/admin/users')).body.map((u) => u.username).sort();
    expect(roles).toEqual(['capo', 'mrossi']);
  }, 180_000);

  it("shows 'Impianto' on a phone, exports the plant file and previews an imported one before applying it", async () => {
    const { page } = await suite.newPage(PHONE_VIEWPORT);
    await fillLogin(page, ADMIN.username, ADMIN.password);
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto('/impianto');
    await page.getByRole('heading', { name: 'Impianto', level: 1 }).waitFor();
    await page.getByLabel('Nome della linea Linea S1').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'impianto-phone');

    // A bad draft: the server's refusal is shown, naming the field, and nothing is applied.
    await add(page, 'Nuova linea in Stampaggio', 'Linea S1');
    await page.getByRole('button', { name: 'Anteprima modifiche' }).click();
    await page.getByRole('alert').getByText('File impianto non valido: nulla è stato scritto').waitFor();
    expect(await page.locator('.plant-name .field-hint-error').allTextContents()).toContain('Nome ripetuto: Linea S1');
    await page.getByRole('button', { name: 'Annulla modifiche' }).click();
    expect(await page.getByRole('alert').count()).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta file' }).click()]);
    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(file.shopFloors[0].lines[0].equipments.map((e: { name: string }) => e.name)).toEqual(['Pressa', 'Robot']);

    file.shopFloors[0].lines.push({ name: 'Linea S2', referenceMachine: 'Pressa 2', equipments: [{ name: 'Pressa 2' }] });
    file.shopFloors[0].lines[0].equipments.splice(1, 1);
    await page.locator('.plant-import input[type="file"]').setInputFiles({ name: 'impianto.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    const preview = page.getByRole('region', { name: 'Anteprima delle modifiche' });
    await preview.getByText('Anteprima del file importato').waitFor();
    expect((await preview.locator('.plant-change').allTextContents()).map((t) => t.trim())).toEqual([
      'Aggiunto · Linea · Stampaggio › Linea S2 · Macchina di riferimento: Pressa 2',
      'Aggiunto · Macchina · Stampaggio › Linea S2 › Pressa 2',
      'Ritirato · Macchina · Stampaggio › Linea S1 › Robot',
    ]);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'impianto-phone-import');
    await preview.getByRole('button', { name: 'Applica' }).click();
    await page.getByText('Modifiche applicate: 3').waitFor();
    await page.getByLabel('Nome della linea Linea S2').waitFor();

    const { page: tablet } = await suite.newPage();
    await fillLogin(tablet, ADMIN.username, ADMIN.password);
    await tablet.waitForURL((u) => u.pathname !== '/login');
    await tablet.goto('/impianto');
    await tablet.getByLabel('Nome della linea Linea S2').waitFor();
    await screenshot(tablet, 'impianto-tablet');
    // 'Storico modifiche' of the machine retired above is gone with it; the line's shows who added it.
    await tablet.getByRole('button', { name: 'Storico modifiche – Linea Linea S1' }).click();
    const steps = tablet.locator('.history-timeline .history-step-label');
    await steps.first().waitFor();
    expect(await steps.allTextContents()).toEqual(['Aggiunto']);
    await tablet.locator('.history-timeline').getByText(ADMIN.username).first().waitFor();
    await screenshot(tablet, 'impianto-history');
  }, 120_000);
});
