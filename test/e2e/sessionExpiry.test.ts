/**
 * Nothing typed is lost when the session expires (web/README.md "Session expiry and drafts"), in a
 * real browser against the real API: the token expires in the middle of an edit (the page's token
 * is swapped for one of the same user whose `exp` has passed, which the server refuses exactly as
 * it refuses a 12-hour-old one), the user types on, the password prompt asks for the password in
 * place, and the text reaches the server, read back through the API; the same for the Root Cause
 * Tool and for the support role's edits. Also: a draft left on the device by failed saves is
 * restored and saved after a reload that ends on /login and a new login.
 */
import { SignJWT } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, todayInRome } from '../../web/src/lib/dates.js';
import { callApi } from '../support/apiClient.js';
import { screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { eventually, fillLogin, liveSynced, loginAndOpen, loginTo, storeStation } from '../support/pageActions.js';

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1280, height: 800 };
/** The test app's JWT_SECRET (test/support/app.ts). */
const SECRET = new TextEncoder().encode('test-secret-that-is-long-enough');

describeWith(['postgres', 'chromium'])('session expiry', () => {
  const suite = browserSuite();
  let context: BrowserContext;
  let page: Page;
  const tokens: Record<string, string> = {};
  const yesterday = addDays(todayInRome(), -1);

  const api = <T>(method: string, path: string, as: string, body?: unknown) => callApi<T>(suite.app.url, tokens[as], method, path, body);

  const note = async (shift: string, line: string) =>
    (await api<{ notes: string; revision: number }>('GET', `/factory/shift_notes?${new URLSearchParams({ day: yesterday, shift_code: shift, line_name: line })}`, 'frontline'))
      .body;

  /** Polls until `check` holds (read models follow a write within a bound, longer on a busy machine). */
  async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
    const end = Date.now() + ms;
    while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  }

  /** The report's notes once the server's read model shows `expected` (or after 20 s, whatever it shows). */
  async function savedNote(shift: string, line: string, expected: string): Promise<string | undefined> {
    let last: string | undefined;
    await until(async () => (last = (await note(shift, line))?.notes) === expected);
    return last;
  }

  /**
   * Replaces the page's token with one of the same user that expired an hour ago, and checks the
   * server refuses it: from now on every call of the page gets 401, as after a long shift.
   */
  async function expireToken(): Promise<void> {
    await liveSynced(page);
    const expired = await expiredToken();
    await page.evaluate((t) => localStorage.setItem('token', t), expired);
  }

  /** A token of the page's user that expired an hour ago; the server refuses it. */
  async function expiredToken(): Promise<string> {
    const current = await page.evaluate(() => localStorage.getItem('token'));
    const claims = JSON.parse(Buffer.from(current!.split('.')[1]!, 'base64url').toString()) as { sub: string; username: string; role: string };
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ username: claims.username, role: claims.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(now - 13 * 3600)
      .setExpirationTime(now - 3600)
      .sign(SECRET);
    const me = await fetch(`${suite.app.url}/me`, { headers: { authorization: `Bearer ${expired}` } });
    expect(me.status).toBe(401);
    return expired;
  }

  async function openLog(query: string): Promise<void> {
    await loginAndOpen(page, 'frontline', `/report-operatore${query}`);
    await page.getByLabel('Note di fine turno').waitFor();
  }

  const notes = () => page.getByLabel('Note di fine turno');
  const waitSaved = () => page.locator('.save-status', { hasText: 'Bozza salvata alle' }).waitFor();
  const prompt = () => page.getByRole('dialog', { name: 'Sessione scaduta' });

  beforeAll(async () => {
    for (const user of ['frontline', 'support']) tokens[user] = await suite.app.login(user);
    expect((await api('PUT', '/factory/default_station', 'frontline', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(200);
    expect((await api('PUT', '/factory/default_station', 'support', { shopFloorId: 1, lineId: 1, equipmentId: null })).status).toBe(200);
  });

  it('asks for the password in place when the token expires mid-edit, then saves everything typed (phone)', async () => {
    ({ context, page } = await suite.newPage(PHONE));
    await openLog(`?day=${yesterday}&shift_code=A&line_id=1`);
    await notes().fill('Avvio regolare');
    await waitSaved();
    expect(await savedNote('A', 'Linea 1', 'Avvio regolare')).toBe('Avvio regolare');

    // Where the focus goes, in order: a background read may meet the expired token before the
    // edit does, so the dialog can open before or after the fill below.
    await page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { focusLog: string[] }).focusLog = log;
      document.addEventListener('focusin', (e) => log.push((e.target as Element).getAttribute('name') ?? ''));
    });
    await expireToken();
    await notes().fill('Avvio regolare. Alle 10 cambio formato, valvola sostituita');
    const dialog = prompt();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Inserisci di nuovo la password per continuare.');
    expect(await dialog.getByTestId('session-user').textContent()).toBe('frontline');
    expect(new URL(page.url()).pathname).toBe('/report-operatore');
    await expect(notes().inputValue()).resolves.toBe('Avvio regolare. Alle 10 cambio formato, valvola sostituita');
    expect((await note('A', 'Linea 1')).notes).toBe('Avvio regolare');
    // The text is on the device too, under the user, line, day and shift.
    const stored = await page.evaluate((key) => localStorage.getItem(key), `draft:frontline|report|Linea 1|${yesterday}|A`);
    expect(JSON.parse(stored!)).toMatchObject({ content: { form: { notes: 'Avvio regolare. Alle 10 cambio formato, valvola sostituita' } } });
    await screenshot(page, 'session-prompt-phone');
    await screenshot(page, 'session-prompt-phone-viewport', { viewportOnly: true });

    // Focus starts on the password and Tab stays in the dialog both ways ('Entra' is disabled while the field is empty).
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent ?? '');
    await page.waitForFunction(() => (window as unknown as { focusLog: string[] }).focusLog.includes('password'), undefined, { timeout: 5000 });
    // The dialog's opening moved the focus to the password; a fill of the field behind it (the
    // test's, not a person's: the page behind is covered) may have taken it back since.
    if ((await focused()) !== 'password') await dialog.getByLabel('Password').focus();
    expect(await focused()).toBe('password');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Esci');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('password');

    // A wrong password is refused in the dialog; the right one closes it and the save goes through.
    await dialog.getByLabel('Password').fill('sbagliata');
    await dialog.getByRole('button', { name: 'Entra' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel('Password').fill('demo');
    await dialog.getByRole('button', { name: 'Entra' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitSaved();
    expect(await savedNote('A', 'Linea 1', 'Avvio regolare. Alle 10 cambio formato, valvola sostituita')).toBe('Avvio regolare. Alle 10 cambio formato, valvola sostituita');
    expect(await page.evaluate((key) => localStorage.getItem(key), `draft:frontline|report|Linea 1|${yesterday}|A`)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/report-operatore');
  });

  it('restores and saves a draft the server never got after a reload and a new login (tablet)', async () => {
    ({ context, page } = await suite.newPage(TABLET));
    await openLog(`?day=${yesterday}&shift_code=B&line_id=1`);
    await notes().fill('Prima parte salvata');
    await waitSaved();
    expect(await savedNote('B', 'Linea 1', 'Prima parte salvata')).toBe('Prima parte salvata');

    // The network drops every save, and the token expires too, so not even the save sent while
    // the page unloads can reach the server. The page is reloaded and lands on /login: after the
    // login the report comes back with the text from the device alone, and saves it.
    const dropSaves = '**/factory/shift_notes/save';
    await context.route(dropSaves, (route) => route.abort('internetdisconnected'));
    await notes().fill('Prima parte salvata, seconda parte mai arrivata');
    await page.locator('.save-status', { hasText: 'Salvataggio non riuscito: nuovo tentativo tra pochi secondi' }).waitFor();
    await expireToken();
    page.on('dialog', (dialog) => void dialog.accept()); // the unsaved-text warning on leaving
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/login');
    await fillLogin(page, 'frontline');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`/report-operatore?day=${yesterday}&shift_code=B&line_id=1`);
    await page.waitForFunction(() => (document.getElementById('line-log-notes') as HTMLTextAreaElement | null)?.value.includes('seconda parte'));
    expect((await note('B', 'Linea 1')).notes).toBe('Prima parte salvata');
    // The network is back: the restored text is saved.
    await context.unroute(dropSaves);
    await waitSaved();
    expect(await savedNote('B', 'Linea 1', 'Prima parte salvata, seconda parte mai arrivata')).toBe('Prima parte salvata, seconda parte mai arrivata');

    // The token expires mid-edit and the page is reloaded while the prompt waits: the login page
    // takes over, and after logging in the report comes back with the text and saves it.
    await expireToken();
    await notes().fill('Testo scritto dopo la scadenza');
    await prompt().waitFor();
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/login');
    await fillLogin(page, 'frontline');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`/report-operatore?day=${yesterday}&shift_code=B&line_id=1`);
    await page.waitForFunction(() => (document.getElementById('line-log-notes') as HTMLTextAreaElement | null)?.value === 'Testo scritto dopo la scadenza');
    await waitSaved();
    expect(await savedNote('B', 'Linea 1', 'Testo scritto dopo la scadenza')).toBe('Testo scritto dopo la scadenza');
    await screenshot(page, 'session-draft-restored-tablet');
  });

  it('keeps a Root Cause analysis typed across the expiry and saves it after the password (tablet)', async () => {
    // A stop of the demo Filler earlier today, recorded through the API.
    const workpoint = (await api<Array<{ id: number }>>('GET', '/factory/workpoints?equipment_id=1', 'support')).body[0]!.id;
    const code = (await api<Array<{ id: number }>>('GET', `/factory/stop_codes?workpoint_id=${workpoint}`, 'support')).body[0]!.id;
    const event = (await api<Array<{ id: number }>>('GET', '/factory/triggering_events', 'support')).body[0]!.id;
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const created = await api<{ id: number }>('POST', '/factory/stop_events', 'support', {
      workpoint_id: workpoint,
      stop_code_id: code,
      triggering_event_id: event,
      failure_mode: 'Tappo incastrato nella testa',
      corrective_action: 'Rimosso il tappo',
      start_time: new Date(now - 50 * 60_000).toISOString(),
      end_time: new Date(now - 40 * 60_000).toISOString(),
      action_cleaning: true,
    });
    expect(created.status).toBe(201);
    // The page lists what the stops read model holds: wait until it holds the new stop.
    const today = todayInRome();
    const listed = async () =>
      (await api<Array<{ id: number }>>('GET', `/factory/stop_events/unplanned?shop_floor_id=1&lines_id=1&date_from=${addDays(today, -1)}&date_to=${today}`, 'support')).body.some(
        (s) => s.id === created.body.id,
      );
    await until(listed);
    expect(await listed()).toBe(true);

    ({ context, page } = await suite.newPage(TABLET));
    await loginTo(page, 'support');
    await storeStation(page);
    await page.goto('/rca-miglioramento');
    const box = page.getByRole('textbox', { name: /^Causa radice,/ }).first();
    await box.waitFor();

    await box.fill('Guida del tappo');
    await expireToken();
    await box.fill('Guida del tappo usurata, da sostituire');
    await box.blur();
    const dialog = prompt();
    await dialog.waitFor();
    expect(await dialog.getByTestId('session-user').textContent()).toBe('support');
    await page.locator('.rca-box-status', { hasText: 'Non salvato: sessione scaduta, il testo resta qui' }).waitFor();
    await screenshot(page, 'session-prompt-rca-tablet');
    await dialog.getByLabel('Password').fill('demo');
    await dialog.getByRole('button', { name: 'Entra' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.rca-box-status', { hasText: 'Salvato' }).first().waitFor();
    const saved = await api<{ root_cause: string }>('GET', `/factory/root_cause/${created.body.id}`, 'support');
    expect(saved.body.root_cause).toBe('Guida del tappo usurata, da sostituire');
    await expect(box.inputValue()).resolves.toBe('Guida del tappo usurata, da sostituire');
  });

  /** The shifts of Linea 2 the support test may use: a retry (test/support/browserRetry.ts) takes a fresh one. */
  const supportSlots = [
    { shift: 'C', start: '22:10', end: '22:25' },
    { shift: 'B', start: '15:10', end: '15:25' },
  ];

  it("keeps the support role's edits of a confirmed report and its stop texts across the expiry (tablet)", async () => {
    // Line 2, a shift of yesterday: a stop and the operator's confirmed report, through the API.
    const { shift, start, end } = supportSlots.shift()!;
    const workpoint = (await api<Array<{ id: number }>>('GET', '/factory/workpoints?equipment_id=4', 'frontline')).body[0]!.id;
    const code = (await api<Array<{ id: number }>>('GET', `/factory/stop_codes?workpoint_id=${workpoint}`, 'frontline')).body[0]!.id;
    const stop = await api('POST', '/factory/stop_events', 'frontline', {
      workpoint_id: workpoint,
      stop_code_id: code,
      triggering_event_id: 1,
      failure_mode: 'Etichetta strappata',
      corrective_action: 'Sostituito il rotolo',
      start_time: `${yesterday}T${start}`,
      end_time: `${yesterday}T${end}`,
    });
    expect(stop.status).toBe(201);
    const report = {
      day: yesterday,
      shift_code: shift,
      line_name: 'Linea 2',
      notes: 'Turno regolare',
      machine_notes: [{ Macchina: 'Etichettatrice', Nota: 'Rotolo cambiato' }],
      production_volume: 9000,
      waste: 80,
      working_time: 7,
    };
    expect((await api('POST', '/factory/shift_notes/submit', 'frontline', report)).status).toBe(200);

    ({ context, page } = await suite.newPage(TABLET));
    await loginTo(page, 'support');
    await page.goto(`/report-miglioramento?day=${yesterday}&shift_code=${shift}&line_id=2`);
    await page.waitForFunction(() => (document.getElementById('line-log-notes') as HTMLTextAreaElement | null)?.value === 'Turno regolare');
    await page.getByRole('button', { name: 'Modifica Report o Stop' }).click();

    // A stop text left after the token expired: the prompt, then the text on the server.
    await expireToken();
    const corrective = page.getByLabel(`Azione correttiva – stop delle ${start}`);
    await corrective.fill('Sostituito il rotolo e pulito il sensore');
    await corrective.press('Tab');
    const dialog = prompt();
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('demo');
    await dialog.getByRole('button', { name: 'Entra' }).click();
    await dialog.waitFor({ state: 'detached' });
    const byShift = `/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=2&shift_code=${shift}&day=${yesterday}`;
    // The save is retried once the prompt closes, and the list is a read model that follows it.
    await eventually(async () => {
      const listed = await api<Array<{ corrective_action: string }>>('GET', byShift, 'support');
      expect(listed.body[0]?.corrective_action).toBe('Sostituito il rotolo e pulito il sensore');
    }, 20_000);
    await page.waitForFunction(() => !document.querySelector('.stop-text-status'));

    // 'Salva Report' with an expired token: the edit waits for the password, then is saved.
    await notes().fill('Turno regolare; rivisto dal supporto');
    // The token expires and the button is pressed in one task of the page: a background read
    // cannot meet the expired token first and cover the button with the prompt.
    await liveSynced(page);
    const expired = await expiredToken();
    await page.getByRole('button', { name: 'Salva Report' }).evaluate((button, token) => {
      localStorage.setItem('token', token);
      (button as HTMLButtonElement).click();
    }, expired);
    await dialog.waitFor();
    await screenshot(page, 'session-prompt-improvement-tablet');
    await dialog.getByLabel('Password').fill('demo');
    await dialog.getByRole('button', { name: 'Entra' }).click();
    await page.getByText('Report aggiornato correttamente', { exact: true }).waitFor();
    const confirmed = await api<{ notes: string; confirmed: boolean }>(
      'GET',
      `/factory/shift_notes?${new URLSearchParams({ day: yesterday, shift_code: shift, line_name: 'Linea 2', confirmed_only: 'true' })}`,
      'support',
    );
    expect(confirmed.body).toMatchObject({ notes: 'Turno regolare; rivisto dal supporto', confirmed: true });
  });
});
