/**
 * Accounts in the browser (issue 21): the admin creates mrossi as Operatore on 'Utenti'; mrossi
 * logs in, must change the password, chooses a station, sees LINEA DI PRODUZIONE and records a
 * stop; the admin switches mrossi off and mrossi's open page goes to the login. The reset shows
 * its temporary password once, with a copy button.
 */
import type { Page } from 'playwright-core';
import { romeWallClock } from '../../web/src/features/stopChat/model/times.js';
import { addDays } from '../../web/src/lib/dates.js';
import { callApi } from '../support/apiClient.js';
import { PHONE_VIEWPORT, screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { fillLogin, openAs, optionsLoaded, readyNav } from '../support/pageActions.js';

const NOW = romeWallClock(new Date());
const DAY = NOW.time >= '02:00' ? NOW.day : addDays(NOW.day, -1);

const botSays = (page: Page, text: string) => page.locator('.chat-row-bot .chat-text', { hasText: text }).last().waitFor();
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describeWith(['postgres', 'chromium'])('accounts', () => {
  // The session check's cache: a deactivation reaches an open page within it and the page's own check (15 s).
  const suite = browserSuite({ app: { env: { AUTH_USER_CACHE_SECONDS: '2' } } });

  it('admin creates mrossi as Operatore; mrossi changes the password, records a stop, and is sent to the login when switched off', async () => {
    const { page: admin } = await suite.newPage();
    await openAs(admin, 'admin', '/utenti');
    await admin.getByRole('heading', { name: 'Utenti', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Nuovo utente' }).click();
    const form = admin.getByRole('form', { name: 'Nuovo utente' });
    await form.getByLabel('Nome utente').fill('mrossi');
    await form.getByLabel('Nome e cognome').fill('Mario Rossi');
    await form.getByLabel('Ruolo').selectOption({ label: 'Operatore' });
    await form.getByLabel('Password iniziale').fill('corta');
    await form.getByRole('button', { name: 'Crea utente' }).click();
    await form.getByText('Almeno 12 caratteri').waitFor();
    await form.getByLabel('Password iniziale').fill('tornio rosso lunedi');
    await form.getByRole('button', { name: 'Crea utente' }).click();
    const card = admin.locator('.user-card[data-username="mrossi"]');
    await card.waitFor();
    expect(await card.locator('.user-card-who').textContent()).toBe('Mario RossimrossiAttivoDeve cambiare password');
    expect(await card.getByLabel('Ruolo').evaluate((s: HTMLSelectElement) => s.options[s.selectedIndex]!.text)).toBe('Operatore');
    await screenshot(admin, 'accounts-users');

    const { page: mario } = await suite.newPage();
    await fillLogin(mario, 'mrossi', 'tornio rosso lunedi');
    await mario.waitForURL((u) => u.pathname === '/cambia-password');
    await mario.getByText('Prima di continuare scegli una nuova password').waitFor();
    await screenshot(mario, 'accounts-forced-change');
    await mario.getByLabel('Password ricevuta').fill('tornio rosso lunedi');
    await mario.getByLabel('Nuova password', { exact: true }).fill('fresa blu martedi');
    await mario.getByLabel('Conferma nuova password').fill('fresa blu martedi');
    await mario.getByRole('button', { name: 'Cambia password' }).click();
    await mario.waitForURL((u) => u.pathname === '/setup');
    await mario.getByLabel('Reparto', { exact: true }).selectOption({ label: 'Confezionamento' });
    await mario.getByLabel('Linea', { exact: true }).selectOption({ label: 'Linea 1' });
    await optionsLoaded(mario, 'equipment_id');
    await mario.getByLabel('Stazione', { exact: true }).selectOption('1');
    await mario.locator('form.station-setup button[type="submit"]').click();
    await mario.waitForURL((u) => u.pathname === '/home');
    await readyNav(mario).waitFor({ state: 'attached' });
    expect(await readyNav(mario).locator('.nav-section-title').allTextContents()).toEqual(['LINEA DI PRODUZIONE']);

    // A planned stop through the chat, as an operator records one.
    await mario.goto(`/inserimento-pianificate-ai-operatore?day=${DAY}`);
    await botSays(mario, 'Qual è la causale dello stop pianificato?');
    await mario.locator('.chat-options .chat-chip').first().waitFor();
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
    await mario.waitForURL((u) => u.pathname === '/report-operatore', { timeout: 5000 });

    await admin.reload();
    await card.getByRole('button', { name: 'Disattiva' }).click();
    await admin.getByText('Utente mrossi disattivato').waitFor();
    await card.getByText('Disattivato', { exact: true }).waitFor();
    // mrossi's open page notices by itself: its session check runs every 15 s.
    await mario.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    await fillLogin(mario, 'mrossi', 'fresa blu martedi');
    await mario.getByText("Utente disattivato: rivolgiti all'amministratore").waitFor();
  }, 120_000);

  it('resets a password: the temporary one is shown once with a copy button; the pages fit a phone', async () => {
    const token = await suite.app.login('admin');
    const created = await callApi(suite.app.url, token, 'POST', '/admin/users', {
      username: 'lverdi',
      display_name: 'Luca Verdi',
      role: 'support',
      password: 'pressa gialla giovedi',
    });
    expect(created.status).toBe(201);
    const { page } = await suite.newPage(PHONE_VIEWPORT);
    await openAs(page, 'admin', '/utenti');
    await page.getByLabel('Cerca').fill('verdi');
    const card = page.locator('.user-card[data-username="lverdi"]');
    await card.waitFor();
    expect(await page.locator('.user-card').count()).toBe(1);
    await card.getByRole('button', { name: 'Reimposta password' }).click();
    const shown = page.getByTestId('temporary-password');
    await shown.waitFor();
    expect(await shown.textContent()).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    await page.getByRole('button', { name: 'Copia' }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'accounts-users-phone');
    await page.getByRole('button', { name: 'Chiudi' }).click();
    expect(await shown.count()).toBe(0);

    await page.goto('/cambia-password');
    await page.getByRole('form', { name: 'Cambia password' }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'accounts-change-password-phone');
  }, 60_000);

  it("'Chiavi API': the admin makes a key shown once, the key calls as its role, and is revoked after a confirmation", async () => {
    const { page } = await suite.newPage();
    await openAs(page, 'admin', '/chiavi-api');
    await page.getByRole('heading', { name: 'Chiavi API', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Nuova chiave' }).click();
    const form = page.getByRole('form', { name: 'Nuova chiave API' });
    await form.getByRole('button', { name: 'Crea chiave' }).click();
    await form.getByText('Obbligatorio').waitFor();
    await form.getByLabel('Nome').fill('ERP SAP');
    await form.getByLabel('Ruolo').selectOption({ label: 'Supporto operativo' });
    await form.getByRole('button', { name: 'Crea chiave' }).click();
    const shown = page.getByTestId('temporary-password');
    await shown.waitFor();
    const key = (await shown.textContent())!;
    expect(key).toMatch(/^linea_[A-Za-z0-9_-]{43}$/);
    const card = page.locator('.user-card[data-api-key="ERP SAP"]');
    await card.waitFor();
    expect(await card.locator('.user-card-who').textContent()).toBe('ERP SAPSupporto operativo');
    expect(await card.locator('.user-card-login').last().textContent()).toBe('Ultimo uso: Mai');
    await screenshot(page, 'accounts-api-keys');
    await page.getByRole('button', { name: 'Chiudi' }).click();
    expect(await shown.count()).toBe(0);

    expect((await callApi(suite.app.url, key, 'GET', '/factory/shop_floors')).status).toBe(200);
    expect((await callApi(suite.app.url, key, 'GET', '/admin/users')).status).toBe(403);
    await page.reload();
    await card.locator('.user-card-login', { hasText: /^Ultimo uso: \d\d\/\d\d\/\d{4} \d\d:\d\d$/ }).waitFor();

    const { page: phone } = await suite.newPage(PHONE_VIEWPORT);
    await openAs(phone, 'admin', '/chiavi-api');
    await phone.locator('.user-card[data-api-key="ERP SAP"]').waitFor();
    expect(await noSidewaysScroll(phone)).toBe(true);
    await screenshot(phone, 'accounts-api-keys-phone');

    await card.getByRole('button', { name: 'Revoca' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conferma revoca' });
    await dialog.getByText('Revocare la chiave ERP SAP?').waitFor();
    await dialog.getByRole('button', { name: 'Revoca' }).click();
    await page.getByText('Chiave ERP SAP revocata').waitFor();
    await page.getByText('Nessuna chiave API.').waitFor();
  }, 60_000);
});
