/**
 * Working offline (docs/offline.md) in a real Chromium with the app's service worker: the line
 * log of a shift and of the shift before it open with the network off, the notes and a stop
 * recorded offline wait in the queue ('Offline · N modifiche in attesa') and are saved exactly once
 * when the network is back ('Sincronizzato'), and a queued save the server refuses (the report
 * was sent from elsewhere meanwhile) is shown with its text and the server's message.
 *
 * Yesterday's Turno A (06:00–14:00) is used: always in the past, and the Turno C before it (the
 * day before) is its previous shift.
 */
import type { Page } from 'playwright-core';
import { addDays, todayInRome } from '../../web/src/lib/dates.js';
import { callApi } from '../support/apiClient.js';
import { networkQuiet, PHONE_VIEWPORT, screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { eventually, loginAndOpen } from '../support/pageActions.js';

const DAY = addDays(todayInRome(), -1);
const BEFORE = addDays(DAY, -1);
const LOG = `/report-operatore?day=${DAY}&shift_code=A&line_id=1`;

const chip = (page: Page, name: string) => page.locator('.chat-options').getByRole('button', { name, exact: true });
const textbox = (page: Page) => page.getByRole('textbox', { name: 'Risposta' });
const botSays = (page: Page, text: string) => page.locator('.chat-row-bot .chat-text', { hasText: text }).last().waitFor();
const syncLine = (page: Page, text: string) => page.locator('.sync-line', { hasText: text }).waitFor();

/** The unplanned chat from the area step (line and machine come from the station) to the sent stop. */
async function recordStop(page: Page, failureMode: string): Promise<void> {
  await chip(page, 'Giostra di riempimento').click();
  await botSays(page, 'Qual è il codice di stop?');
  await chip(page, 'Perdita di prodotto').click();
  await botSays(page, 'Descrivi il modo di guasto');
  await textbox(page).fill(failureMode);
  await textbox(page).press('Enter');
  await botSays(page, "Qual è stato l'evento scatenante?");
  await textbox(page).fill('Intervento di manutenzione');
  await textbox(page).press('Enter');
  await botSays(page, 'Quali azioni sono state eseguite?');
  await page.getByRole('button', { name: 'Conferma azioni' }).click();
  await botSays(page, "Descrivi l'azione correttiva eseguita.");
  await textbox(page).fill('Guarnizione sostituita');
  await textbox(page).press('Enter');
  await botSays(page, 'Quando è iniziato e quando è finito lo stop?');
  for (const [label, value] of [
    ['Data inizio', DAY],
    ['Ora inizio', '08:00'],
    ['Data fine', DAY],
    ['Ora fine', '08:20'],
  ]) {
    await page.getByLabel(label!, { exact: true }).fill(value!);
  }
  await page.getByRole('button', { name: 'Conferma orari' }).click();
  await botSays(page, 'Ecco il riepilogo');
  await page.getByRole('button', { name: 'Conferma e registra' }).click();
}

describeWith(['postgres', 'chromium'])('working offline', () => {
  const suite = browserSuite({ serviceWorkers: 'allow' });
  let token: string;
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(suite.app.url, token, method, path, body);
  const note = async () =>
    (await api<{ notes: string | null; revision: number; confirmed: boolean }>('GET', `/factory/shift_notes?day=${DAY}&shift_code=A&line_name=Linea%201`)).body;

  beforeAll(async () => {
    token = await suite.app.login('frontline');
    expect((await api('PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(200);
  });

  it('opens the log offline, queues the notes and a stop, saves them once back online, and keeps a refused save with its text', async () => {
    const { context, page } = await suite.newPage();
    const notes = page.getByLabel('Note di fine turno');
    // The read-ahead's last read of the previous shift (C of the day before), once the page has settled.
    const readAhead = page.waitForResponse((r) => r.url().includes('/factory/stop_events/unplanned_by_shift') && r.url().includes(`day=${BEFORE}`), { timeout: 60_000 });
    await loginAndOpen(page, 'frontline', LOG);
    await notes.waitFor();
    // The worker serves the page, then the previous shift and the chat's lists are read ahead.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await readAhead;
    await networkQuiet(page, 800);

    await context.setOffline(true);
    // A new page load with the network off: the worker's app, the reads kept on the device.
    await page.goto(`/report-operatore?day=${BEFORE}&shift_code=C&line_id=1`);
    await notes.waitFor();
    await syncLine(page, 'Offline · nessuna modifica in attesa');
    await page.goto(LOG);
    await notes.fill('Nota scritta senza rete');
    await syncLine(page, 'Offline · 1 modifica in attesa');

    await page.getByRole('link', { name: 'AGGIUNGI STOP NON PIANIFICATO' }).click();
    await recordStop(page, 'Perdita dalla valvola, offline');
    await botSays(page, 'Sei offline: lo stop è salvato sul dispositivo');
    await page.waitForURL((u) => u.pathname === '/report-operatore');
    await syncLine(page, 'Offline · 2 modifiche in attesa');
    await expect(notes.inputValue()).resolves.toBe('Nota scritta senza rete');
    await screenshot(page, 'offline-queued-tablet');

    await context.setOffline(false);
    await syncLine(page, 'Sincronizzato');
    // Exactly once: one save (revision 0) and one stop, which the log now lists.
    await expect(note()).resolves.toMatchObject({ notes: 'Nota scritta senza rete', revision: 0 });
    const stops = await api<Array<{ failure_mode: string }>>('GET', `/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=1&shift_code=A&day=${DAY}`);
    expect(stops.body.map((s) => s.failure_mode)).toEqual(['Perdita dalla valvola, offline']);
    await page.getByText('Perdita dalla valvola, offline').waitFor();

    // Offline again, the notes and the stop's description changed; meanwhile the report is sent
    // from another tablet, so both queued writes are refused when the network is back.
    await context.setOffline(true);
    await notes.fill('Seconda nota, rifiutata');
    const description = page.getByLabel('Descrizione – stop delle 08:00');
    await description.fill('Descrizione corretta offline');
    await description.press('Tab');
    await syncLine(page, 'Offline · 2 modifiche in attesa');
    const report = { day: DAY, shift_code: 'A', line_name: 'Linea 1', notes: 'Inviato da un altro tablet', machine_notes: [{ Macchina: 'Filler', Nota: 'Ok' }] };
    expect((await api('POST', '/factory/shift_notes/submit', { ...report, production_volume: 9000, waste: 80, working_time: 7 })).status).toBe(200);
    await context.setOffline(false);
    const refused = (label: string) => page.locator('.sync-refused li', { hasText: label });
    await refused('Note del turno').locator('.sync-refused-message', { hasText: 'I dati sono stati modificati da un altro utente' }).waitFor();
    await expect(refused('Note del turno').locator('.sync-refused-content').textContent()).resolves.toContain('Seconda nota, rifiutata');
    await refused('Stop non pianificato delle 08:00').locator('.sync-refused-message', { hasText: 'Report già inviato' }).waitFor();
    await expect(refused('Stop non pianificato delle 08:00').locator('.sync-refused-content').textContent()).resolves.toBe('Descrizione corretta offline');
    await syncLine(page, 'Sincronizzato');
    await screenshot(page, 'offline-refused-tablet');
    await eventually(async () => expect(await note()).toMatchObject({ notes: 'Inviato da un altro tablet', confirmed: true }));

    await page.setViewportSize(PHONE_VIEWPORT);
    await page.locator('.sync-refused').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await screenshot(page, 'offline-refused-phone');
  });
});
