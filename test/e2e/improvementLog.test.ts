/**
 * The improvement role's line log (/report-miglioramento) in a real browser against the real
 * API (line log §2.4, §4.1, §6, §7): only confirmed reports, read-only until 'Modifica Report o
 * Stop', 'Salva Report' updating or creating the confirmed report, stops edited and deleted in
 * edit mode, and a concurrent change answered with a reload offer. The reports and stops are
 * made through the API by frontline first, on yesterday's shifts (the browser's clock is real).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { handleRecordMachineEvent, MACHINE_SIGNALS_CONTEXT } from '../../commands/machines/recordMachineEvent.js';
import { addDays, todayInRome } from '../../web/src/lib/dates.js';
import { callApi } from '../support/apiClient.js';
import { screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { eventually, loginAndOpen } from '../support/pageActions.js';

const PHONE = { width: 390, height: 844 };

describeWith(['postgres', 'chromium'])('improvement line log', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  let page: Page;
  let frontline: string;
  let support: string;
  const yesterday = addDays(todayInRome(), -1);

  const api = <T>(bearer: string, method: string, path: string, body?: unknown) => callApi<T>(suite.app.url, bearer, method, path, body);

  const report = (line: string, extra: Record<string, unknown> = {}) => ({
    day: yesterday,
    shift_code: 'A',
    line_name: line,
    notes: 'Turno regolare',
    machine_notes: [{ Macchina: 'Riempitrice', Nota: 'Valvola sostituita' }],
    production_volume: 11000,
    waste: 120,
    working_time: 7.5,
    ...extra,
  });

  const confirmedNote = async (line: string) =>
    (
      await api<Record<string, unknown>>(
        support,
        'GET',
        `/factory/shift_notes?${new URLSearchParams({ day: yesterday, shift_code: 'A', line_name: line, confirmed_only: 'true' })}`,
      )
    ).body;

  async function openLog(line: number): Promise<void> {
    await loginAndOpen(page, 'support', `/report-miglioramento?day=${yesterday}&shift_code=A&line_id=${line}`);
    await page.getByLabel('Note di fine turno').waitFor();
  }

  const notesValue = (text: string) => page.waitForFunction((t) => (document.getElementById('line-log-notes') as HTMLTextAreaElement | null)?.value === t, text);

  beforeAll(async () => {
    frontline = await suite.app.login('frontline');
    support = await suite.app.login('support');
    expect((await api(frontline, 'PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(200);
    expect((await api(support, 'PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: null })).status).toBe(200);

    // Line 1: an unplanned stop, then the operator's confirmed report.
    const workpoints = (await api<Array<{ id: number }>>(frontline, 'GET', '/factory/workpoints?equipment_id=1')).body;
    const codes = (await api<Array<{ id: number }>>(frontline, 'GET', `/factory/stop_codes?workpoint_id=${workpoints[0]!.id}`)).body;
    const stop = await api(frontline, 'POST', '/factory/stop_events', {
      workpoint_id: workpoints[0]!.id,
      stop_code_id: codes[0]!.id,
      triggering_event_id: 1,
      failure_mode: 'Bottiglia incastrata',
      corrective_action: 'Rimossa e riavviata',
      start_time: `${yesterday}T08:10`,
      end_time: `${yesterday}T08:25`,
    });
    expect(stop.status).toBe(201);
    expect((await api(frontline, 'POST', '/factory/shift_notes/save', report('Linea 1'))).status).toBe(200);
    expect((await api(frontline, 'POST', '/factory/shift_notes/submit', report('Linea 1'))).status).toBe(200);

    // Line 2: a draft only. Line 3: confirmed, for the concurrency case.
    expect((await api(frontline, 'POST', '/factory/shift_notes/save', report('Linea 2', { notes: 'Bozza non inviata' }))).status).toBe(200);
    expect((await api(frontline, 'POST', '/factory/shift_notes/submit', report('Linea 3'))).status).toBe(200);
  });
  beforeEach(async () => {
    ({ context, page } = await suite.newPage());
  });

  it('shows the confirmed report read-only, then edits report and stops after Modifica Report o Stop', async () => {
    await openLog(1);
    await notesValue('Turno regolare');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Registro di linea');
    await page.getByRole('heading', { name: 'Planned Stops', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Unplanned Stops', exact: true }).waitFor();
    const unplanned = page.getByRole('table', { name: 'Stop non pianificati', exact: true });
    await unplanned.getByText('08:10–08:25').waitFor();
    expect(await page.getByLabel('Note di fine turno').isDisabled()).toBe(true);
    await expect(page.getByLabel('Nota – riga 1').inputValue()).resolves.toBe('Valvola sostituita');
    await expect(page.getByLabel('Ore Lavorate [h]').inputValue()).resolves.toBe('7,5');
    expect(await page.getByRole('button', { name: /^Elimina stop/ }).count()).toBe(0);
    expect(await page.getByLabel('Descrizione – stop delle 08:10').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Salva Report' }).count()).toBe(0);
    // Read-only until 'Modifica Report o Stop': adding a stop is an edit, so no add-stop button yet.
    expect(await page.getByRole('link', { name: /^AGGIUNGI STOP/ }).count()).toBe(0);
    // The spec's English headings are marked as English; the tables are named in Italian.
    await expect(page.getByRole('heading', { name: 'Planned Stops', exact: true }).getAttribute('lang')).resolves.toBe('en');
    await screenshot(page, 'improvement-log-readonly');

    await page.getByRole('button', { name: 'Modifica Report o Stop' }).click();
    await page.getByRole('button', { name: 'Salva Report' }).waitFor();
    await page.getByRole('link', { name: 'AGGIUNGI STOP PIANIFICATO' }).waitFor();
    await page.getByRole('link', { name: 'AGGIUNGI STOP NON PIANIFICATO' }).waitFor();
    expect(await page.getByRole('button', { name: 'Modifica Report o Stop' }).count()).toBe(0);
    expect(await page.getByLabel('Note di fine turno').isEnabled()).toBe(true);
    expect(await page.getByLabel('Giorno', { exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Elimina stop non pianificato delle 08:10' }).waitFor();

    // An edit-mode text box grows with its text: every line of a long corrective action is in view.
    const corrective = page.getByLabel('Azione correttiva – stop delle 08:10');
    await corrective.fill(
      'Fermata la linea, rimossa la bottiglia incastrata, pulita la guida del nastro in ingresso, controllato il sensore di presenza e riavviata la macchina a velocità ridotta per dieci minuti',
    );
    const [scrollHeight, clientHeight] = await corrective.evaluate((t: HTMLTextAreaElement) => [t.scrollHeight, t.clientHeight]);
    expect(scrollHeight).toBeLessThanOrEqual(clientHeight + 1);
    expect(clientHeight).toBeGreaterThan(80);
    // A stop's corrective action, saved on blur.
    await corrective.fill('Rimossa, pulita la guida e riavviata');
    await corrective.press('Tab');
    await eventually(async () => {
      const list = await api<Array<{ corrective_action: string }>>(
        support,
        'GET',
        `/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=1&shift_code=A&day=${yesterday}`,
      );
      expect(list.body[0]?.corrective_action).toBe('Rimossa, pulita la guida e riavviata');
    });

    await page.getByLabel('Note di fine turno').fill('Turno regolare; rivisto dal supporto');
    await screenshot(page, 'improvement-log-editing');
    await page.getByRole('button', { name: 'Salva Report' }).click();
    await page.getByText('Report aggiornato correttamente', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Modifica Report o Stop' }).waitFor();
    expect(await page.getByLabel('Note di fine turno').isDisabled()).toBe(true);
    expect(await confirmedNote('Linea 1')).toMatchObject({ notes: 'Turno regolare; rivisto dal supporto', confirmed: true });

    await page.reload();
    await notesValue('Turno regolare; rivisto dal supporto');
    expect(await page.getByLabel('Note di fine turno').isDisabled()).toBe(true);
  });

  it('shows an unconfirmed draft as empty, and Salva Report creates the confirmed report', async () => {
    await openLog(2);
    await page.getByText('Nessun report confermato per questo turno', { exact: false }).waitFor();
    await expect(page.getByLabel('Note di fine turno').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Volumi Prodotti [pz]').inputValue()).resolves.toBe('');
    await screenshot(page, 'improvement-log-unconfirmed');

    await page.getByRole('button', { name: 'Modifica Report o Stop' }).click();
    // Incomplete: refused on the page with the spec's text.
    await page.getByRole('button', { name: 'Salva Report' }).click();
    await page.getByText('Compila correttamente tutti i dati prima di inviare', { exact: true }).waitFor();

    await page.getByLabel('Note di fine turno').fill('Compilato dal supporto');
    await page.getByLabel('Macchina – riga 1').fill('Capper');
    await page.getByLabel('Volumi Prodotti [pz]').fill('9000');
    await page.getByLabel('Scarto [pz]').fill('80');
    await page.getByLabel('Ore Lavorate [h]').fill('8');
    await page.getByRole('button', { name: 'Salva Report' }).click();
    await page.getByText('Report creato correttamente', { exact: true }).waitFor();
    expect(await confirmedNote('Linea 2')).toMatchObject({ notes: 'Compilato dal supporto', confirmed: true, production_volume: 9000 });
  });

  it('deletes a stop in edit mode through Conferma eliminazione', async () => {
    const planned = await api<{ id: number }>(support, 'POST', '/factory/planned_stops', {
      equipment_id: 1,
      planned_reason_id: 2,
      start_time: `${yesterday}T06:00`,
      end_time: `${yesterday}T06:20`,
      notes: null,
    });
    expect(planned.status).toBe(201);
    await openLog(1);
    const table = page.getByRole('table', { name: 'Stop pianificati', exact: true });
    await table.getByText('06:00–06:20').waitFor();
    await page.getByRole('button', { name: 'Modifica Report o Stop' }).click();
    await page.getByRole('button', { name: 'Elimina stop pianificato delle 06:00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conferma eliminazione' });
    expect(await dialog.textContent()).toContain("Sei sicuro di voler eliminare questo stop? L'azione non è reversibile.");
    await dialog.getByRole('button', { name: 'Elimina' }).click();
    await table.getByText('Nessuno Stop registrato').waitFor();
    const left = await api<unknown[]>(support, 'GET', `/factory/stop_events/planned_by_shift?shop_floor_id=1&lines_id=1&shift_code=A&day=${yesterday}`);
    expect(left.body).toEqual([]);
    // Annulla modifiche leaves edit mode without saving.
    await page.getByLabel('Note di fine turno').fill('Non salvato');
    await page.getByRole('button', { name: 'Annulla modifiche' }).click();
    await page.getByRole('button', { name: 'Modifica Report o Stop' }).waitFor();
    expect(await page.getByLabel('Note di fine turno').inputValue()).not.toBe('Non salvato');
  });

  it('undoes the stop texts saved during the edit with Annulla modifiche, and keeps them with Salva Report', async () => {
    const created = await api<{ id: number }>(support, 'POST', '/factory/planned_stops', {
      equipment_id: 2,
      planned_reason_id: 2,
      start_time: `${yesterday}T07:00`,
      end_time: `${yesterday}T07:20`,
      notes: 'Cambio filtri',
    });
    expect(created.status).toBe(201);
    const savedNote = async () => {
      const list = await api<Array<{ id: number; notes: string | null }>>(
        support,
        'GET',
        `/factory/stop_events/planned_by_shift?shop_floor_id=1&lines_id=1&shift_code=A&day=${yesterday}`,
      );
      return list.body.find((x) => x.id === created.body.id)?.notes;
    };
    await openLog(1);
    const table = page.getByRole('table', { name: 'Stop pianificati', exact: true });
    await table.getByText('Cambio filtri').waitFor();

    // The note is saved on blur, as always; 'Annulla modifiche' writes the old one back.
    await page.getByRole('button', { name: 'Modifica Report o Stop' }).click();
    const cell = page.getByLabel('Note – stop delle 07:00');
    await cell.fill('Cambio filtri e guarnizioni');
    await cell.press('Tab');
    await eventually(async () => expect(await savedNote()).toBe('Cambio filtri e guarnizioni'));
    await cell.fill('Nota scritta e non ancora salvata');
    await page.getByRole('button', { name: 'Annulla modifiche' }).click();
    await page.getByRole('button', { name: 'Modifica Report o Stop' }).waitFor();
    await table.getByText('Cambio filtri', { exact: true }).waitFor();
    await eventually(async () => expect(await savedNote()).toBe('Cambio filtri'));

    // 'Salva Report' keeps what was saved.
    await page.getByRole('button', { name: 'Modifica Report o Stop' }).click();
    await cell.fill('Filtri sostituiti');
    await cell.press('Tab');
    await eventually(async () => expect(await savedNote()).toBe('Filtri sostituiti'));
    await page.getByRole('button', { name: 'Salva Report' }).click();
    await page.getByText('Report aggiornato correttamente', { exact: true }).waitFor();
    await table.getByText('Filtri sostituiti', { exact: true }).waitFor();
    expect(await savedNote()).toBe('Filtri sostituiti');
  });

  it('keeps the edit and offers a reload when someone else changed the report meanwhile', async () => {
    await openLog(3);
    await notesValue('Turno regolare');
    await page.getByRole('button', { name: 'Modifica Report o Stop' }).click();
    await page.getByLabel('Note di fine turno').fill('La mia versione');

    const other = await suite.app.login('demoit');
    const current = await confirmedNote('Linea 3');
    const amended = await api(other, 'PUT', '/factory/shift_notes/update', report('Linea 3', { notes: 'Versione del collega', revision: current.revision }));
    expect(amended.status).toBe(200);

    await page.getByRole('button', { name: 'Salva Report' }).click();
    await page.locator('.save-status', { hasText: 'I dati sono stati modificati da un altro utente: ricarica e riprova' }).waitFor();
    await expect(page.getByLabel('Note di fine turno').inputValue()).resolves.toBe('La mia versione');
    await screenshot(page, 'improvement-log-conflict');
    await page.getByRole('button', { name: 'Ricarica' }).click();
    await notesValue('Versione del collega');
    await page.getByRole('button', { name: 'Modifica Report o Stop' }).waitFor();
  });

  it("lists the stops still running when the report was sent as 'Fermi rilevati dopo l'invio', classified through the edit", async () => {
    // Yesterday's Turno B of Linea 2, sent by the operator; its Filler (4) stopped 15:00-15:20, its
    // Capper (5) stopped at 21:50 and has not run since: it was running at the send.
    const offset = new Date(`${yesterday}T12:00:00Z`).toLocaleString('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'shortOffset' }).endsWith('GMT+2') ? '+02:00' : '+01:00';
    const instant = (hhmm: string) => new Date(`${yesterday}T${hhmm}:00${offset}`).toISOString();
    const context = { ...MACHINE_SIGNALS_CONTEXT, now: new Date() };
    const filler = { shopFloorId: 1, lineId: 2, equipmentId: 4, startTime: instant('15:00') };
    await handleRecordMachineEvent(suite.app.deps, { type: 'MachineStopDetected', data: filler }, context);
    await handleRecordMachineEvent(suite.app.deps, { type: 'MachineRestarted', data: { ...filler, endTime: instant('15:20') } }, context);
    expect((await api(frontline, 'POST', '/factory/shift_notes/submit', report('Linea 2', { shift_code: 'B' }))).status).toBe(200);
    await handleRecordMachineEvent(suite.app.deps, { type: 'MachineStopDetected', data: { shopFloorId: 1, lineId: 2, equipmentId: 5, startTime: instant('21:50') } }, context);
    await suite.app.deps.engine.settle();

    await loginAndOpen(page, 'support', `/report-miglioramento?day=${yesterday}&shift_code=B&line_id=2`);
    const before = page.locator('section.detected-stops', { has: page.getByRole('heading', { name: 'Fermi rilevati da classificare' }) });
    const after = page.locator('section.detected-stops', { has: page.getByRole('heading', { name: "Fermi rilevati dopo l'invio" }) });
    await after.waitFor();
    expect(await before.locator('.detected-stop').allTextContents()).toEqual(['Filler15:00 – 15:20 (20 min)']);
    expect(await after.locator('.detected-stop').allTextContents()).toEqual(['CapperIn corso da 21:50']);
    await expect(after.locator('.detected-stops-hint').textContent()).resolves.toBe("Il report era già inviato: premi 'Modifica Report o Stop' per classificarli.");
    // Read-only until the edit: nothing to press yet.
    expect(await page.getByRole('link', { name: 'Classifica' }).count()).toBe(0);
    await screenshot(page, 'improvement-log-after-submit-1280');

    await page.getByRole('button', { name: 'Modifica Report o Stop' }).click();
    const classify = after.getByRole('link', { name: 'Classifica' });
    await classify.waitFor();
    const href = new URL((await classify.getAttribute('href'))!, suite.app.url);
    expect([href.pathname, href.searchParams.get('equipment_name'), href.searchParams.get('shift_code'), href.searchParams.get('line_id')]).toEqual([
      '/inserimento-loss-ai-operatore',
      'Capper',
      'B',
      '2',
    ]);
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await after.scrollIntoViewIfNeeded();
    await screenshot(page, 'improvement-log-after-submit-390', { viewportOnly: true });
    await page.getByRole('button', { name: 'Annulla modifiche' }).click();
  });

  it('fits a phone in portrait', async () => {
    await context.close();
    ({ context, page } = await suite.newPage(PHONE));
    await openLog(1);
    await page.getByRole('table', { name: 'Stop non pianificati', exact: true }).getByText('08:10–08:25').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'improvement-log-phone');
    await page.getByRole('button', { name: 'Modifica Report o Stop' }).click();
    await page.getByRole('button', { name: 'Salva Report' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'improvement-log-phone-editing');
  });
});
