/**
 * The dashboards in a real browser over the demo history (foundations §2 Dashboard, §4; 001
 * §2.6): the operator's Cruscotto shows the history's figures for the default line and range,
 * 'Nessuna linea' says so in place of the summary and empties the stop list, a change of dates keeps the shifts
 * chosen by name, Riepilogo Operativo shows the summary as it stood at a chosen moment and back
 * 'Attuale', and the support user goes from Riepilogo Operativo to a new DBR action and back.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { eventually, loginTo, saveDemoStations, storeStation } from '../support/pageActions.js';

const PHONE = { width: 390, height: 844 };
const value = (page: Page, label: string) => page.getByTestId(`summary-${label}`).textContent();
const it2 = (n: number, d: number) => n.toLocaleString('it-IT', { minimumFractionDigits: d, maximumFractionDigits: d });

describeWith(['postgres', 'chromium'])('dashboards', () => {
  const suite = browserSuite({ app: { env: { SEED_DEMO_HISTORY: 'true' } }, timeout: 240_000 });
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const api = async (path: string) => (await fetch(`${suite.app.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<any>;

  async function open(username: string, path: string, viewport?: { width: number; height: number }): Promise<void> {
    ({ context, page } = await suite.newPage(viewport, 30_000));
    await loginTo(page, username);
    await storeStation(page);
    await page.goto(path);
    await page.locator('.gauge').first().waitFor();
  }

  beforeAll(async () => {
    token = await suite.app.login('frontline');
    await saveDemoStations(suite.app);
  }, 240_000);

  it('shows the operator the demo history’s figures for the default line and range', async () => {
    await open('frontline', '/dashboard-operatore');
    await page.getByRole('heading', { level: 1, name: 'Cruscotto' }).waitFor();
    const dates = await api('/factory/dashboard/default-dates?shop_floor_id=1&line_id=1');
    expect(dates.last_production_date).not.toBeNull();
    await expect(page.getByLabel('Data da', { exact: true }).inputValue()).resolves.toBe(dates.date_from);
    await expect(page.getByLabel('a', { exact: true }).inputValue()).resolves.toBe(dates.date_to);
    expect(await page.getByLabel('Linea 1', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Linea 2', { exact: true }).isChecked()).toBe(false);
    const shifts: Array<{ id: number; name: string }> = await api(`/factory/shifts-range?shop_floor_id=1&date_from=${dates.date_from}&date_to=${dates.date_to}`);
    for (const name of new Set(shifts.map((s) => s.name))) expect(await page.getByLabel(name, { exact: true }).isChecked()).toBe(true);

    const s = await api(
      `/factory/dashboard-improvement?shop_floor_id=1&lines=Linea 1&shifts=${shifts.map((x) => x.id).join(',')}&date_from=${dates.date_from}&date_to=${dates.date_to}`,
    );
    expect(s.volume).toBeGreaterThan(0);
    const units = await api('/factory/units_of_measurement/1');
    await eventually(async () => expect(await value(page, 'Volumi Prodotti')).toBe(`${it2(s.volume / 1000, 2)} k ${units.unit1}`));
    expect(await value(page, 'Ore lavorate')).toBe(`${it2(Math.round(s.working_time / 60), 0)} h`);
    expect(await value(page, 'Tempo lavorato effettivo')).toBe(`${it2((s.working_time - s.total_unplanned_downtime - s.total_planned_downtime) / 60, 2)} h`);
    expect(await value(page, 'Tempo di fermo non pianificato')).toBe(`${it2(s.total_unplanned_downtime, 0)} min`);
    expect(await value(page, 'Tempo di fermo pianificato')).toBe(`${it2(s.total_planned_downtime, 0)} min`);
    await expect(page.locator('.gauge-title').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^Rendimento \(minimo [\d,]+%\)$/),
      expect.stringMatching(/^Scarto \(massimo [\d,]+%\)$/),
    ]);
    expect(await page.locator('.gauge-needle').count()).toBe(2);
    await eventually(async () => expect(await page.locator('section[aria-label="Storico stop non pianificati"] tbody tr').count()).toBe(Math.max(s.stop_count, 1)));
    // The trend's chart is drawn once its card comes into view.
    await page.locator('.dashboard-trend').scrollIntoViewIfNeeded();
    await page.locator('.dashboard-trend svg').first().waitFor();
    await screenshot(page, 'dashboard-operatore-tablet', { settleMs: 3600 }); // after the gauges' animation (500 ms + 3000 ms)
  });

  it('turns the needles by a CSS transition after the 500 ms delay, and at once with prefers-reduced-motion', async () => {
    /** 1.5 s of frames from the gauges' first paint: each needle's angle and the angle its value text means on the 0..max scale (-90° to 90°). */
    const sample = () =>
      page.evaluate(
        () =>
          new Promise<Array<{ duration: string; shown: number; meant: number }>>((resolve) => {
            const out: Array<{ duration: string; shown: number; meant: number }> = [];
            const num = (t: string | null | undefined) => Number((t ?? '').replace('%', '').replace(/\./g, '').replace(',', '.'));
            const started = performance.now();
            const frame = () => {
              for (const g of document.querySelectorAll('.gauge')) {
                const style = getComputedStyle(g.querySelector('.gauge-needle')!);
                const [a, b] = style.transform.slice(7).split(',').map(Number);
                const ratio = num(g.querySelector('.gauge-value')?.textContent) / num(g.querySelector('.gauge-max')?.textContent);
                out.push({ duration: style.transitionDuration, shown: (Math.atan2(b!, a!) * 180) / Math.PI, meant: -90 + 180 * Math.min(Math.max(ratio, 0), 1) });
              }
              if (performance.now() - started < 1500) requestAnimationFrame(frame);
              else resolve(out);
            };
            frame();
          }),
      );
    await open('frontline', '/dashboard-operatore');
    const moving = await sample();
    expect(new Set(moving.map((f) => f.duration))).toEqual(new Set(['3s']));
    expect(moving.some((f) => Math.abs(f.shown - f.meant) > 1)).toBe(true); // still at rest, or on its way
    await context.close();

    ({ context, page } = await suite.newPage(undefined, 30_000));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await loginTo(page, 'frontline');
    await storeStation(page);
    await page.goto('/dashboard-operatore');
    await page.locator('.gauge').first().waitFor();
    const still = await sample();
    expect(new Set(still.map((f) => f.duration))).toEqual(new Set(['0s']));
    expect(still.filter((f) => Math.abs(f.shown - f.meant) > 1)).toEqual([]); // every frame shows the value as it is
  });

  it("says 'Nessuna linea selezionata' and empties the stop list when every line is unticked", async () => {
    await open('frontline', '/dashboard-operatore');
    await eventually(async () => expect(await value(page, 'Tempo di fermo non pianificato')).not.toBe('0 min'));
    await page.getByRole('button', { name: 'Nessuna linea' }).click();
    await page.getByText('Nessuna linea selezionata').waitFor();
    expect(await page.getByTestId('summary-Ore lavorate').count()).toBe(0);
    await expect(page.locator('section[aria-label="Storico stop non pianificati"] tbody').textContent()).resolves.toContain('Nessuno stop registrato per i filtri correnti');
    await expect(page.locator('section[aria-label="Storico attività DBR"] tbody').textContent()).resolves.toContain('Nessuna azione DBR per i filtri correnti');
    await page.getByRole('button', { name: 'Tutte le linee' }).click();
    for (const name of ['Linea 1', 'Linea 2', 'Linea 3']) expect(await page.getByLabel(name, { exact: true }).isChecked()).toBe(true);
  });

  it('lists the stops of a long range a page of 1,000 at a time, with more on request', async () => {
    const { date_to: to } = await api('/factory/dashboard/default-dates?shop_floor_id=1&line_id=1');
    const from = new Date(Date.parse(`${to}T12:00:00Z`) - 59 * 86_400_000).toISOString().slice(0, 10);
    const shifts: Array<{ id: number }> = await api(`/factory/shifts-range?shop_floor_id=1&date_from=${from}&date_to=${to}`);
    const lines: Array<{ id: number }> = await api('/factory/lines?shop_floor_id=1');
    // The demo's 60 days of three lines hold about 700 stops: 400 more on the last day (one a minute from 07:00 UTC), recorded as events.
    const like = (await api(`/factory/stop_events/unplanned?shop_floor_id=1&date_from=${from}&date_to=${to}&lines_id=3&limit=1`))[0];
    const { catalog, store, engine } = suite.app.deps;
    const start = Date.parse(`${to}T07:00:00Z`);
    await store.appendToStream(
      'unplanned-stops-3',
      Array.from({ length: 400 }, (_, i) => ({
        ...catalog.encode({
          type: 'UnplannedStopRecorded',
          data: {
            stopId: 900_000_000 + i,
            shopFloorId: 1,
            lineId: 3,
            equipmentId: like.workpoint_rel.equipment_rel.id,
            workpointId: like.workpoint_id,
            stopCodeId: like.stop_code_id,
            triggeringEventId: like.triggering_event_id,
            failureMode: `Prova ${i}`,
            correctiveAction: 'Nessuna',
            actionMaterialChange: false,
            actionCleaning: false,
            actionSettingAdjustment: false,
            actionComponentRestore: false,
            startTime: new Date(start + i * 60_000).toISOString(),
            endTime: new Date(start + i * 60_000 + 30_000).toISOString(),
          },
        }),
        metadata: { userId: 'u', username: 'frontline', role: 'frontline', correlationId: `extra-${i}`, causationId: null, occurredAt: new Date().toISOString() },
      })),
      { expectedRevision: 'any' },
    );
    await engine.settle();
    // Every stop of the range by the API, page after page.
    const all: number[] = [];
    for (let after: string | null = null; ;) {
      const q = new URLSearchParams({
        shop_floor_id: '1',
        date_from: from,
        date_to: to,
        lines_id: lines.map((l) => l.id).join(','),
        shift_id: shifts.map((x) => x.id).join(','),
        limit: '1000',
      });
      if (after) q.set('after', after);
      const res = await fetch(`${suite.app.url}/factory/stop_events/unplanned?${q}`, { headers: { authorization: `Bearer ${token}` } });
      all.push(...((await res.json()) as Array<{ id: number }>).map((x) => x.id));
      after = res.headers.get('x-next-cursor');
      if (!after) break;
    }
    expect(all.length).toBeGreaterThan(1000);

    await open('frontline', '/dashboard-operatore');
    await page.getByRole('button', { name: 'Tutte le linee' }).click();
    await page.getByLabel('Data da', { exact: true }).fill(from);
    await eventually(async () => expect(await page.getByLabel('Data da', { exact: true }).inputValue()).toBe(from));
    const rows = page.locator('section[aria-label="Storico stop non pianificati"] tbody tr');
    const more = page.getByRole('button', { name: 'Carica altri stop' });
    await eventually(async () => expect(await rows.count()).toBe(1000));
    await expect(page.locator('.dashboard-more').textContent()).resolves.toContain('Mostrati i primi 1000 stop del periodo.');
    // The end of the first page, at tablet and phone width (the list itself is too long for a full-page picture).
    for (const [size, viewport] of [
      ['tablet', { width: 1280, height: 800 }],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await more.scrollIntoViewIfNeeded();
      await screenshot(page, `dashboard-operatore-more-stops-${size}`, { viewportOnly: true });
    }
    while (await more.isVisible()) {
      const before = await rows.count();
      await more.click();
      await eventually(async () => expect(await rows.count()).toBeGreaterThan(before));
    }
    await eventually(async () => expect(await rows.count()).toBe(all.length));
  });

  it('keeps the shifts chosen by name when the dates change', async () => {
    await open('frontline', '/dashboard-operatore');
    await page.getByLabel('Turno B', { exact: true }).uncheck();
    const from = await page.getByLabel('Data da', { exact: true }).inputValue();
    await page.getByRole('button', { name: 'Giorno precedente' }).first().click();
    await eventually(async () => expect(await page.getByLabel('Data da', { exact: true }).inputValue()).not.toBe(from));
    await page.waitForTimeout(500);
    expect(await page.getByLabel('Turno A', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Turno B', { exact: true }).isChecked()).toBe(false);
    expect(await page.getByLabel('Turno C', { exact: true }).isChecked()).toBe(true);
  });

  it.each([
    ['tablet', undefined],
    ['phone', PHONE],
  ] as const)('draws the Pareto fermate of the page’s filters with its cumulative line on Riepilogo Operativo, and follows the shifts (%s)', async (size, viewport) => {
    await open('support', '/dashboard-miglioramento', viewport);
    const dateFrom = await page.getByLabel('Data da', { exact: true }).inputValue();
    const dateTo = await page.getByLabel('a', { exact: true }).inputValue();
    const shifts: Array<{ id: number; name: string }> = await api(`/factory/shifts-range?shop_floor_id=1&date_from=${dateFrom}&date_to=${dateTo}&extraShift=true`);
    const filter = `shop_floor_id=1&lines=Linea 1&date_from=${dateFrom}&date_to=${dateTo}`;
    const pareto = await api(`/factory/oee/pareto?${filter}&shifts=${shifts.map((x) => x.id).join(',')}&by=stop_code`);
    expect(pareto.bars.length).toBeGreaterThan(0);
    const chart = page.getByTestId('pareto-fermate');
    const it = (d: string) => d.split('-').reverse().join('/');
    await chart.getByRole('heading', { name: `Pareto fermate – ${dateFrom === dateTo ? it(dateFrom) : `${it(dateFrom)} – ${it(dateTo)}`}` }).waitFor();
    // The bars' names are the x axis' ticks (cut to 13 characters and '…' past 14); the cumulative line has a point per bar.
    const short = (l: string) => (l.length > 14 ? `${l.slice(0, 13)}…` : l);
    const labels = () => chart.locator('svg text').allTextContents();
    await chart.scrollIntoViewIfNeeded(); // the chart loads when it comes into view
    await eventually(async () => expect(await labels()).toContain(short(pareto.bars[0].label)));
    const drawn = Math.min(pareto.bars.length, 9);
    await eventually(async () => expect(await chart.locator('[data-testid="pareto-cumulative"] circle').count()).toBe(drawn));
    expect(await labels()).toEqual(expect.arrayContaining(['0 %', '50 %', '100 %']));
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, `pareto-fermate-${size}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Unticking a shift asks the Pareto again for the shifts left, on the same dates: by their codes,
    // as 'Analisi perdite' asks (every listed shift of A, E and C is ticked), so a year is not refused.
    const asked = page.waitForRequest((r) => r.url().includes('/factory/oee/pareto') && !(new URL(r.url()).searchParams.get('shift_codes') ?? 'B').split(',').includes('B'));
    await page.getByLabel('Turno B', { exact: true }).uncheck();
    const params = new URL((await asked).url()).searchParams;
    expect([params.get('date_from'), params.get('date_to'), params.get('lines')]).toEqual([dateFrom, dateTo, 'Linea 1']);
    expect([params.get('shifts'), params.get('shift_codes')!.split(',').sort()]).toEqual([null, ['A', 'C', 'E']]);
    const withoutB = await api(`/factory/oee/pareto?${filter}&shift_codes=${params.get('shift_codes')}&by=failure_mode`);
    const idsLeft = shifts.filter((x) => x.name !== 'Turno B').map((x) => x.id);
    expect(withoutB).toEqual(await api(`/factory/oee/pareto?${filter}&shifts=${idsLeft.join(',')}&by=failure_mode`));
    await chart.getByRole('button', { name: 'Per modo di guasto' }).click();
    if (withoutB.bars.length > 0) await eventually(async () => expect(await labels()).toContain(short(withoutB.bars[0].label)));
  });

  it('shows the support user the summary as it stood at a moment, then the current one again', async () => {
    await open('support', '/dashboard-miglioramento');
    const dateFrom = await page.getByLabel('Data da', { exact: true }).inputValue();
    const dateTo = await page.getByLabel('a', { exact: true }).inputValue();
    const shifts: Array<{ id: number }> = await api(`/factory/shifts-range?shop_floor_id=1&date_from=${dateFrom}&date_to=${dateTo}&extraShift=true`);
    const summary = () => api(`/factory/dashboard-improvement?shop_floor_id=1&lines=Linea 1&shifts=${shifts.map((x) => x.id).join(',')}&date_from=${dateFrom}&date_to=${dateTo}`);
    const before = await summary();
    expect(await page.getByRole('button', { name: 'Attuale', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // The moment: a whole second (Italian wall-clock time, as the picker takes it), then a new stop after it.
    const moment = new Date(Math.floor(Date.now() / 1000) * 1000);
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .format(moment)
      .replace(' ', 'T');
    while (Date.now() < moment.getTime() + 1500) await new Promise((r) => setTimeout(r, 100));
    // The support user amends the submitted log of the end date: a stop it adds (improvement roles may, after the submission).
    const support = await suite.app.login('support');
    const post = (path: string, body: unknown) =>
      fetch(`${suite.app.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${support}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const workpoint = (await api('/factory/workpoints?equipment_id=1'))[0].id;
    const stopCode = (await api(`/factory/stop_codes?workpoint_id=${workpoint}`))[0].id;
    const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' })
      .formatToParts(new Date(`${dateTo}T12:00:00Z`))
      .find((p) => p.type === 'timeZoneName')!
      .value.slice(3); // '+01:00'
    const rome = (hhmm: string) => `${dateTo}T${hhmm}:00${offset}`;
    let recorded = false;
    const refusals: string[] = [];
    // A free 7-minute slot of the end date's morning (the demo history has stops of its own; overlaps are refused).
    for (const start of ['08:03', '09:13', '10:23', '11:33', '12:43', '07:51', '13:05']) {
      const end = `${start.slice(0, 3)}${String(Number(start.slice(3)) + 7).padStart(2, '0')}`;
      const res = await post('/factory/stop_events', {
        workpoint_id: workpoint,
        stop_code_id: stopCode,
        triggering_event_id: 1,
        failure_mode: 'Coclea',
        corrective_action: 'Riavvio',
        action_material_change: false,
        action_cleaning: false,
        action_setting_adjustment: false,
        action_component_restore: false,
        start_time: rome(start),
        end_time: rome(end),
      });
      if (res.status === 201) {
        recorded = true;
        break;
      }
      refusals.push(`${start}: ${res.status} ${await res.text()}`);
    }
    expect(refusals.slice(0, recorded ? 0 : 2)).toEqual([]);
    await eventually(async () => expect((await summary()).total_unplanned_downtime).toBe(before.total_unplanned_downtime + 7));
    const after = await summary();
    expect(after.stop_count).toBe(before.stop_count + 1);

    const minutes = (n: number) => `${it2(n, 0)} min`;
    await page.reload();
    await page.locator('.gauge').first().waitFor();
    await eventually(async () => expect(await value(page, 'Tempo di fermo non pianificato')).toBe(minutes(after.total_unplanned_downtime)));
    await page.getByLabel('Al momento').fill(wall);
    const caption = `Situazione al ${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)} ${wall.slice(11, 16)}${wall.endsWith(':00') ? '' : wall.slice(16)}`;
    await page.getByRole('status').filter({ hasText: caption }).waitFor();
    await eventually(async () => expect(await value(page, 'Tempo di fermo non pianificato')).toBe(minutes(before.total_unplanned_downtime)));
    expect(await page.getByRole('button', { name: 'Attuale', exact: true }).getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'dashboard-miglioramento-moment-tablet', { settleMs: 3600 }); // after the gauges' animation (500 ms + 3000 ms)

    await page.getByRole('button', { name: 'Attuale', exact: true }).click();
    await eventually(async () => expect(await value(page, 'Tempo di fermo non pianificato')).toBe(minutes(after.total_unplanned_downtime)));
    expect(await page.getByText(caption).count()).toBe(0);
    await expect(page.getByLabel('Al momento').inputValue()).resolves.toBe('');
    await context.close();

    await open('support', '/dashboard-miglioramento', PHONE);
    await page.getByLabel('Al momento').fill(wall);
    await eventually(async () => expect(await value(page, 'Tempo di fermo non pianificato')).toBe(minutes(before.total_unplanned_downtime)));
    await screenshot(page, 'dashboard-miglioramento-moment-phone', { settleMs: 3600 }); // after the gauges' animation (500 ms + 3000 ms)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('takes the support user from Riepilogo Operativo to a new DBR action and back, on a phone', async () => {
    await open('support', '/dashboard-miglioramento', PHONE);
    await page.getByRole('heading', { level: 1, name: 'Riepilogo Operativo' }).waitFor();
    await screenshot(page, 'dashboard-miglioramento-phone', { settleMs: 3600 }); // after the gauges' animation (500 ms + 3000 ms)
    const boxes = await page.locator('.gauge').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(boxes[1]!).toBeGreaterThan(boxes[0]! + 100); // stacked
    await page.getByRole('link', { name: 'AGGIUNGI AZIONE DBR' }).click();
    await page.waitForURL((u) => u.pathname === '/azioni-dbr-miglioramento');
    const back = page.getByRole('link', { name: 'Torna al Riepilogo Operativo' });
    if (await back.count()) await back.click();
    else await page.goBack();
    await page.waitForURL((u) => u.pathname === '/dashboard-miglioramento');
    await page.getByRole('heading', { level: 1, name: 'Riepilogo Operativo' }).waitFor();
  });
});
