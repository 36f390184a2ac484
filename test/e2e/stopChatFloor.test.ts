/**
 * The stop chats as the floor meets them (issue 22), in a real browser against the real API, on
 * the tablet and the phone: the times default inside the shift the line log is open on; a stop
 * starting in another shift is asked about ('Lo stop cade nel Turno C del 25/11: registrarlo
 * lì?') and, once saved, the log opens on the shift holding it; answers survive a reload
 * ('Riprendi' / 'Ricomincia') and leaving mid-chat asks first; a failure mode typed for one
 * machine goes when another machine is chosen.
 *
 * Stops go on Capper (equipment 2) of line 1 in the first hours of TODAY, or yesterday in the
 * first two hours of a day: they lie in Turno C of the day before (22:00–06:00).
 */
import type { Page } from 'playwright-core';
import { addDays } from '../../web/src/lib/dates.js';
import { romeWallClock } from '../../web/src/features/stopChat/model/times.js';
import { PHONE_VIEWPORT, screenshot, TABLET_VIEWPORT } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { loginAndOpen, reloadAccepting } from '../support/pageActions.js';

const UNPLANNED = '/inserimento-loss-ai-operatore';
const PLANNED = '/inserimento-pianificate-ai-operatore';
const NOW = romeWallClock(new Date());
const DAY = NOW.time >= '02:00' ? NOW.day : addDays(NOW.day, -1);
const NIGHT = addDays(DAY, -1);
const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

const chip = (page: Page, name: string) => page.locator('.chat-options').getByRole('button', { name, exact: true });
const chipsReady = (page: Page) => page.locator('.chat-options .chat-chip').first().waitFor();
const textbox = (page: Page) => page.getByRole('textbox', { name: 'Risposta' });
const botSays = (page: Page, text: string) => page.locator('.chat-row-bot .chat-text', { hasText: text }).last().waitFor();

async function fillTimes(page: Page, start: string, end: string, day = DAY): Promise<void> {
  await page.getByLabel('Data inizio', { exact: true }).fill(day);
  await page.getByLabel('Ora inizio', { exact: true }).fill(start);
  await page.getByLabel('Data fine', { exact: true }).fill(day);
  await page.getByLabel('Ora fine', { exact: true }).fill(end);
}

/** A fresh unplanned chat on line 1 answered up to the failure mode (Capper, 'Testa di tappatura'). */
async function openAtFailureMode(page: Page): Promise<void> {
  await loginAndOpen(page, 'frontline', `${UNPLANNED}?day=${DAY}&line_id=1`);
  const fresh = page.getByRole('button', { name: 'Ricomincia' });
  if (await fresh.isVisible().catch(() => false)) await fresh.click();
  await chipsReady(page);
  await chip(page, 'Testa di tappatura').click();
  await botSays(page, 'Qual è il codice di stop?');
  await chipsReady(page);
  await page.locator('.chat-options .chat-chip').first().click();
  await botSays(page, 'Descrivi il modo di guasto');
}

