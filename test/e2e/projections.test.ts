/**
 * The 'Proiezioni' page (/proiezioni, ADMIN section) in a real browser against the real API: the
 * admin finds it in the sidebar, sees every read model with its state, starts a blue/green rebuild
 * from the page, watches it finish, and the read model shows its last rebuild. A table too large
 * to count row by row shows the database's estimate, marked 'circa', on the tablet and the phone. A
 * read model parked at an event it cannot apply reads 'In errore' with that event and the error.
 */
import type { Page } from 'playwright-core';
import { PHONE_VIEWPORT, screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { eventually, loginTo } from '../support/pageActions.js';
import { newEvent } from '../contract/eventstore.contract.js';

/** The read models of the product (projections/registry.ts), as the page must list them. */
const READ_MODELS = [
  'users',
  'plant',
  'shifts',
  'dbr_constants',
  'stations',
  'shift_reports',
  'stops',
  'root_causes',
  'dashboard',
  'dbr_actions',
  'pareto_stops',
  'dashboard_history',
  'oee',
  'machines',
];

describeWith(['postgres', 'chromium'])('projections page', () => {
  const suite = browserSuite();
  let page: Page;

  async function open(username: string, viewport?: { width: number; height: number }) {
    ({ page } = await suite.newPage(viewport));
    await loginTo(page, username);
  }

  beforeAll(async () => {
    // A default station, so the login lands on home rather than on /setup.
    for (const username of ['admin', 'support']) {
      const res = await fetch(`${suite.app.url}/factory/default_station`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${await suite.app.login(username)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ shopFloorId: 1, lineId: 1, equipmentId: 1 }),
      });
      expect(res.status).toBe(200);
    }
  });

  it('lets the admin rebuild a read model from the page and see it finish', async () => {
    await open('admin');
    await page.getByRole('link', { name: 'Proiezioni' }).click();
    await page.waitForURL((u) => u.pathname === '/proiezioni');
    await page.getByRole('heading', { level: 1, name: 'Proiezioni' }).waitFor();
    for (const name of READ_MODELS) await page.getByTestId(`projection-${name}`).waitFor();

    const card = page.getByTestId('projection-users');
    await expect(card.getByTestId('projection-state').textContent()).resolves.toBe('Attiva');
    await expect(card.getByTestId('projection-last-rebuild').textContent()).resolves.toBe('–');
    // Five demo users are registered, one row each.
    await expect(card.getByTestId('projection-rows').textContent()).resolves.toBe('5');
    // Below the read models, the machines' signals: this server reads no broker, so it says so and no machine has a message.
    const signals = page.getByTestId('machine-signals');
    await signals.getByText(/^Nessun broker/).waitFor();
    await expect(signals.getByTestId('signal-1').innerText()).resolves.toMatch(/^Linea 1 · Filler\s+Nessun messaggio$/);
    await screenshot(page, 'proiezioni-tablet');

    await card.getByRole('button', { name: 'Ricostruisci' }).click();
    // It asks first; 'Annulla' leaves the read model alone.
    await page.getByRole('dialog', { name: 'Ricostruire users?' }).getByRole('button', { name: 'Annulla' }).click();
    expect((await suite.app.deps.engine.liveRow('users'))!.generation).toBe(1);
    await card.getByRole('button', { name: 'Ricostruisci' }).click();
    await page.getByRole('dialog', { name: 'Ricostruire users?' }).getByRole('button', { name: 'Ricostruisci ora' }).click();
    await card.getByText('Ricostruzione completata').waitFor();
    await card.getByTestId('projection-last-rebuild').filter({ hasNotText: '–' }).waitFor();
    await expect(card.getByTestId('projection-rows').textContent()).resolves.toBe('5');
    expect((await suite.app.deps.engine.liveRow('users'))!.generation).toBe(2);
    await screenshot(page, 'proiezioni-rebuilt');
  });

  it('opens bull-board behind the admin login from the page', async () => {
    await open('admin');
    await page.goto('/proiezioni');
    await page.getByRole('button', { name: 'Code BullMQ' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/queues/');
    await expect(page.title()).resolves.toBe('Linea – code');
    await page.getByText('projections').first().waitFor();
    await screenshot(page, 'bull-board');
  });

  it('fits a phone', async () => {
    await open('admin', { width: 390, height: 844 });
    await page.goto('/proiezioni');
    await page.getByTestId('projection-dashboard').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'proiezioni-phone');
  });

  it("shows a large table at the database's estimate, marked 'circa', on the tablet and the phone", async () => {
    // Years of analyses: 30,000 rows written straight into root_causes' live table (the demo has
    // about a hundred), then analyzed as autovacuum would.
    const { knex, engine } = suite.app.deps;
    const table = (await engine.liveRow('root_causes'))!.tables.root_causes!;
    const before = Number((await knex(table).count<{ n: string }>('* as n').first())!.n);
    await knex.raw(
      `insert into ?? (stop_event_id, root_cause, troubleshooting, whys, category, updated_at) select 9000000000000000 + g, 'Guida usurata', 'Sostituita', '["","","","",""]', '', now() from generate_series(1, 30000) g`,
      [table],
    );
    await knex.raw('analyze ??', [table]);
    for (const [viewport, name] of [
      [undefined, 'proiezioni-estimate-tablet'],
      [PHONE_VIEWPORT, 'proiezioni-estimate-phone'],
    ] as const) {
      await open('admin', viewport);
      await page.goto('/proiezioni');
      const rows = page.getByTestId('projection-root_causes').getByTestId('projection-rows');
      await rows.filter({ hasText: /^circa / }).waitFor();
      // 'circa 30.107': Italian thousands, within 2% of the rows really there.
      const text = (await rows.textContent())!;
      expect(text).toMatch(/^circa \d{2}\.\d{3}$/);
      expect(Math.abs(Number(text.slice(6).replace('.', '')) - (before + 30_000))).toBeLessThan(600);
      // The users' five rows are still counted exactly.
      await expect(page.getByTestId('projection-users').getByTestId('projection-rows').textContent()).resolves.toBe('5');
      await screenshot(page, name);
      // The card itself, as the screen shows it once scrolled to.
      await page.getByTestId('projection-root_causes').scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-viewport`, { viewportOnly: true });
    }
  });

  it("shows a read model parked at an event it cannot apply, 'In errore' with the event and the error, on the tablet and the phone", async () => {
    // An action stored past validation (an older bug, an import): only the dbr_actions read model handles it.
    const { store, scheduler, engine } = suite.app.deps;
    await store.appendToStream('dbr-action-bad', [newEvent('DbrActionCreated', { actionId: 'sette', shopFloorId: 1, lineId: 1 })], { expectedRevision: 'no_stream' });
    const bad = (await store.readStream('dbr-action-bad'))[0]!;
    scheduler.wake(['dbr_actions']);
    await eventually(async () => expect((await engine.status()).find((s) => s.name === 'dbr_actions')!.state).toBe('failed'));
    for (const [viewport, name] of [
      [undefined, 'proiezioni-failed-tablet'],
      [PHONE_VIEWPORT, 'proiezioni-failed-phone'],
    ] as const) {
      await open('admin', viewport);
      await page.goto('/proiezioni');
      const card = page.getByTestId('projection-dbr_actions');
      await card.getByTestId('projection-failure').waitFor();
      await expect(card.getByTestId('projection-state').textContent()).resolves.toBe('In errore');
      await expect(
        card.getByTestId('projection-failure').getByText(`Bloccata all'evento ${bad.position.commit}/${bad.position.prepare} (DbrActionCreated, stream dbr-action-bad)`).count(),
      ).resolves.toBe(1);
      await expect(card.getByTestId('projection-failure-message').textContent()).resolves.toMatch(/actionId/);
      // The others are still 'Attiva'.
      await expect(page.getByTestId('projection-users').getByTestId('projection-state').textContent()).resolves.toBe('Attiva');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, name);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-viewport`, { viewportOnly: true });
    }
  });

  it('is not in the sidebar of the other roles', async () => {
    await open('support');
    await expect(page.getByRole('link', { name: 'Proiezioni' }).count()).resolves.toBe(0);
  });
});
