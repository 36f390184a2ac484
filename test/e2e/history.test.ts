/**
 * 'Storico modifiche' and 'Come inviato' in a real browser against the real API (docs/audit.md):
 * the operator submits a report through the API, the improvement staff corrects it and a stop,
 * then support opens the improvement line log, reads the report's and the stop's history (newest
 * first, each change highlighted) and compares the log as submitted with the current one, on
 * the tablet and on a phone.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, todayInRome } from '../../web/src/lib/dates.js';
import { callApi } from '../support/apiClient.js';
import { screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { loginAndOpen, loginTo, storeStation } from '../support/pageActions.js';

const PHONE = { width: 390, height: 844 };

describeWith(['postgres', 'chromium'])('history of an amended report', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  let page: Page;
  let frontline: string;
  let support: string;
  let admin: string;
  const yesterday = addDays(todayInRome(), -1);
  const shown = yesterday.split('-').reverse().join('/');

  const api = <T>(bearer: string, method: string, path: string, body?: unknown) => callApi<T>(suite.app.url, bearer, method, path, body);
  const report = (extra: Record<string, unknown> = {}) => ({
    day: yesterday,
    shift_code: 'A',
    line_name: 'Linea 1',
    notes: 'Turno regolare',
    machine_notes: [{ Macchina: 'Riempitrice', Nota: 'Valvola sostituita' }],
    production_volume: 11000,
    waste: 120,
    working_time: 7.5,
    ...extra,
  });
  /** Lets the clock move on, so the correction never shares the submission's millisecond. */
  const tick = () => new Promise((r) => setTimeout(r, 20));

  beforeAll(async () => {
    frontline = await suite.app.login('frontline');
    support = await suite.app.login('support');
    expect((await api(frontline, 'PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(200);
    expect((await api(support, 'PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: null })).status).toBe(200);
    admin = await suite.app.login('admin');
    expect((await api(admin, 'PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(200);
    const workpoints = (await api<Array<{ id: number }>>(frontline, 'GET', '/factory/workpoints?equipment_id=1')).body;
    const codes = (await api<Array<{ id: number }>>(frontline, 'GET', `/factory/stop_codes?workpoint_id=${workpoints[0]!.id}`)).body;
    const stop = await api<{ id: number }>(frontline, 'POST', '/factory/stop_events', {
      workpoint_id: workpoints[0]!.id,
      stop_code_id: codes[0]!.id,
      triggering_event_id: 1,
      failure_mode: 'Bottiglia incastrata',
      corrective_action: 'Rimossa e riavviata',
      start_time: `${yesterday}T08:10`,
      end_time: `${yesterday}T08:25`,
    });
    expect(stop.status).toBe(201);
    expect((await api(frontline, 'POST', '/factory/shift_notes/save', report({ notes: 'Inizio turno', waste: null }))).status).toBe(200);
    await tick();
    const sent = await api<{ revision: number }>(frontline, 'POST', '/factory/shift_notes/submit', report());
    expect(sent.status).toBe(200);
    // A second and more, so a moment picked to the second lies between submission and correction.
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await api(support, 'PUT', '/factory/shift_notes/update', report({ notes: 'Turno regolare; scarto ricontato', waste: 150, revision: sent.body.revision }))).status).toBe(
      200,
    );
    expect(
      (await api(support, 'POST', '/factory/stop_events/update_unplanned_details', { id: stop.body.id, field: 'failure_mode', value: 'Bottiglia caduta in ingresso' })).status,
    ).toBe(200);
    expect((await api(support, 'POST', '/factory/root_cause', { stop_event_id: stop.body.id, root_cause: 'Guida usurata', troubleshooting: '' })).status).toBe(200);
    expect((await api(support, 'POST', '/factory/root_cause', { stop_event_id: stop.body.id, root_cause: 'Guida usurata', troubleshooting: 'Sostituita la guida' })).status).toBe(
      200,
    );
    const action = await api<{ id: number }>(support, 'POST', '/factory/dbr_actions', {
      day: todayInRome(),
      due_shift: null,
      line: 'Linea 1',
      equipment: null,
      owner: 'Rossi',
      supportBy: '',
      activity: 'Pulire la guida del Filler',
    });
    expect(action.status).toBe(201);
    expect((await api(frontline, 'PATCH', `/factory/dbr_actions/${action.body.id}/mark-executed`)).status).toBe(200);
  });

  async function openLog(viewport?: { width: number; height: number }, username = 'support'): Promise<void> {
    ({ context, page } = await suite.newPage(viewport));
    await loginAndOpen(page, username, `/report-miglioramento?day=${yesterday}&shift_code=A&line_id=1`);
    await page.waitForFunction(() => (document.getElementById('line-log-notes') as HTMLTextAreaElement | null)?.value === 'Turno regolare; scarto ricontato');
  }

  /** The drawer's steps, newest first: [label, who, changes as 'label: before → after']. */
  const steps = (drawer: ReturnType<Page['getByRole']>) =>
    drawer
      .locator('.history-step')
      .evaluateAll((items) =>
        items.map((li) => [
          li.querySelector('.history-step-label')?.textContent,
          li.querySelector('.history-step-by')?.textContent,
          [...li.querySelectorAll('.history-change')].map(
            (c) => `${c.querySelector('dt')?.textContent}: ${c.querySelector('del')?.textContent ?? ''} → ${c.querySelector('ins')?.textContent}`,
          ),
        ]),
      );

  async function readHistories(name: string): Promise<void> {
    await page.getByRole('button', { name: `Storico modifiche – Report Linea 1, ${shown}, turno A` }).click();
    const drawer = page.getByRole('dialog', { name: 'Storico modifiche' });
    await drawer.locator('.history-step').nth(2).waitFor();
    expect(await steps(drawer)).toEqual([
      ['Report corretto', 'support (support)', ['Note di fine turno: Turno regolare → Turno regolare; scarto ricontato', 'Scarto [pz]: 120 → 150']],
      ['Report inviato', 'frontline (frontline)', ['Note di fine turno: Inizio turno → Turno regolare', 'Scarto [pz]:  → 120']],
      [
        'Bozza salvata',
        'frontline (frontline)',
        ['Note di fine turno:  → Inizio turno', 'Note macchina:  → Macchina: Riempitrice · Nota: Valvola sostituita', 'Volumi Prodotti [pz]:  → 11000', 'Ore Lavorate [h]:  → 7,5'],
      ],
    ]);
    await screenshot(page, `${name}-report-history`);
    await drawer.getByRole('button', { name: 'Chiudi' }).click();
    await drawer.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Storico modifiche – Stop non pianificato delle 08:10–08:25' }).click();
    const stopDrawer = page.getByRole('dialog', { name: 'Storico modifiche' });
    await stopDrawer.locator('.history-step').nth(1).waitFor();
    const stopSteps = await steps(stopDrawer);
    expect(stopSteps[0]).toEqual(['Stop modificato', 'support (support)', ['Descrizione: Bottiglia incastrata → Bottiglia caduta in ingresso']]);
    expect(stopSteps[1]!.slice(0, 2)).toEqual(['Stop registrato', 'frontline (frontline)']);
    await page.keyboard.press('Escape');
    await stopDrawer.waitFor({ state: 'detached' });
  }

  async function compare(name: string): Promise<void> {
    await page.getByRole('button', { name: 'Come inviato' }).click();
    const table = page.getByRole('table');
    await table.locator('th', { hasText: /^Come inviato \(/ }).waitFor({ state: 'attached' });
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [
          tr.querySelector('.versions-label')?.textContent,
          tr.querySelectorAll('td')[0]?.textContent,
          tr.querySelectorAll('td')[1]?.textContent,
          tr.classList.contains('is-different'),
        ]),
      );
    expect(rows).toEqual([
      ['Note di fine turno', 'Turno regolare', 'Turno regolare; scarto ricontato', true],
      ['Note macchina', 'Macchina: Riempitrice · Nota: Valvola sostituita', 'Macchina: Riempitrice · Nota: Valvola sostituita', false],
      ['Volumi Prodotti [pz]', '11000', '11000', false],
      ['Scarto [pz]', '120', '150', true],
      ['Ore Lavorate [h]', '7,5', '7,5', false],
      ['Orario', '08:10–08:25', '08:10–08:25', false],
      ['Macchina / Area', expect.any(String), expect.any(String), false],
      ['Codice di stop', expect.any(String), expect.any(String), false],
      ['Descrizione', 'Bottiglia incastrata', 'Bottiglia caduta in ingresso', true],
      ['Azione correttiva', 'Rimossa e riavviata', 'Rimossa e riavviata', false],
    ]);
    await page.getByText('3 campi diversi, evidenziati.').waitFor();
    await screenshot(page, `${name}-as-submitted`);
    await page.getByRole('button', { name: 'Attuale' }).click();
    await page.getByLabel('Note di fine turno').waitFor();
  }

  it("on the tablet: support reads the operator's submission and its correction, then compares them", async () => {
    await openLog();
    await readHistories('history-tablet');
    await compare('history-tablet');
  });

  async function otherDrawers(name: string, viewport?: { width: number; height: number }): Promise<void> {
    ({ context, page } = await suite.newPage(viewport));
    await loginTo(page, 'support');
    await storeStation(page);
    await page.goto('/rca-miglioramento');
    await page.getByRole('button', { name: /^Storico modifiche – Analisi dello stop/ }).waitFor();
    await screenshot(page, `${name}-root-cause-table`);
    await page.getByRole('button', { name: /^Storico modifiche – Analisi dello stop/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Storico modifiche' });
    await drawer.locator('.history-step').nth(1).waitFor();
    expect((await steps(drawer))[0]).toEqual(['Analisi salvata', 'support (support)', ['Soluzione:  → Sostituita la guida']]);
    await screenshot(page, `${name}-root-cause`);
    await page.keyboard.press('Escape');

    await page.goto('/azioni-dbr-miglioramento');
    await page.getByRole('button', { name: 'Storico modifiche – Azione DBR: Pulire la guida del Filler' }).waitFor();
    await screenshot(page, `${name}-dbr-table`);
    await page.getByRole('button', { name: 'Storico modifiche – Azione DBR: Pulire la guida del Filler' }).click();
    await drawer.locator('.history-step').nth(1).waitFor();
    expect((await steps(drawer)).map((s) => s.slice(0, 2))).toEqual([
      ['Azione eseguita', 'frontline (frontline)'],
      ['Azione creata', 'support (support)'],
    ]);
    await screenshot(page, `${name}-dbr-action`);
  }

  it('opens the history of an analysis in the Root Cause Tool and of a DBR action, on the tablet and on a phone', async () => {
    await otherDrawers('history-tablet');
    await context.close();
    await otherDrawers('history-phone', PHONE);
  });

  it('lets admin (only admin) compare any moment with now: the second after the submission', async () => {
    await openLog();
    expect(await page.getByLabel('Al momento').count()).toBe(0);
    await context.close();

    const history = (await api<Array<{ type: string; at: string }>>(admin, 'GET', `/factory/shift_notes/history?day=${yesterday}&shift_code=A&line_name=Linea%201`)).body;
    const submitted = history.find((e) => e.type === 'ShiftReportSubmitted')!.at;
    const nextSecond = new Date(Math.floor(Date.parse(submitted) / 1000) * 1000 + 1000);
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .format(nextSecond)
      .replace(' ', 'T');
    await openLog(undefined, 'admin');
    await page.getByLabel('Al momento').fill(wall);
    const table = page.getByRole('table');
    await table.locator('th', { hasText: `Al ${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)} ${wall.slice(11)}` }).waitFor();
    await page.getByText('3 campi diversi, evidenziati.').waitFor();
    const scrap = table.locator('tbody tr', { hasText: 'Scarto [pz]' });
    expect(await scrap.locator('td').allTextContents()).toEqual(['120', '150']);
    await screenshot(page, 'history-tablet-admin-moment');
  });

  it('on a phone: the same drawer and comparison', async () => {
    await openLog(PHONE);
    await readHistories('history-phone');
    await compare('history-phone');
  });
});
