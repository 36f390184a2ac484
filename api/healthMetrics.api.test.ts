/**
 * What plant IT watches (README, Operations; docs/metrics.md): liveness and readiness, GET
 * /metrics in Prometheus' text format with the app's figures, who may read it, and the alert
 * rules of deploy/prometheus, whose metric names must be the ones the app exports.
 * One app behind a pretend proxy (TRUST_PROXY=1) with a METRICS_TOKEN, reading a real mosquitto.
 */
import fs from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';
import { parse as parseYaml } from 'yaml';
import { startMosquitto, type EmbeddedMosquitto } from '../infra/embedded/mosquitto.js';
import { freePort } from '../infra/embedded/ports.js';
import { startTestApp, type TestApp } from '../test/support/app.js';
import { eventually } from '../test/support/pageActions.js';
import { parsePrometheusText, sampleValue, type Family } from '../test/support/prometheus.js';
import { describeWith, services } from '../test/support/services.js';

const TOKEN = 'metrics-token-3f9a1c77b2e4d5a6';
const REMOTE = { 'x-forwarded-for': '203.0.113.7' };

describeWith(['postgres', 'mosquitto'])('health, readiness and metrics', () => {
  let app: TestApp;
  let broker: EmbeddedMosquitto;
  let gateway: MqttClient;
  let admin: string;

  const metrics = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${app.url}/metrics`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await res.text());
  };
  const ready = async () => {
    const res = await fetch(`${app.url}/health/ready`);
    return { status: res.status, body: (await res.json()) as { status: string; reasons?: string[]; parked?: string[] } };
  };
  const stationsState = async () => (await app.deps.engine.status()).find((s) => s.name === 'stations')!.state;
  const chooseStation = (equipmentId: number) =>
    fetch(`${app.url}/factory/default_station`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shopFloorId: 1, lineId: 1, equipmentId }),
    });

  beforeAll(async () => {
    broker = await startMosquitto(services.mosquitto!, await freePort());
    app = await startTestApp({ redis: false, mqttUrl: broker.url, machineTickMs: 3_600_000, env: { TRUST_PROXY: '1', METRICS_TOKEN: TOKEN } });
    admin = await app.login('admin');
    gateway = await mqtt.connectAsync(broker.url, { reconnectPeriod: 200 });
    await eventually(async () => expect(app.deps.machineSignals!.status().connected).toBe(true));
  });
  afterAll(async () => {
    await gateway?.endAsync(true);
    await app?.close();
    await broker?.stop();
  });

  it('/health/live answers 200 without a token', async () => {
    const res = await fetch(`${app.url}/health/live`);
    expect([res.status, await res.json()]).toEqual([200, { status: 'live' }]);
  });

  it('/metrics: the named metrics, the route template of a request just made, refused logins, appends, MQTT outcomes', async () => {
    const before = await metrics();
    expect(await (await fetch(`${app.url}/factory/dbr_constants/1`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
    await fetch(`${app.url}/no/such/page/42`);
    const refused = await fetch(`${app.url}/loginjwt`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'sbagliata' }) });
    expect(refused.status).toBe(401);
    expect((await chooseStation(2)).status).toBe(200);
    // One message of each kind the connector tells apart here: junk, an unknown machine, a known one.
    const at = new Date().toISOString();
    const received = app.deps.machineSignals!.status().received;
    await gateway.publishAsync('linea/1/1/1/state', 'non è JSON', { qos: 1 });
    await gateway.publishAsync('linea/9/9/999/state', JSON.stringify({ state: 'running', at }), { qos: 1 });
    await gateway.publishAsync('linea/1/1/1/state', JSON.stringify({ state: 'running', at }), { qos: 1 });
    await eventually(async () => expect(app.deps.machineSignals!.status().received).toBe(received + 3));

    const after = await metrics();
    const names = [
      'linea_http_request_duration_seconds',
      'linea_read_model_lag_events',
      'linea_read_model_parked',
      'linea_event_store_append_duration_seconds',
      'linea_mqtt_connected',
      'linea_mqtt_messages_total',
      'linea_login_failures_total',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ];
    for (const name of names) expect([name, after.has(name)]).toEqual([name, true]);
    const types = Object.fromEntries([...after.values()].filter((f) => f.name.startsWith('linea_')).map((f: Family) => [f.name, f.type]));
    expect(types).toEqual({
      linea_http_request_duration_seconds: 'histogram',
      linea_read_model_lag_events: 'gauge',
      linea_read_model_parked: 'gauge',
      linea_event_store_append_duration_seconds: 'histogram',
      linea_mqtt_connected: 'gauge',
      linea_mqtt_messages_total: 'counter',
      linea_login_failures_total: 'counter',
    });

    const count = (m: Map<string, Family>, labels: Record<string, string>) => sampleValue(m, 'linea_http_request_duration_seconds_count', labels) ?? 0;
    const template = { method: 'GET', route: '/factory/dbr_constants/:line_id', status: '200' };
    expect(count(after, template) - count(before, template)).toBe(1);
    // The raw URLs never become labels: unmatched paths share one fixed label.
    const routes = new Set(after.get('linea_http_request_duration_seconds')!.samples.map((s) => s.labels.route));
    expect(routes.has('unmatched')).toBe(true);
    expect([...routes].filter((r) => /\/1$|42/.test(r!))).toEqual([]);
    expect(count(after, { method: 'POST', route: '/loginjwt', status: '401' })).toBeGreaterThanOrEqual(1);

    const failures = (m: Map<string, Family>) => sampleValue(m, 'linea_login_failures_total', { reason: 'invalid_credentials' }) ?? 0;
    expect(failures(after) - failures(before)).toBe(1);
    const appends = (m: Map<string, Family>) => sampleValue(m, 'linea_event_store_append_duration_seconds_count') ?? 0;
    expect(appends(after) - appends(before)).toBeGreaterThanOrEqual(1);

    expect(sampleValue(after, 'linea_mqtt_connected')).toBe(1);
    const outcome = (m: Map<string, Family>, o: string) => sampleValue(m, 'linea_mqtt_messages_total', { outcome: o }) ?? 0;
    expect(['junk', 'unknown-equipment', 'accepted', 'duplicate', 'late'].map((o) => outcome(after, o) - outcome(before, o))).toEqual([1, 1, 1, 0, 0]);

    // Every read model has its lag and parked series; nothing is parked yet.
    const readModels = (await app.deps.engine.status()).map((s) => s.name).sort();
    const parked = after.get('linea_read_model_parked')!.samples;
    expect(parked.map((s) => s.labels.read_model).sort()).toEqual(readModels);
    expect(parked.filter((s) => s.value !== 0)).toEqual([]);
    const lags = after.get('linea_read_model_lag_events')!.samples;
    expect(lags.map((s) => s.labels.read_model).sort()).toEqual(readModels);
    for (const s of lags) expect(Number.isInteger(s.value) && s.value >= 0).toBe(true);
  });

  it('/metrics is open to loopback, also through a proxy on loopback for a local client', async () => {
    await metrics();
    await metrics({ 'x-forwarded-for': '127.0.0.1' });
  });

  it('/metrics refuses a remote caller (the address a trusted proxy appended) without the right token', async () => {
    const call = (headers: Record<string, string>) => fetch(`${app.url}/metrics`, { headers: { ...REMOTE, ...headers } });
    const none = await call({});
    expect([none.status, ((await none.json()) as { error: { code: string } }).error.code]).toEqual([401, 'UNAUTHENTICATED']);
    const wrong = await call({ authorization: 'Bearer metrics-token-3f9a1c77b2e4d5a7' });
    expect([wrong.status, ((await wrong.json()) as { error: { code: string } }).error.code]).toEqual([403, 'FORBIDDEN']);
    const jwt = await call({ authorization: `Bearer ${admin}` });
    expect(jwt.status).toBe(403);
    expect(await metrics({ ...REMOTE, authorization: `Bearer ${TOKEN}` })).toBeInstanceOf(Map);
  });

  it('/health/ready is 503 naming a parked read model, and 200 once it applies its event again', async () => {
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
    // A read table that refuses every write (a constraint the code does not know of yet): the next station parks 'stations'.
    const live = (await app.deps.engine.status()).find((s) => s.name === 'stations')!;
    const table = `default_stations_v${live.version}_g${live.generation}`;
    await app.deps.knex.raw(`create function refuse_station() returns trigger language plpgsql as $$ begin raise exception 'stazione rifiutata dal test'; end $$`);
    await app.deps.knex.raw(`create trigger refuse_station before insert or update on ${table} for each row execute function refuse_station()`);
    expect((await chooseStation(3)).status).toBe(200);
    await eventually(async () => expect(await stationsState()).toBe('failed'));

    const parked = await ready();
    expect(parked.status).toBe(503);
    expect(parked.body).toMatchObject({ status: 'unready', parked: ['stations'] });
    expect(parked.body.reasons).toEqual([
      expect.stringMatching(/^read model stations parked at event \d+\/\d+ \(DefaultStationChosen, stream station-admin\): .*stazione rifiutata dal test/),
    ]);
    expect(sampleValue(await metrics(), 'linea_read_model_parked', { read_model: 'stations' })).toBe(1);
    // /health itself stays 200 'degraded' (the instance still serves the other read models).
    expect((await fetch(`${app.url}/health`)).status).toBe(200);

    // The fix is in; a start (or a rebuild) lets the read model try its event again.
    await app.deps.knex.raw(`drop trigger refuse_station on ${table}`);
    await app.deps.knex.raw('drop function refuse_station()');
    await app.deps.engine.retryFailed();
    app.deps.scheduler.wake(['stations']);
    await eventually(async () => expect(await stationsState()).toBe('live'));
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
    expect(sampleValue(await metrics(), 'linea_read_model_parked', { read_model: 'stations' })).toBe(0);
  });

  it('the alert rules of deploy/prometheus read only metrics the app exports (or node_exporter, or Prometheus itself)', async () => {
    const exported = await metrics();
    const rules = parseYaml(fs.readFileSync(new URL('../deploy/prometheus/alerts.yml', import.meta.url), 'utf8')) as {
      groups: Array<{ rules: Array<{ alert: string; expr: string; for?: string }> }>;
    };
    const alerts = rules.groups.flatMap((g) => g.rules);
    expect(alerts.map((r) => r.alert).sort()).toEqual(['LineaDiskAlmostFull', 'LineaDown', 'LineaLoginFailures', 'LineaMqttDown', 'LineaReadModelLagging', 'LineaReadModelParked']);
    const outside = new Set(['up', 'node_filesystem_avail_bytes', 'node_filesystem_size_bytes']);
    for (const rule of alerts) {
      const used = [...rule.expr.matchAll(/\b(linea_[a-z_]+|node_[a-z_]+)\b/g), ...rule.expr.matchAll(/\b(up)\{/g)].map((m) => m[1]!);
      expect([rule.alert, used.length > 0]).toEqual([rule.alert, true]);
      for (const name of used) expect([rule.alert, name, exported.has(name) || outside.has(name)]).toEqual([rule.alert, name, true]);
    }
    const byName = Object.fromEntries(alerts.map((r) => [r.alert, r]));
    expect(byName.LineaReadModelParked!.expr).toContain('linea_read_model_parked');
    expect(byName.LineaReadModelLagging!).toMatchObject({ for: '1m' });
    expect(byName.LineaDiskAlmostFull!.expr).toMatch(/> 0\.90?\b/);
  });

  it('the Grafana dashboard of deploy/grafana charts only series the app exports (or node_exporter)', async () => {
    const exported = await metrics();
    const sampleNames = new Set([...exported.values()].flatMap((f) => f.samples.map((s) => s.name)));
    const dashboard = JSON.parse(fs.readFileSync(new URL('../deploy/grafana/linea-dashboard.json', import.meta.url), 'utf8')) as {
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
    };
    const used = dashboard.panels.flatMap((p) => p.targets.flatMap((t) => [...t.expr.matchAll(/\b((?:linea|process|nodejs|node)_[a-z0-9_]+)\b/g)].map((m) => [p.title, m[1]!])));
    expect(used.length).toBeGreaterThan(10);
    const outside = new Set(['node_filesystem_avail_bytes', 'node_filesystem_size_bytes']);
    for (const [title, name] of used) expect([title, name, sampleNames.has(name!) || outside.has(name!)]).toEqual([title, name, true]);
  });
});
