/**
 * The operator's line log (/report-operatore) in a real browser against the real API (line log
 * §2.1, §4.1, §5, §7, §8): default selection, autosave that survives a reload, a failed save
 * retried without losing the text, a 409 offering a reload, submit through 'Conferma invio' and
 * the lock after it, the machine-note row rules, and the stops tables (inline edit on blur,
 * deletion through 'Conferma eliminazione'). The browser runs on the real clock, so the tests
 * use today's and yesterday's shifts of the demo plant.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, todayInRome } from '../../web/src/lib/dates.js';
import { defaultShiftCode, type ShiftLike } from '../../web/src/features/lineLog/model/defaultShift.js';
import { handleRecordMachineEvent, MACHINE_SIGNALS_CONTEXT } from '../../commands/machines/recordMachineEvent.js';
import { callApi } from '../support/apiClient.js';
import { screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { eventually, loginAndOpen, shownOption } from '../support/pageActions.js';

const PHONE = { width: 390, height: 844 };
/** The Italian offset of a day at noon ('+02:00' in summer). */
const offsetOf = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleString('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'shortOffset' }).endsWith('GMT+2') ? '+02:00' : '+01:00';

/** The select's shown option text. */

describeWith(['postgres', 'chromium'])('operator line log', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const today = todayInRome();
  const yesterday = addDays(today, -1);

  const api = <T>(method: string, path: string, body?: unknown, bearer = token) => callApi<T>(suite.app.url, bearer, method, path, body);

  const note = async (day: string, shift: string, line: string) =>
    (await api<Record<string, unknown>>('GET', `/factory/shift_notes?${new URLSearchParams({ day, shift_code: shift, line_name: line })}`)).body;

  /** Logs frontline in (the station saved on the server fills local storage) and opens the log. */
  async function openLog(query: string): Promise<void> {
    await loginAndOpen(page, 'frontline', `/report-operatore${query}`);
    await page.getByLabel('Note di fine turno').waitFor();
  }

  const waitSaved = () => page.locator('.save-status', { hasText: 'Bozza salvata alle' }).waitFor();

  beforeAll(async () => {
    token = await suite.app.login('frontline');
    expect((await api('PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(200);
  });
  beforeEach(async () => {
    ({ context, page } = await suite.newPage());
  });

  it('starts from today, the station line and the current shift; a new day clears the shift and the default applies again', async () => {
    const shifts = (await api<ShiftLike[]>('GET', `/factory/shifts?day=${today}&shop_floor_id=1`)).body;
    const expected = defaultShiftCode(shifts, new Date());
    await openLog('');
    await page.waitForURL((u) => u.searchParams.get('shift_code') !== null);
    const url = new URL(page.url());
    expect(url.searchParams.get('day')).toBe(today);
    expect(url.searchParams.get('line_id')).toBe('1');
    expect(url.searchParams.get('shift_code')).toBe(expected);
    expect(expected).not.toBe('E');
    await expect(shownOption(page.getByLabel('Linea', { exact: true }))).resolves.toBe('Linea 1');
    await expect(page.getByLabel('Giorno', { exact: true }).inputValue()).resolves.toBe(today);

    // The shift arrows wrap around: from the last shift of the day, next is the first.
    const turno = page.locator('.cycling-select').filter({ has: page.getByLabel('Turno', { exact: true }) });
    await page.getByLabel('Turno', { exact: true }).selectOption('C');
    await turno.getByRole('button', { name: 'Successivo' }).click();
    await page.waitForURL((u) => u.searchParams.get('shift_code') === 'A');
    await turno.getByRole('button', { name: 'Precedente' }).click();
    await page.waitForURL((u) => u.searchParams.get('shift_code') === 'C');

    const before = (await api<ShiftLike[]>('GET', `/factory/shifts?day=${yesterday}&shop_floor_id=1`)).body;
    await page.getByRole('button', { name: 'Giorno precedente' }).click();
    await page.waitForURL((u) => u.searchParams.get('day') === yesterday && u.searchParams.get('shift_code') !== null);
    expect(new URL(page.url()).searchParams.get('shift_code')).toBe(defaultShiftCode(before, new Date()));

    // The add-stop buttons hand the selection to the chatbots.
    const href = await page.getByRole('link', { name: 'AGGIUNGI STOP NON PIANIFICATO' }).getAttribute('href');
    expect(href).toMatch(new RegExp(`^/inserimento-loss-ai-operatore\\?day=${yesterday}&shift_code=[A-Z]&line_id=1$`));
    expect(await page.getByRole('link', { name: 'AGGIUNGI STOP PIANIFICATO' }).getAttribute('href')).toMatch(/^\/inserimento-pianificate-ai-operatore\?day=/);
  });

  it('autosaves the draft, keeps it over a reload, submits through Conferma invio and locks everything', async () => {
    await openLog(`?day=${yesterday}&shift_code=A&line_id=1`);
    const submit = page.getByRole('button', { name: 'CONFERMA e INVIA REPORT' });
    expect(await submit.isDisabled()).toBe(true);
    await screenshot(page, 'line-log-empty');

    await page.getByLabel('Note di fine turno').fill('Turno regolare, cambio formato alle 10');
    await page.getByLabel('Macchina – riga 1').fill('Riempitrice');
    await page.getByLabel('Nota – riga 1').fill('Valvola sostituita');
    await page.getByLabel('Volumi Prodotti [pz]').fill('11000');
    await page.getByLabel('Scarto [pz]').fill('120');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Ore Lavorate [h]').fill('7,5');
    expect(await submit.isEnabled()).toBe(true);
    await waitSaved();
    expect(await note(yesterday, 'A', 'Linea 1')).toMatchObject({
      notes: 'Turno regolare, cambio formato alle 10',
      machine_notes: [{ Macchina: 'Riempitrice', Nota: 'Valvola sostituita' }],
      production_volume: 11000,
      waste: 120,
      working_time: 7.5,
      confirmed: false,
    });

    await page.reload();
    await page.getByLabel('Note di fine turno').waitFor();
    await page.waitForFunction(() => (document.getElementById('line-log-notes') as HTMLTextAreaElement | null)?.value !== '');
    await expect(page.getByLabel('Note di fine turno').inputValue()).resolves.toBe('Turno regolare, cambio formato alle 10');
    await expect(page.getByLabel('Nota – riga 1').inputValue()).resolves.toBe('Valvola sostituita');
    await expect(page.getByLabel('Ore Lavorate [h]').inputValue()).resolves.toBe('7,5');
    await screenshot(page, 'line-log-filled');
    await screenshot(page, 'line-log-tablet-viewport', { viewportOnly: true });

    // Conferma invio closes on Escape and on its close button, and sends on Conferma.
    const dialog = page.getByRole('dialog', { name: 'Conferma invio' });
    await submit.click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Dopo la conferma non sarà più possibile modificare le note e gli stop di questo turno.');
    await screenshot(page, 'line-log-confirm');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await submit.click();
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await dialog.waitFor({ state: 'detached' });
    await submit.click();
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('Report inviato correttamente', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    expect(await page.getByLabel('Note di fine turno').isDisabled()).toBe(true);
    expect(await page.getByLabel('Volumi Prodotti [pz]').isDisabled()).toBe(true);
    expect(await page.getByLabel('Macchina – riga 1').isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: /AGGIUNGI STOP/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Aggiungi riga' }).count()).toBe(0);
    expect(await note(yesterday, 'A', 'Linea 1')).toMatchObject({ confirmed: true, notes: 'Turno regolare, cambio formato alle 10' });
    await screenshot(page, 'line-log-submitted');

    // The send button now looks disabled (issue 22); a click still says why, for 3 seconds.
    await expect(submit.getAttribute('aria-disabled')).resolves.toBe('true');
    await submit.click({ force: true });
    const refusal = page.getByText('Report già inviato', { exact: true });
    await refusal.waitFor();
    await refusal.waitFor({ state: 'detached', timeout: 5000 });

    await page.reload();
    await page.getByText('Report inviato: note, dati e stop di questo turno non sono più modificabili.').waitFor();
    expect(await page.getByLabel('Note di fine turno').isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: /AGGIUNGI STOP/ }).count()).toBe(0);
  });

  for (const [size, viewport] of [
    ['tablet', undefined],
    ['phone', PHONE],
  ] as const) {
    it(`${size}: on a future day the send button looks disabled and no stop can be added`, async () => {
      if (viewport) await page.setViewportSize(viewport);
      await openLog(`?day=${addDays(today, 1)}&shift_code=A&line_id=1`);
      await page.getByText('Giorno futuro: il report si compila dal giorno stesso.').first().waitFor();
      const submit = page.getByRole('button', { name: 'CONFERMA e INVIA REPORT' });
      await expect(submit.getAttribute('aria-disabled')).resolves.toBe('true');
      expect(await page.getByRole('link', { name: /AGGIUNGI STOP/ }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `line-log-future-${size}`);
    });
  }

  it('refuses to remove a row with text for 3 seconds, removes empty rows and stops at 10 rows', async () => {
    await openLog(`?day=${yesterday}&shift_code=B&line_id=2`);
    await page.getByLabel('Macchina – riga 1').fill('Capper');
    await page.getByRole('button', { name: 'Elimina riga 1' }).click();
    const error = page.getByText('Errore: riga non vuota, svuotarla prima di cancellarla', { exact: true });
    await error.waitFor();
    const shownAt = Date.now();
    await screenshot(page, 'line-log-row-error');
    await error.waitFor({ state: 'detached', timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    await expect(page.getByLabel('Macchina – riga 1').inputValue()).resolves.toBe('Capper');

    const add = page.getByRole('button', { name: 'Aggiungi riga' });
    for (let i = 0; i < 9; i++) await add.click();
    expect(await page.locator('.machine-note-row').count()).toBe(10);
    expect(await add.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Elimina riga 10' }).click();
    expect(await page.locator('.machine-note-row').count()).toBe(9);
    expect(await add.isEnabled()).toBe(true);
    await expect(page.getByText('9/10', { exact: true }).count()).resolves.toBe(1);

    // Figures the server would refuse are named on the field and not sent; the text stays.
    await page.getByLabel('Ore Lavorate [h]').fill('9');
    await page.getByText('Al massimo 8 ore (durata del turno)', { exact: true }).waitFor();
    await page.locator('.save-status', { hasText: 'Valori non validi: correggi i campi evidenziati per salvare' }).waitFor();
    await page.getByLabel('Volumi Prodotti [pz]').fill('11.000');
    await page.getByText('Scrivi il numero senza punti delle migliaia (decimali con la virgola)', { exact: true }).waitFor();
    await page.getByLabel('Volumi Prodotti [pz]').fill('11000');
    await page.getByLabel('Ore Lavorate [h]').fill('8');
    await waitSaved();
    expect(await note(yesterday, 'B', 'Linea 2')).toMatchObject({ production_volume: 11000, working_time: 8 });
  });

  it('keeps the text when a save fails, tries again, and offers a reload after a concurrent change', async () => {
    await openLog(`?day=${yesterday}&shift_code=C&line_id=2`);
    let failing = true;
    await page.route('**/factory/shift_notes/save', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"UNAVAILABLE","message":"Non disponibile"}}' }) : route.continue(),
    );
    await page.getByLabel('Note di fine turno').fill('Testo da non perdere');
    await page.locator('.save-status', { hasText: 'Salvataggio non riuscito: nuovo tentativo tra pochi secondi' }).waitFor();
    await screenshot(page, 'line-log-retrying');
    await expect(page.getByLabel('Note di fine turno').inputValue()).resolves.toBe('Testo da non perdere');
    failing = false;
    await page.locator('.save-status', { hasText: 'Bozza salvata alle' }).waitFor({ timeout: 15_000 });
    expect(await note(yesterday, 'C', 'Linea 2')).toMatchObject({ notes: 'Testo da non perdere' });

    // Someone else saves the same report: the next autosave gets 409 and the page offers a reload.
    const other = await suite.app.login('demoit');
    const current = await note(yesterday, 'C', 'Linea 2');
    const saved = await api(
      'POST',
      '/factory/shift_notes/save',
      { day: yesterday, shift_code: 'C', line_name: 'Linea 2', notes: 'Scritto da un collega', revision: current.revision },
      other,
    );
    expect(saved.status).toBe(200);
    await page.getByLabel('Note di fine turno').fill('Testo da non perdere, aggiornato');
    await page.locator('.save-status', { hasText: 'I dati sono stati modificati da un altro utente: ricarica e riprova' }).waitFor();
    await expect(page.getByLabel('Note di fine turno').inputValue()).resolves.toBe('Testo da non perdere, aggiornato');
    expect(await page.getByLabel('Note di fine turno').isDisabled()).toBe(true);
    await screenshot(page, 'line-log-conflict');
    await page.getByRole('button', { name: 'Ricarica' }).click();
    await page.waitForFunction(() => (document.getElementById('line-log-notes') as HTMLTextAreaElement | null)?.value === 'Scritto da un collega');
    expect(await page.getByLabel('Note di fine turno').isEnabled()).toBe(true);
    await page.getByLabel('Note di fine turno').fill('Ripreso dopo la ricarica');
    await waitSaved();
    expect(await note(yesterday, 'C', 'Linea 2')).toMatchObject({ notes: 'Ripreso dopo la ricarica' });
  });

  it('lists the shift stops by time, saves inline edits on blur and deletes through Conferma eliminazione', async () => {
    // Line 3's Filler (equipment 7): one planned and two unplanned stops in yesterday's shift B.
    const workpoints = (await api<Array<{ id: number }>>('GET', '/factory/workpoints?equipment_id=7')).body;
    const codes = (await api<Array<{ id: number; name: string }>>('GET', `/factory/stop_codes?workpoint_id=${workpoints[0]!.id}`)).body;
    const triggers = (await api<Array<{ id: number }>>('GET', '/factory/triggering_events')).body;
    const unplanned = async (start: string, end: string, failure: string) => {
      const res = await api<{ id: number }>('POST', '/factory/stop_events', {
        workpoint_id: workpoints[0]!.id,
        stop_code_id: codes[0]!.id,
        triggering_event_id: triggers[0]!.id,
        failure_mode: failure,
        corrective_action: 'Riavvio',
        start_time: `${yesterday}T${start}`,
        end_time: `${yesterday}T${end}`,
        action_cleaning: true,
      });
      expect(res.status).toBe(201);
      return res.body.id;
    };
    await unplanned('17:40', '17:55', 'Secondo stop');
    const first = await unplanned('15:10', '15:25', 'Bottiglia incastrata');
    const planned = await api<{ id: number }>('POST', '/factory/planned_stops', {
      equipment_id: 7,
      planned_reason_id: 1,
      start_time: `${yesterday}T14:05`,
      end_time: `${yesterday}T14:35`,
      notes: 'Cambio formato 0,5 L',
    });
    expect(planned.status).toBe(201);

    await openLog(`?day=${yesterday}&shift_code=B&line_id=3`);
    const unplannedTable = page.getByRole('table', { name: 'Stop non pianificati' });
    const plannedTable = page.getByRole('table', { name: 'Stop pianificati' });
    await unplannedTable.getByText('15:10–15:25').waitFor();
    const times = await unplannedTable.locator('tbody tr td:first-child').allTextContents();
    expect(times).toEqual(['15:10–15:25', '17:40–17:55']);
    expect(await unplannedTable.textContent()).toContain(codes[0]!.name);
    expect(await plannedTable.textContent()).toContain('14:05–14:35');
    await screenshot(page, 'line-log-stops');

    // Failure mode: saved on blur; emptied, it goes back to the saved text.
    const failure = page.getByLabel('Descrizione – stop delle 15:10');
    await failure.fill('Bottiglia incastrata nel nastro');
    await failure.press('Tab');
    const listed = async () =>
      (await api<Array<{ id: number; failure_mode: string }>>('GET', `/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=3&shift_code=B&day=${yesterday}`)).body;
    await eventually(async () => expect((await listed()).find((s) => s.id === first)?.failure_mode).toBe('Bottiglia incastrata nel nastro'));
    await page.waitForFunction(() => !document.querySelector('.stop-text-status'));
    await failure.fill('');
    await failure.press('Tab');
    await expect(failure.inputValue()).resolves.toBe('Bottiglia incastrata nel nastro');

    // Planned notes are saved even when emptied.
    const notes = page.getByLabel('Note – stop delle 14:05');
    await notes.fill('');
    await notes.press('Tab');
    await eventually(async () => {
      const list = await api<Array<{ notes: string | null }>>('GET', `/factory/stop_events/planned_by_shift?shop_floor_id=1&lines_id=3&shift_code=B&day=${yesterday}`);
      expect(list.body[0]?.notes).toBeNull();
    });

    await page.reload();
    await page.getByLabel('Descrizione – stop delle 15:10').waitFor();
    await expect(page.getByLabel('Descrizione – stop delle 15:10').inputValue()).resolves.toBe('Bottiglia incastrata nel nastro');

    // Delete: the modal closes on Escape; Elimina removes the stop.
    const dialog = page.getByRole('dialog', { name: 'Conferma eliminazione' });
    await page.getByRole('button', { name: 'Elimina stop non pianificato delle 15:10' }).click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Sei sicuro di voler eliminare questo stop? L'azione non è reversibile.");
    await screenshot(page, 'line-log-delete');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Elimina stop non pianificato delle 15:10' }).click();
    await dialog.getByRole('button', { name: 'Elimina' }).click();
    await dialog.waitFor({ state: 'detached' });
    await unplannedTable.getByText('15:10–15:25').waitFor({ state: 'detached' });
    expect((await listed()).map((s) => s.id)).not.toContain(first);

    await page.getByRole('button', { name: 'Elimina stop pianificato delle 14:05' }).click();
    await dialog.getByRole('button', { name: 'Elimina' }).click();
    await plannedTable.getByText('Nessuno Stop registrato').waitFor();

    // Searching for what no stop has gives the filters' empty text.
    await unplannedTable.getByLabel('Cerca in Codice di stop').fill('nessun codice così');
    await unplannedTable.getByText('Nessuno stop registrato per i filtri correnti').waitFor();
    await screenshot(page, 'line-log-empty-states');
  });

  it('suggests the pieces the machine counted in the shift; the operator takes one with a tap and types the other', async () => {
    // Yesterday's shift B of Linea 1, counted by its last machine, the Cartoner (3): 14:00 and 15:00, and a Filler count that is not the line's.
    const folds: Array<[number, string, number, number]> = [
      [3, '14:00', 3_000, 12],
      [3, '15:00', 2_500, 8],
      [1, '15:00', 9_000, 0],
    ];
    for (const [equipmentId, hhmm, good, reject] of folds) {
      const hour = new Date(`${yesterday}T${hhmm}:00${offsetOf(yesterday)}`).toISOString();
      const data = { shopFloorId: 1, lineId: 1, equipmentId, hour, firstAt: hour, lastAt: hour, good, reject, microStops: 0, microStopMinutes: 0 };
      await handleRecordMachineEvent(suite.app.deps, { type: 'MachineHourCounted', data }, { ...MACHINE_SIGNALS_CONTEXT, now: new Date() });
    }
    await suite.app.deps.engine.settle();
    await page.setViewportSize({ width: 1280, height: 800 });
    await openLog(`?day=${yesterday}&shift_code=B&line_id=1`);
    const volume = page.getByLabel('Volumi Prodotti [pz]');
    const suggestions = page.getByTestId('figure-count');
    await suggestions.first().waitFor();
    // The machine counted 2 of the shift's 8 hours: the suggestion says so, and taking it asks first.
    expect(await suggestions.allTextContents()).toEqual(['Conteggio macchina: 5500 pzcontate 2 ore su 8Usa conteggio', 'Conteggio macchina: 20 pzcontate 2 ore su 8Usa conteggio']);
    // A suggestion writes nothing until the operator takes it.
    expect(await note(yesterday, 'B', 'Linea 1')).toMatchObject({ production_volume: null, waste: null });
    const prompt = page.getByRole('dialog', { name: 'Conteggio parziale' });
    await page.getByRole('button', { name: 'Usa conteggio per Volumi Prodotti' }).click();
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(
      'La macchina ha contato 2 ore delle 8 del turno: nelle altre 6 non ha inviato conteggi, quindi 5500 pz possono non essere il dato del turno.',
    );
    for (const size of [{ width: 1280, height: 800 }, PHONE]) {
      await page.setViewportSize(size);
      await screenshot(page, `line-log-partial-count-${size.width}`, { viewportOnly: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await prompt.getByRole('button', { name: 'Annulla' }).click();
    await prompt.waitFor({ state: 'detached' });
    await expect(volume.inputValue()).resolves.toBe('');
    await page
      .locator('.figures')
      .screenshot({ path: '/tmp/counts-report-1280.png' })
      .catch(() => undefined);

    await page.getByRole('button', { name: 'Usa conteggio per Volumi Prodotti' }).click();
    await prompt.getByRole('button', { name: 'Usa comunque' }).click();
    await expect(volume.inputValue()).resolves.toBe('5500');
    await suggestions.first().getByText('✓ usato').waitFor();
    // The operator counted 25 rejects by hand: the typed figure is the record.
    await page.getByLabel('Scarto [pz]').fill('25');
    await page.getByLabel('Note di fine turno').click();
    await waitSaved();
    expect(await note(yesterday, 'B', 'Linea 1')).toMatchObject({ production_volume: 5500, waste: 25 });
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page
      .locator('.figures')
      .screenshot({ path: '/tmp/counts-report-390.png' })
      .catch(() => undefined);
  });

  it('takes a count of every hour of the shift at once, without asking', async () => {
    // Yesterday's shift A of Linea 3 (06:00-14:00), its Cartoner (9) counting 1,000 pieces in each of the 8 hours.
    for (let h = 6; h < 14; h += 1) {
      const hour = new Date(`${yesterday}T${String(h).padStart(2, '0')}:00:00${offsetOf(yesterday)}`).toISOString();
      const data = { shopFloorId: 1, lineId: 3, equipmentId: 9, hour, firstAt: hour, lastAt: hour, good: 1_000, reject: 5, microStops: 0, microStopMinutes: 0 };
      await handleRecordMachineEvent(suite.app.deps, { type: 'MachineHourCounted', data }, { ...MACHINE_SIGNALS_CONTEXT, now: new Date() });
    }
    await suite.app.deps.engine.settle();
    await openLog(`?day=${yesterday}&shift_code=A&line_id=3`);
    const suggestions = page.getByTestId('figure-count');
    await suggestions.first().waitFor();
    expect(await suggestions.first().textContent()).toBe('Conteggio macchina: 8000 pzcontate 8 ore su 8Usa conteggio');
    await page.getByRole('button', { name: 'Usa conteggio per Volumi Prodotti' }).click();
    await expect(page.getByLabel('Volumi Prodotti [pz]').inputValue()).resolves.toBe('8000');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('asks before sending a shift that has not ended yet', async () => {
    // The regular shift running now, on Linea 2: yesterday's Turno C until 06:00, else one of today's.
    const now = Date.now();
    const running = [
      ...(await api<Array<ShiftLike & { start_time: string; end_time: string; shift_day: string }>>('GET', `/factory/shifts?day=${yesterday}&shop_floor_id=1`)).body,
      ...(await api<Array<ShiftLike & { start_time: string; end_time: string; shift_day: string }>>('GET', `/factory/shifts?day=${today}&shop_floor_id=1`)).body,
    ].find((s) => s.code !== 'E' && Date.parse(s.start_time) <= now && now < Date.parse(s.end_time))!;
    const endsAt = new Date(running.end_time).toLocaleTimeString('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });
    await openLog(`?day=${running.shift_day}&shift_code=${running.code}&line_id=2`);
    await page.getByLabel('Note di fine turno').fill('Turno in corso');
    await page.getByLabel('Macchina – riga 1').fill('Filler');
    await page.getByLabel('Volumi Prodotti [pz]').fill('4000');
    await page.getByLabel('Scarto [pz]').fill('10');
    await page.getByLabel('Ore Lavorate [h]').fill('3');
    await waitSaved();
    const dialog = page.getByRole('dialog', { name: 'Conferma invio' });
    await page.getByRole('button', { name: 'CONFERMA e INVIA REPORT' }).click();
    await dialog.waitFor();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe(`Il turno finisce alle ${endsAt}: inviare adesso?`);
    for (const size of [{ width: 1280, height: 800 }, PHONE]) {
      await page.setViewportSize(size);
      await screenshot(page, `line-log-early-send-${size.width}`, { viewportOnly: true });
    }
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await note(running.shift_day, running.code, 'Linea 2')).toMatchObject({ confirmed: false });
  });

  it('fits a phone in portrait: fields stack and the tables become cards', async () => {
    await context.close();
    ({ context, page } = await suite.newPage(PHONE));
    await openLog(`?day=${yesterday}&shift_code=A&line_id=1`);
    await page.getByText('Report inviato: note, dati e stop di questo turno non sono più modificabili.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'line-log-phone-submitted');
    await page.goto(`/report-operatore?day=${today}&line_id=2`);
    await page.getByLabel('Note di fine turno').waitFor();
    await page.getByLabel('Macchina – riga 1').fill('Cartoner');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The tables are cards: nothing scrolls sideways.
    const wrap = page.locator('.stops-unplanned');
    expect(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'line-log-phone');
    await screenshot(page, 'line-log-phone-viewport', { viewportOnly: true });
  });
});
