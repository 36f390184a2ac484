/**
 * The compose stack's promises (docs/deploy.md): what docker-compose.yml and its KurrentDB
 * override say, read with the `yaml` package, and the shipped deploy/nginx.conf run by the real
 * nginx in front of a small local server, with the certificate deploy/certs.sh makes.
 * nginx and openssl come from Debian (nginx-light, openssl); under CI=true a missing one fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { parse } from 'yaml';
import { findOnPath, freePort, stopChild, waitForPort } from '../infra/embedded/ports.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

type Service = {
  image?: string;
  entrypoint?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  healthcheck?: { test: string[] };
  logging?: { driver?: string; options?: Record<string, string> };
  depends_on?: Record<string, { condition: string }>;
};
type ComposeFile = { services: Record<string, Service> };

const composeText = read('docker-compose.yml');
const overrideText = read('docker-compose.kurrentdb.yml');
// merge: the services share their logging settings through a `<<: *logging` merge key.
const compose = parse(composeText, { merge: true }) as ComposeFile;
const override = parse(overrideText, { merge: true }) as ComposeFile;
const services = Object.entries(compose.services);

/** The services a plain `docker compose up` starts: those of no profile. */
const defaultServices = services.filter(([, s]) => !s.profiles);

describe('docker-compose.yml', () => {
  it('runs no event store insecurely, in any file or profile', () => {
    for (const text of [composeText, overrideText]) {
      expect(text).not.toMatch(/INSECURE/i);
      expect(text).not.toMatch(/tls=false/);
    }
  });

  it('uses the PostgreSQL event store by default: the app has no EVENTSTORE_CONNECTION_STRING and no KurrentDB starts', () => {
    expect(Object.keys(compose.services.app!.environment!)).not.toContain('EVENTSTORE_CONNECTION_STRING');
    expect(compose.services.app!.depends_on).not.toHaveProperty('kurrentdb');
    expect(defaultServices.map(([name]) => name).sort()).toEqual(['app', 'backup', 'broker-logins', 'mosquitto', 'postgres', 'proxy', 'proxy-certs', 'redis']);
  });

  it('publishes the proxy on BIND_ADDRESS only (HTTP and HTTPS), and anything else on loopback only', () => {
    expect(compose.services.proxy!.ports).toEqual(['${BIND_ADDRESS:-127.0.0.1}:${HTTP_PORT:-80}:80', '${BIND_ADDRESS:-127.0.0.1}:${HTTPS_PORT:-443}:443']);
    for (const [name, service] of services) {
      if (name === 'proxy') continue;
      for (const port of service.ports ?? []) expect(`${name} ${port}`).toMatch(new RegExp(`^${name} 127\\.0\\.0\\.1:`));
    }
    expect(compose.services.app!.ports).toBeUndefined();
  });

  it("checks the app's health on /health/ready, the proxy starting once the app has started", () => {
    expect(compose.services.app!.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:3000/health/ready');
    expect(compose.services.proxy!.depends_on).toEqual({ 'proxy-certs': { condition: 'service_completed_successfully' }, app: { condition: 'service_started' } });
  });

  it('takes only authenticated clients on the broker, which never runs as root, its logins written from .env first', () => {
    const mosquitto = compose.services.mosquitto as { user?: string; depends_on?: Record<string, { condition: string }> };
    expect(mosquitto.user).toBe('1883:1883');
    expect(mosquitto.depends_on).toEqual({ 'broker-logins': { condition: 'service_completed_successfully' } });
    const conf = fs.readFileSync(path.join(root, 'deploy/mosquitto.conf'), 'utf8');
    expect(conf).toMatch(/^allow_anonymous false$/m);
    expect(conf).toMatch(/^password_file \/mosquitto\/passwd\/passwd$/m);
    expect(conf).not.toMatch(/^allow_anonymous true/m);
    expect((compose.services['broker-logins'] as { command?: string[] }).command).toEqual(['node', 'dist/scripts/mqttPasswords.js', '/mosquitto/passwd/passwd', '1883:1883']);
  });

  it("rotates every service's log", () => {
    for (const [name, service] of services) {
      expect({ name, driver: service.logging?.driver }).toEqual({ name, driver: 'json-file' });
      expect(service.logging?.options).toEqual({ 'max-size': '${LOG_MAX_SIZE:-10m}', 'max-file': '${LOG_MAX_FILE:-5}' });
    }
  });

  it('backs up with pg_dump -Fc on a schedule, with the client of the server’s own image', () => {
    const backup = compose.services.backup!;
    expect(backup.image).toBe(compose.services.postgres!.image);
    expect(backup.entrypoint).toEqual(['sh', '/linea/backup.sh', 'loop']);
    expect(backup.volumes).toContain('./deploy/backup.sh:/linea/backup.sh:ro');
    expect(Object.keys(backup.environment!)).toEqual(expect.arrayContaining(['PGHOST', 'PGUSER', 'PGPASSWORD', 'PGDATABASE', 'BACKUP_INTERVAL', 'BACKUP_KEEP']));
    expect(read('deploy/backup.sh')).toMatch(/^\s*if ! pg_dump --format=custom --file=/m);
    expect(backup.healthcheck!.test).toEqual(['CMD', 'sh', '/linea/backup.sh', 'check']);
  });

  it('runs KurrentDB, when asked for, with TLS certificates and the plant’s own admin password', () => {
    const kurrentdb = compose.services.kurrentdb!;
    expect(kurrentdb.profiles).toEqual(['kurrentdb', 'test']);
    expect(kurrentdb.image).toMatch(/^docker\.kurrent\.io\/kurrent-latest\/kurrentdb:25\.\d+\.\d+$/);
    expect(kurrentdb.environment).toMatchObject({
      KURRENTDB_CERTIFICATE_FILE: '/certs/node/node.crt',
      KURRENTDB_CERTIFICATE_PRIVATE_KEY_FILE: '/certs/node/node.key',
      KURRENTDB_TRUSTED_ROOT_CERTIFICATES_PATH: '/certs/ca',
    });
    expect(override.services.kurrentdb!.environment!.KURRENTDB_DEFAULT_ADMIN_PASSWORD).toMatch(/^\$\{KURRENTDB_ADMIN_PASSWORD:\?/);
    expect(composeText + overrideText).not.toMatch(/changeit/);
  });

  it('points the app at KurrentDB over TLS, checked against the CA, only through the override', () => {
    const app = override.services.app!;
    expect(app.environment!.EVENTSTORE_CONNECTION_STRING).toBe(
      'kurrentdb://admin:${KURRENTDB_ADMIN_PASSWORD:?Set KURRENTDB_ADMIN_PASSWORD in .env first, see docs/deploy.md}@kurrentdb:2113?tls=true&tlsCAFile=/certs/ca/ca.crt',
    );
    expect(app.volumes).toEqual(['kurrentdb-certs:/certs:ro']);
    expect(app.depends_on).toEqual({ kurrentdb: { condition: 'service_healthy' } });
    expect(compose.services['test-eventstore']!.environment!.EVENTSTORE_CONNECTION_STRING).toMatch(/\?tls=true&tlsCAFile=\/certs\/ca\/ca\.crt$/);
  });

  it('lists every variable the compose files read in .env.example', () => {
    const example = read('.env.example');
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    const used = new Set([...(composeText + overrideText).matchAll(/(?<!\$)\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((v) => !listed.has(v))).toEqual([]);
  });
});

const ci = process.env.CI === 'true';
const nginx = findOnPath('nginx') ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null);
const openssl = findOnPath('openssl');
const haveTools = Boolean(nginx && openssl);
if (!haveTools && !ci) console.warn('SKIPPED: the proxy tests need nginx and openssl (apt-get install nginx-light openssl)');

(haveTools || ci ? describe : describe.skip)('deploy/certs.sh and deploy/nginx.conf with the real openssl and nginx', () => {
  let dir: string;
  let ca: Buffer;
  let upstream: http.Server;
  let proxy: ChildProcess | undefined;
  let httpPort: number;
  let httpsPort: number;
  /** The last request the upstream saw. */
  let seen: http.IncomingHttpHeaders = {};
  /** /live: whether the upstream had ended its stream, and a way to end it. */
  let liveEnded = false;
  let endLive: () => void = () => undefined;

  beforeAll(async () => {
    if (!haveTools) throw new Error('CI=true and nginx or openssl is missing: apt-get install nginx-light openssl');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-proxy-'));
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'tls'));
    fs.mkdirSync(path.join(dir, 'plant'));
    // The self-signed certificate the stack makes on its first start, for the names used here.
    const certs = spawnSync('sh', [path.join(root, 'deploy/certs.sh'), 'proxy'], {
      env: { ...process.env, CERTS_ROOT: dir, TLS_HOSTNAMES: 'localhost,127.0.0.1' },
      encoding: 'utf8',
    });
    expect(certs.stderr).toBe('');
    expect(certs.status).toBe(0);
    ca = fs.readFileSync(path.join(dir, 'tls/cert.pem'));

    upstream = http.createServer((req, res) => {
      seen = req.headers;
      if (req.url === '/live') {
        // An event stream that stays open; it says nothing about buffering itself.
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write('data: first\n\n');
        endLive = () => {
          liveEnded = true;
          res.end('data: last\n\n');
        };
        setTimeout(() => endLive(), 15_000).unref();
        return;
      }
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ path: req.url }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamPort = (upstream.address() as { port: number }).port;
    httpPort = await freePort();
    httpsPort = await freePort();

    // What the nginx image's template step and docker's network do, on loopback ports instead.
    let conf = read('deploy/nginx.conf');
    const swap = (from: string, to: string, times: number) => {
      expect({ from, times: conf.split(from).length - 1 }).toEqual({ from, times });
      conf = conf.split(from).join(to);
    };
    swap('${LINEA_HTTPS_PORT}', String(httpsPort), 1);
    swap('listen 80;', `listen 127.0.0.1:${httpPort};`, 1);
    swap('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`, 1);
    swap('http://app:3000', `http://127.0.0.1:${upstreamPort}`, 2);
    swap('/etc/nginx/tls/', `${dir}/tls/`, 2);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`).join(' ');
    swap('http {', `http {\n  ${temp} access_log ${dir}/access.log;`, 1);
    fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);

    const args = ['-e', 'stderr', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid;`];
    const check = spawnSync(nginx!, ['-t', ...args], { encoding: 'utf8' });
    expect({ status: check.status, output: check.stderr }).toEqual({ status: 0, output: expect.stringContaining('test is successful') });

    let output = '';
    proxy = spawn(nginx!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    proxy.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitForPort(httpsPort, 10_000, () => (proxy!.exitCode !== null ? `nginx exited: ${output}` : null));
  });

  afterAll(async () => {
    endLive();
    if (proxy) await stopChild(proxy);
    await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A request over HTTPS that trusts only the stack's certificate (so a wrong name or chain fails). */
  function httpsGet(pathname: string, headers: Record<string, string> = {}): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      https.get({ host: '127.0.0.1', port: httpsPort, path: pathname, ca, headers }, resolve).on('error', reject);
    });
  }

  const bodyOf = (res: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve(body));
    });

  it("makes KurrentDB a node certificate for `kurrentdb` signed by a CA the app's connection string trusts", async () => {
    const env = { ...process.env, CERTS_ROOT: dir };
    const made = spawnSync('sh', [path.join(root, 'deploy/certs.sh'), 'kurrentdb'], { env, encoding: 'utf8' });
    expect({ status: made.status, stderr: made.stderr }).toEqual({ status: 0, stderr: '' });
    expect(fs.readdirSync(path.join(dir, 'certs/ca'))).toEqual(['ca.crt']);
    const verify = spawnSync(openssl!, ['verify', '-CAfile', path.join(dir, 'certs/ca/ca.crt'), path.join(dir, 'certs/node/node.crt')], { encoding: 'utf8' });
    expect(verify.stdout.trim()).toBe(`${path.join(dir, 'certs/node/node.crt')}: OK`);
    const names = spawnSync(openssl!, ['x509', '-in', path.join(dir, 'certs/node/node.crt'), '-noout', '-ext', 'subjectAltName,extendedKeyUsage'], { encoding: 'utf8' });
    expect(names.stdout).toContain('DNS:kurrentdb');
    expect(names.stdout).toContain('TLS Web Server Authentication, TLS Web Client Authentication');
    expect(fs.statSync(path.join(dir, 'certs/node/node.key')).mode & 0o777).toBe(0o600);

    // The override's connection string, as compose fills it in, read by the client the adapter uses.
    const template = override.services.app!.environment!.EVENTSTORE_CONNECTION_STRING!;
    const filled = template.replace(/\$\{KURRENTDB_ADMIN_PASSWORD:\?[^}]*\}/, 'a1b2c3d4e5f6').replace('/certs/', `${dir}/certs/`);
    const client = KurrentDBClient.connectionString(filled);
    await client.dispose();
    expect(() => KurrentDBClient.connectionString(filled.replace('ca.crt', 'absent.crt'))).toThrow('Failed to load certificate file');
  });

  it('answers plain HTTP with a redirect to the same path over HTTPS, on the HTTPS port', async () => {
    seen = {};
    // The name a user typed, as a browser sends it (fetch would replace the Host header).
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: httpPort, path: '/linea/shift_notes?day=2026-03-02', headers: { host: 'linea.plant.local' } }, resolve).on('error', reject);
    });
    await bodyOf(res);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`https://linea.plant.local:${httpsPort}/linea/shift_notes?day=2026-03-02`);
    expect(seen).toEqual({});
  });

  it('passes HTTPS requests to the app with the client address appended and HSTS on the answer', async () => {
    const res = await httpsGet('/factory/plant', { 'x-forwarded-for': '10.9.8.7' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(await bodyOf(res))).toEqual({ path: '/factory/plant' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    // The app (TRUST_PROXY=1) takes the last address: the one nginx saw, not the one the client claims.
    expect(seen['x-forwarded-for']).toBe('10.9.8.7, 127.0.0.1');
    expect(seen['x-forwarded-proto']).toBe('https');
  });

  it('sends HSTS on error answers too', async () => {
    const res = await httpsGet('/missing');
    await bodyOf(res);
    expect(res.statusCode).toBe(404);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('passes /live on as it comes: the first event arrives while the app still holds the stream open', async () => {
    liveEnded = false;
    const res = await httpsGet('/live');
    expect(res.statusCode).toBe(200);
    const first = await new Promise<{ chunk: string; endedBefore: boolean }>((resolve) =>
      res.once('data', (d: Buffer) => resolve({ chunk: d.toString(), endedBefore: liveEnded })),
    );
    expect(first).toEqual({ chunk: expect.stringContaining('data: first'), endedBefore: false });
    endLive();
    expect(await bodyOf(res)).toContain('data: last');
  });
});
