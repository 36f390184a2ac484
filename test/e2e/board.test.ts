/**
 * 'Tabellone' (issue 24, docs/board.md) on a 1920×1080 TV, the line's tablet and a phone, with the
 * server's clock at 11:00 in Rome on 10 June 2031 (shift A, 06:00–14:00): the display account lands
 * on the board and nowhere else, chooses its line once (kept after a reload), sees a stop recorded
 * on a tablet within 5 s, and says plainly when it has lost the server.
 */
import type { Page } from 'playwright-core';
import { NOW, TODAY } from '../builders/shiftNotesTestKit.js';
import { handleRecordMachineEvent, MACHINE_SIGNALS_CONTEXT } from '../../commands/machines/recordMachineEvent.js';
import { callApi } from '../support/apiClient.js';
import { PHONE_VIEWPORT, screenshot, TABLET_VIEWPORT } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { fillLogin } from '../support/pageActions.js';

const TV = { width: 1920, height: 1080 };
const PASSWORD = 'tabellone della linea 1';
/** Linea 1's counted hours of shift A: [hour, good pieces]. */
const HOURS: Array<[string, number]> = [
  ['06:00', 12_400],
  ['07:00', 9_800],
  ['08:00', 12_000],
  ['10:00', 11_950],
];

describeWith(['postgres', 'chromium'])('the TV board', () => {
  const suite = browserSuite({ app: { clock: () => new Date(NOW) } });
  const tokens: Record<string, string> = {};
  const api = <T>(as: string, method: string, path: string, body?: unknown) => callApi<T>(suite.app.url, tokens[as], method, path, body);

  async function stop(from: string, to: string, failure: string): Promise<void> {
    const wp = (await api<Array<{ id: number }>>('frontline', 'GET', '/factory/workpoints?equipment_id=1')).body[0]!.id;
    const code = (await api<Array<{ id: number }>>('frontline', 'GET', `/factory/stop_codes?workpoint_id=${wp}`)).body[0]!.id;
    const r = await api('frontline', 'POST', '/factory/stop_events', {
      workpoint_id: wp,
      stop_code_id: code,
      triggering_event_id: 1,
      failure_mode: failure,
      corrective_action: 'Riavvio',
      start_time: `${TODAY}T${from}`,
      end_time: `${TODAY}T${to}`,
    });
    expect(r.status).toBe(201);
  }

  const noSidewaysScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  beforeAll(async () => {
    for (const user of ['frontline', 'admin']) tokens[user] = await suite.app.login(user);
    expect((await api('admin', 'POST', '/admin/users', { username: 'tv-linea1', display_name: 'TV Linea 1', role: 'display', password: PASSWORD })).status).toBe(201);
    expect(
      (
        await api('frontline', 'POST', '/factory/shift_notes/save', {
          shift_code: 'A',
          day: TODAY,
          line_name: 'Linea 1',
          notes: '',
          machine_notes: [],
          production_volume: 12000,
          waste: 150,
          working_time: 5,
        })
      ).status,
    ).toBe(200);
    await stop('07:00', '07:25', 'Etichettatrice inceppata');
    // What Linea 1's counting machine (its last, the Cartoner) counted in shift A so far.
    for (const [hhmm, good] of HOURS) {
      const hour = new Date(`${TODAY}T${hhmm}:00+02:00`).toISOString();
      const data = { shopFloorId: 1, lineId: 1, equipmentId: 3, hour, firstAt: hour, lastAt: hour, good, reject: 0, microStops: 0, microStopMinutes: 0 };
      await handleRecordMachineEvent(suite.app.deps, { type: 'MachineHourCounted', data }, { ...MACHINE_SIGNALS_CONTEXT, now: NOW });
    }
    await suite.app.deps.engine.settle();
  });

  it('takes the display account to the board, keeps its line after a reload and shows a new stop live', async () => {
    const { page } = await suite.newPage(TV);
    await fillLogin(page, 'tv-linea1', PASSWORD);
    await page.waitForURL((u) => u.pathname === '/tabellone');
    await page.locator('select[name="board_line"] option', { hasText: 'Linea 1' }).waitFor({ state: 'attached' });
    await page.locator('select[name="board_line"]').selectOption({ label: 'Linea 1' });
    await page.getByRole('button', { name: 'Mostra il tabellone' }).click();
    const line = page.getByRole('region', { name: 'Linea 1' });
    await line.getByText('Turno A').waitFor();
    expect(await page.getByTestId('board-pieces').textContent()).toBe('12.000');
    await line
      .getByText('Etichettatrice')
      .first()
      .waitFor({ state: 'attached' })
      .catch(() => undefined);
    expect(await line.locator('.board-stops li').count()).toBe(1);
    // Pieces per hour against def_speed (12 000 pz/h in the demo): 09:00 counted nothing, so it is neither green nor red.
    const hours = line.getByTestId('hourly-hours').locator('li');
    expect(await hours.evaluateAll((cells) => cells.map((c) => [c.className, c.textContent]))).toEqual([
      ['hourly-hour good', '06:0012.400/ 12.000'],
      ['hourly-hour bad', '07:009800/ 12.000'],
      ['hourly-hour good', '08:0012.000/ 12.000'],
      ['hourly-hour none', '09:00–/ 12.000'],
      ['hourly-hour bad', '10:0011.950/ 12.000'],
    ]);
    await noSidewaysScroll(page);
    // A TV that restarts comes back to the same line without a keyboard.
    await page.reload();
    await line.getByText('Turno A').waitFor();

    const sent = Date.now();
    await stop('09:00', '09:40', 'Nastro fermo');
    await page.waitForFunction(() => document.querySelectorAll('.board-stops li').length === 2, undefined, { timeout: 5000 });
    expect(Date.now() - sent).toBeLessThan(5000);
    // The longest on top.
    expect(await line.locator('.board-stops li .board-minutes').allTextContents()).toEqual(['40 min', '25 min']);
    await screenshot(page, 'board-tv');

    // Any other page sends the display account back to the board.
    await page.goto('/report-operatore');
    await page.waitForURL((u) => u.pathname === '/tabellone');
  });

  it('fits the tablet and the phone', async () => {
    for (const viewport of [TABLET_VIEWPORT, PHONE_VIEWPORT]) {
      const { page } = await suite.newPage(viewport);
      await fillLogin(page, 'tv-linea1', PASSWORD);
      await page.waitForURL((u) => u.pathname === '/tabellone');
      await page.getByRole('button', { name: 'Mostra il tabellone' }).click();
      await page.locator('.board-line').first().waitFor();
      await noSidewaysScroll(page);
      await screenshot(page, `board-${viewport.width}`);
    }
  });

  it("shows '–' for Rendimento and Scarto, in neither colour, where nobody knows the pieces yet", async () => {
    // Linea 2 has neither a report nor a machine count in shift A: pieces unknown, so no figure is 0 %.
    for (const viewport of [TABLET_VIEWPORT, PHONE_VIEWPORT]) {
      const { page } = await suite.newPage(viewport);
      await fillLogin(page, 'tv-linea1', PASSWORD);
      await page.waitForURL((u) => u.pathname === '/tabellone');
      await page.locator('select[name="board_line"] option', { hasText: 'Linea 2' }).waitFor({ state: 'attached' });
      await page.locator('select[name="board_line"]').selectOption({ label: 'Linea 2' });
      await page.getByRole('button', { name: 'Mostra il tabellone' }).click();
      const line = page.getByRole('region', { name: 'Linea 2' });
      await line.getByText('Turno A').waitFor();
      const figures = await line
        .locator('.board-figure')
        .evaluateAll((cells) => cells.map((c) => [c.className, c.querySelector('.board-label')?.textContent, c.querySelector('.board-value')?.textContent]));
      expect(figures).toEqual([
        ['board-figure none', 'Pezzi', '–'],
        ['board-figure none', 'Rendimento', '–'],
        ['board-figure none', 'Scarto', '–'],
      ]);
      await noSidewaysScroll(page);
      await screenshot(page, `board-unknown-pieces-${viewport.width}`, { viewportOnly: true });
    }
  });

  it('says plainly when it has lost the server', async () => {
    const { page } = await suite.newPage(TV);
    await fillLogin(page, 'tv-linea1', PASSWORD);
    await page.waitForURL((u) => u.pathname === '/tabellone');
    await page.getByRole('button', { name: 'Mostra il tabellone' }).click();
    await page.locator('.board-line').first().waitFor();
    await page.route('**/live', (route) => route.abort());
    await page.route('**/factory/board**', (route) => route.abort());
    // The server ends the open streams (as a restart does); the reconnects then fail.
    suite.app.deps.live.close();
    await page.getByRole('alert').filter({ hasText: 'Connessione al server persa: dati delle' }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'board-lost');
  });
});