/** No sideways scroll: the page is as wide as the window. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describeWith(['postgres', 'chromium'])('stop chats on the floor', () => {
  const suite = browserSuite();

  beforeAll(async () => {
    const res = await fetch(`${suite.app.url}/factory/default_station`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await suite.app.login('frontline')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shopFloorId: 1, lineId: 1, equipmentId: 2 }),
    });
    expect(res.status).toBe(200);
  });

  for (const [size, viewport] of [
    ['tablet', TABLET_VIEWPORT],
    ['phone', PHONE_VIEWPORT],
  ] as const) {
    it(`${size}: defaults the times inside the log's shift, asks before saving in another shift and lands on the shift holding the stop`, async () => {
      const { page } = await suite.newPage(viewport);
      // Yesterday's Turno A (06:00–14:00) is over: the defaults are its last 15 minutes.
      const yesterday = addDays(NOW.day, -1);
      await loginAndOpen(page, 'frontline', `${PLANNED}?day=${yesterday}&shift_code=A&line_id=1`);
      await chipsReady(page);
      await chip(page, 'Pausa mensa').click();
      await botSays(page, 'Vuoi aggiungere una nota?');
      await textbox(page).press('Enter');
      await botSays(page, 'Quando è iniziato e quando è finito lo stop?');
      const shown = async () => Promise.all(['Data inizio', 'Ora inizio', 'Data fine', 'Ora fine'].map((l) => page.getByLabel(l, { exact: true }).inputValue()));
      expect(await shown()).toEqual([yesterday, '13:45', yesterday, '14:00']);

      // Opened from today's Turno A, a stop in the small hours lies in the night shift before it.
      await page.goto(`${PLANNED}?day=${DAY}&shift_code=A&line_id=1`);
      await page.getByRole('button', { name: 'Ricomincia' }).click();
      await chipsReady(page);
      await chip(page, 'Pausa mensa').click();
      await botSays(page, 'Vuoi aggiungere una nota?');
      await textbox(page).fill(`Pausa anticipata (${size})`);
      await textbox(page).press('Enter');
      await botSays(page, 'Quando è iniziato e quando è finito lo stop?');
      const slot = size === 'tablet' ? ['00:30', '00:50'] : ['01:00', '01:20'];
      await fillTimes(page, slot[0]!, slot[1]!);
      await page.getByRole('button', { name: 'Conferma orari' }).click();
      const question = `Lo stop cade nel Turno C del ${ddmm(NIGHT)}: registrarlo lì?`;
      await page.getByText(question).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `stopchat-other-shift-${size}`);

      // 'No' goes back to the times as typed; 'Sì' goes on, and the summary names the shift.
      await page.getByRole('button', { name: 'No, correggi gli orari' }).click();
      await expect(page.getByLabel('Ora inizio', { exact: true }).inputValue()).resolves.toBe(slot[0]);
      await page.getByRole('button', { name: 'Conferma orari' }).click();
      await page.getByRole('button', { name: 'Sì, registra nel Turno C' }).click();
      await botSays(page, 'Ecco il riepilogo');
      const rows = await page.locator('.chat-summary').last().locator('dt').allTextContents();
      expect(rows.at(-1)).toBe('Turno');
      await expect(page.locator('.chat-summary').last().locator('dd').last().textContent()).resolves.toBe(`Turno C del ${ddmm(NIGHT)}`);
      await page.getByRole('button', { name: 'Conferma e registra' }).click();
      await botSays(page, 'Stop pianificato registrato correttamente.');
      await page.waitForURL((u) => u.pathname === '/report-operatore' && u.searchParams.get('shift_code') === 'C', { timeout: 5000 });
      const landed = new URL(page.url()).searchParams;
      expect([landed.get('day'), landed.get('shift_code'), landed.get('line_id')]).toEqual([NIGHT, 'C', '1']);
      // The log of the night shift shows the stop just recorded (a read model: it may take a moment).
      await page.getByText(`Pausa anticipata (${size})`).first().waitFor({ timeout: 15_000 });
      await screenshot(page, `stopchat-landed-${size}`);
      await page.context().close();
    });

    it(`${size}: keeps the answers through a reload ('Riprendi') and asks before leaving mid-chat`, async () => {
      const { page } = await suite.newPage(viewport);
      await openAtFailureMode(page);
      await textbox(page).fill(`Tappi storti in uscita (${size})`);

      // A reload warns first (beforeunload), then offers the chat back.
      expect(await reloadAccepting(page)).toEqual(['beforeunload']);
      await page.getByText(/Hai uno stop non ancora registrato \(passo 5 di 10 · Modo di guasto/).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `stopchat-resume-${size}`);
      await page.getByRole('button', { name: 'Riprendi' }).click();
      await expect(textbox(page).inputValue()).resolves.toBe(`Tappi storti in uscita (${size})`);
      await expect(page.locator('.chat-row-user .chat-text').allTextContents()).resolves.toEqual(expect.arrayContaining(['Testa di tappatura']));

      // Leaving through the app asks; 'Resta nella chat' keeps everything.
      await page.getByRole('link', { name: 'Torna al Registro di Linea' }).click();
      await page.getByRole('dialog', { name: 'Uscire dalla chat?' }).waitFor();
      await screenshot(page, `stopchat-leave-${size}`);
      await page.getByRole('button', { name: 'Resta nella chat' }).click();
      expect(new URL(page.url()).pathname).toBe(UNPLANNED);
      await expect(textbox(page).inputValue()).resolves.toBe(`Tappi storti in uscita (${size})`);

      // 'Esci dalla chat' leaves; back in the chat, 'Ricomincia' starts clean.
      await page.getByRole('link', { name: 'Torna al Registro di Linea' }).click();
      await page.getByRole('button', { name: 'Esci dalla chat' }).click();
      await page.waitForURL((u) => u.pathname === '/report-operatore');
      await page.getByRole('heading', { name: 'Registro di Linea' }).waitFor();
      await page.goto(`${UNPLANNED}?day=${DAY}&line_id=1`);
      await page.getByRole('button', { name: 'Ricomincia' }).click();
      await chipsReady(page);
      await expect(page.locator('.chat-row-user .chat-text').allTextContents()).resolves.toEqual(['Linea 1', 'Capper']);
      await page.context().close();
    });
  }

  it('clears the failure mode typed for a machine when another machine is chosen', async () => {
    const { page } = await suite.newPage();
    await openAtFailureMode(page);
    await textbox(page).fill('Tappi storti in uscita');
    await textbox(page).press('Enter');
    await botSays(page, "Qual è stato l'evento scatenante?");
    // Back to the machine: the failure mode comes back while the machine is the same...
    const back = page.getByRole('button', { name: 'Indietro' });
    await chipsReady(page);
    await back.click();
    await expect(textbox(page).inputValue()).resolves.toBe('Tappi storti in uscita');
    for (let i = 0; i < 3; i++) {
      if (i > 0) await chipsReady(page);
      await back.click();
    }
    await page.locator('.chat-row-bot .chat-text').last().filter({ hasText: 'Su quale macchina?' }).waitFor();
    // ...and is gone once another machine is chosen: it described the Capper.
    await chipsReady(page);
    await chip(page, 'Filler').click();
    await botSays(page, 'In quale area della macchina si è verificato lo stop?');
    await chipsReady(page);
    await page.locator('.chat-options .chat-chip').first().click();
    await botSays(page, 'Qual è il codice di stop?');
    await chipsReady(page);
    await page.locator('.chat-options .chat-chip').first().click();
    await botSays(page, 'Descrivi il modo di guasto');
    await expect(textbox(page).inputValue()).resolves.toBe('');
    await page.context().close();
  });
});
