/**
 * Fault: the PostgreSQL under a running app stops (a restart, a failover) and comes back on
 * the same address. During the outage every request answers within a bound with 503 in the
 * app's error shape (never a 500, never a hang); once the server is back the same app
 * serves again without a restart, its read models catch up, and nothing is half-written:
 * the events and the read model agree. A PostgreSQL of its own, on loopback.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { startEmbeddedPostgres, type EmbeddedPg } from '../infra/embedded/postgres.js';
import { freePort } from '../infra/embedded/redis.js';
import { startTestAppOn, type TestApp } from '../test/support/app.js';
import { describeWith } from '../test/support/services.js';

/** The app's answer for "the database is away" (api/middlewares/errors.ts STATUS_ERRORS[503], written out). */
const UNAVAILABLE = { error: { code: 'UNAVAILABLE', message: 'Servizio momentaneamente non disponibile: riprova tra poco' } };
/** Longest any request may take while the database is away. */
const OUTAGE_ANSWER_MS = 15_000;

describeWith(['postgres', 'redis'])('PostgreSQL restarted under the running app', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-pg-restart-'));
  fs.chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  let port: number;
  let pg: EmbeddedPg | null = null;
  let app: TestApp;
  const day = DateTime.now().setZone('Europe/Rome').toISODate()!;

  beforeAll(async () => {
    port = await freePort();
    pg = await startEmbeddedPostgres(dataDir, port);
    app = await startTestAppOn(pg.url);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await pg?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const timed = async (method: string, url: string, init: RequestInit = {}) => {
    const started = Date.now();
    const res = await fetch(`${app.url}${url}`, { method, ...init, signal: AbortSignal.timeout(OUTAGE_ANSWER_MS + 5_000) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, ms: Date.now() - started };
  };
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const create = (token: string, activity: string) =>
    timed('POST', '/factory/dbr_actions', { headers: auth(token), body: JSON.stringify({ day, shop_floor_id: 1, line: 'Linea 1', owner: 'Rossi', activity }) });
  const list = (token: string) => timed('GET', `/factory/dbr_actions-range?shop_floor_id=1&date_from=${day}&date_to=${day}&lines=Linea%201`, { headers: auth(token) });
  const login = () =>
    timed('POST', '/loginjwt', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'support', password: 'demo' }).toString(),
    });

  it('answers 503 in the error shape during the outage, serves again after it, nothing half-written', async () => {
    const token = await app.login('support');
    for (let i = 0; i < 3; i++) expect((await create(token, `Prima ${i}`)).status).toBe(201);

    await pg!.stop();
    pg = null;

    const during = [await create(token, 'Durante il fermo'), await list(token), await login(), await timed('GET', '/factory/shop_floors', { headers: auth(token) })];
    for (const r of during) {
      expect([r.status, r.body]).toEqual([503, UNAVAILABLE]);
      expect(r.ms).toBeLessThan(OUTAGE_ANSWER_MS);
    }
    const health = await timed('GET', '/health');
    expect([health.status, (health.body as { status: string }).status, health.ms < OUTAGE_ANSWER_MS]).toEqual([503, 'unavailable', true]);

    pg = await startEmbeddedPostgres(dataDir, port);

    // The same app, not restarted: within 30 s the first write goes through, then every request does.
    const deadline = Date.now() + 30_000;
    let after = await create(token, 'Dopo il fermo');
    while (after.status !== 201 && Date.now() < deadline) {
      expect([after.status, after.body]).toEqual([503, UNAVAILABLE]);
      await new Promise((r) => setTimeout(r, 500));
      after = await create(token, 'Dopo il fermo');
    }
    expect(after.status).toBe(201);
    expect((await login()).status).toBe(200);
    const listed = await list(token);
    expect(listed.status).toBe(200);
    expect((listed.body as Array<{ activity: string }>).map((a) => a.activity).sort()).toEqual(['Dopo il fermo', 'Prima 0', 'Prima 1', 'Prima 2']);

    // Events and read model agree: one created event per row, and the write refused during the outage is nowhere.
    const events = await app.deps.knex('es_events').where({ type: 'DbrActionCreated' }).pluck('data');
    expect((events as Array<{ activity: string }>).map((d) => d.activity).sort()).toEqual(['Dopo il fermo', 'Prima 0', 'Prima 1', 'Prima 2']);
    const healthAfter = await timed('GET', '/health');
    expect([healthAfter.status, (healthAfter.body as { status: string }).status]).toEqual([200, 'ok']);
    // Every read model has read every event again (the projection runner recovered on its own).
    let lags: Array<{ name: string; lag: number }>;
    const lagDeadline = Date.now() + 30_000;
    do {
      lags = ((await timed('GET', '/health')).body as { projections: Array<{ name: string; lag: number }> }).projections;
      if (lags.every((p) => p.lag === 0)) break;
      await new Promise((r) => setTimeout(r, 500));
    } while (Date.now() < lagDeadline);
    expect(lags.filter((p) => p.lag !== 0)).toEqual([]);
  }, 240_000);
});
