/**
 * `npm run backup` and `npm run restore` as a plant's IT runs them, in child processes: a store
 * with the demo history is backed up while its app runs, restored into a DATA_DIR that does not
 * exist yet (the restore creates its embedded PostgreSQL), and the restored store answers as the
 * first did. Damaged, cut and foreign files, and a store that is not empty, are refused with one
 * line on stderr and leave the store as it was.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DateTime } from 'luxon';
import pg from 'pg';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import { writeBackup } from '../infra/backup/backup.js';
import { eventLine, Sha256, streamLine } from '../infra/backup/format.js';
import { restoreBackup } from '../infra/backup/restore.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { startEmbeddedPostgres, type EmbeddedPg } from '../infra/embedded/postgres.js';
import { freePort } from '../infra/embedded/redis.js';
import { startTestApp, startTestAppOn, type TestApp } from '../test/support/app.js';
import { createTestDatabase, sql, type TestDatabase } from '../test/support/db.js';
import { describeWith } from '../test/support/services.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run NAME -- ARGS` as npm would (tsx), with only the configuration given. */
function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', `${name}.ts`), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/root', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Every event as the store keeps it, in its order: ids, revisions, types, JSON and times to the microsecond. */
const EVENTS = `select event_id, stream_id, stream_revision, type, schema_version, data::text, metadata::text,
  to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as recorded_at
  from es_events order by transaction_id, global_position`;

const counts = async (url: string) =>
  (
    await sql<{ events: number; streams: number; accounts: number }>(
      url,
      `select (select count(*) from es_events) as events, (select count(*) from es_streams) as streams, (select count(*) from user_credentials) as accounts`,
    )
  )[0]!;

const noStackTrace = (text: string) => expect(text).not.toMatch(/\n\s+at /);

describeWith(['postgres'])('backup and restore through their commands', () => {
  let source: TestApp;
  let tmp: string;
  let backupFile: string;
  let sourceEvents: unknown[];
  let sourceStreams: unknown[];
  const scratch: TestDatabase[] = [];

  beforeAll(async () => {
    source = await startTestApp({ env: { SEED_DEMO_HISTORY: 'true' } });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-backup-'));
    fs.chmodSync(tmp, 0o777);
    backupFile = path.join(tmp, 'plant.backup');
  }, 240_000);

  afterAll(async () => {
    await source?.close();
    for (const db of scratch) await db.drop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** An empty database of the run's cluster, migrated as a first start leaves it. */
  async function emptyDatabase(): Promise<TestDatabase> {
    const db = await createTestDatabase();
    scratch.push(db);
    return db;
  }

  it('writes one compressed file with the events, the accounts, the plant file and a manifest, while the app runs', async () => {
    const run = await cli('backup', [backupFile], { DATABASE_URL: source.db.url });
    expect(run.stderr).toMatch(/backup written to .*: \d+ events in \d+ streams, \d+ accounts/);
    expect(run.code).toBe(0);
    expect(fs.existsSync(`${backupFile}.partial`)).toBe(false);
    expect(fs.statSync(backupFile).mode & 0o077).toBe(0);

    sourceEvents = await sql(source.db.url, EVENTS);
    sourceStreams = await sql(source.db.url, 'select stream_id, revision from es_streams order by stream_id');
    const lines = gunzipSync(fs.readFileSync(backupFile))
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ kind: 'header', format: 'linea-backup', formatVersion: 1, productVersion: '0.1.0', events: sourceEvents.length });
    const plant = lines.at(-2);
    expect(plant.kind).toBe('plant');
    expect(plant.plant.shopFloors[0].name).toBe('Confezionamento');
    expect(plant.plant.shopFloors[0].lines[0]).toMatchObject({ id: 1, name: 'Linea 1', dbrConstants: { def_speed: 12000 } });
    const accounts = lines.filter((l) => l.kind === 'credential');
    expect(accounts.map((a) => a.username)).toEqual(['admin', 'demoen', 'demoit', 'frontline', 'support']);
    expect(accounts[0].passwordHash).toMatch(/^scrypt/);
    const events = lines.filter((l) => l.kind === 'event');
    expect(events).toHaveLength(sourceEvents.length);
    expect(events[0]).toEqual(
      expect.objectContaining({
        id: (sourceEvents[0] as { event_id: string }).event_id,
        revision: 0,
        recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      }),
    );
    const manifest = lines.at(-1);
    expect(manifest).toMatchObject({ kind: 'manifest', events: sourceEvents.length, streams: sourceStreams.length, credentials: 5 });
    expect(Object.values(manifest.checksums)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.anything(), expect.anything(), expect.anything()]);
  }, 120_000);

  it('writes the same lines when it reads the events through the store port (as from KurrentDB), and they restore', async () => {
    const at = new Date('2026-11-28T06:00:00Z');
    const write = async (events?: PostgresEventStore) => {
      const chunks: Buffer[] = [];
      const out = new PassThrough();
      out.on('data', (c: Buffer) => chunks.push(c));
      const client = new pg.Client(source.db.url);
      await client.connect();
      try {
        await writeBackup(client, out, { now: at, events, pageSize: 700 });
      } finally {
        await client.end();
      }
      return gunzipSync(Buffer.concat(chunks)).toString('utf8').trimEnd().split('\n');
    };
    const store = await PostgresEventStore.connect(source.db.url, { max: 2 });
    let snapshot: string[];
    let throughPort: string[];
    try {
      snapshot = await write();
      throughPort = await write(store);
    } finally {
      await store.close();
    }
    // header, 5 accounts, the events, plant, manifest
    expect(throughPort).toHaveLength(sourceEvents.length + 8);
    // The port reads recorded times to the millisecond (as KurrentDB's adapter gives them): the one difference.
    const toMs = (line: string) => line.replace(/("recordedAt":"[^"]*\.\d{3})\d{3}Z"/, '$1000Z"');
    expect(throughPort.slice(0, -1)).toEqual(snapshot.slice(0, -1).map(toMs));
    const [portManifest, snapshotManifest] = [JSON.parse(throughPort.at(-1)!), JSON.parse(snapshot.at(-1)!)];
    expect({ ...portManifest, checksums: { ...portManifest.checksums, events: null } }).toEqual({
      ...snapshotManifest,
      checksums: { ...snapshotManifest.checksums, events: null },
    });
    const db = await emptyDatabase();
    const client = new pg.Client(db.url);
    await client.connect();
    try {
      const restored = await restoreBackup(client, Readable.from([gzipSync(`${throughPort.join('\n')}\n`)]));
      expect(restored.manifest.events).toBe(sourceEvents.length);
    } finally {
      await client.end();
    }
  }, 60_000);

  describe('into a DATA_DIR that does not exist yet', () => {
    let dataDir: string;
    let port: number;
    let embedded: EmbeddedPg | null = null;
    let restored: TestApp | null = null;

    afterAll(async () => {
      await restored?.close();
      await embedded?.stop();
    });

    it('creates the embedded PostgreSQL, restores, verifies and stops it again', async () => {
      dataDir = path.join(tmp, 'new-machine', 'data');
      port = await freePort();
      const run = await cli('restore', [backupFile], { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
      expect(run.stderr).toMatch(new RegExp(`restored and verified: ${sourceEvents.length} events in ${sourceStreams.length} streams, 5 accounts`));
      expect(run.code).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      // The command stopped the server it started: the port is free again.
      embedded = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), port);
    }, 180_000);

    it('holds the same events byte for byte: ids, revisions, JSON and recorded times', async () => {
      expect(await sql(embedded!.url, EVENTS)).toEqual(sourceEvents);
      expect(await sql(embedded!.url, 'select stream_id, revision from es_streams order by stream_id')).toEqual(sourceStreams);
    });

    it('answers every as_of read and history as the first store did, and the accounts log in with their passwords', async () => {
      restored = await startTestAppOn(embedded!.url, { env: { SEED_DEMO_HISTORY: 'true' } });
      const asOf = DateTime.now().setZone(PLANT_ZONE).minus({ days: 3 }).set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
      const day = asOf.toISODate()!;
      const reads = [
        `/factory/shift_notes?day=${day}&shift_code=A&line_name=Linea%201&as_of=${encodeURIComponent(asOf.toISO()!)}`,
        `/factory/shift_notes?day=${day}&shift_code=A&line_name=Linea%201&as_of=${encodeURIComponent(asOf.minus({ days: 1 }).toISO()!)}`,
        `/factory/shift_notes/history?day=${day}&shift_code=A&line_name=Linea%201`,
        `/factory/stop_events/unplanned_by_shift?shop_floor_id=1&lines_id=1,2,3&day=${day}&shift_code=A&as_of=${encodeURIComponent(asOf.toISO()!)}`,
        `/factory/stop_events/unplanned?shop_floor_id=1&date_from=${asOf.minus({ days: 10 }).toISODate()}&date_to=${day}&limit=200`,
      ];
      const answers = async (app: TestApp) => {
        const token = await app.login('admin');
        const out: unknown[] = [];
        for (const read of reads) {
          const res = await fetch(`${app.url}${read}`, { headers: { authorization: `Bearer ${token}` } });
          out.push([read, res.status, await res.json()]);
        }
        return out;
      };
      const before = await answers(source);
      expect(before.map((a) => (a as [string, number])[1])).toEqual(reads.map(() => 200));
      expect(await answers(restored)).toEqual(before);
      const login = (password: string) =>
        fetch(`${restored!.url}/loginjwt`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: 'frontline', password }),
        });
      expect((await login('demo')).status).toBe(200);
      expect((await login('demo2')).status).toBe(401);
    }, 240_000);
  });

  describe('a file that is not whole', () => {
    const EMPTY = { events: 0, streams: 0, accounts: 0 };

    it('is refused by the command when cut short, with one line and no trace, and the store stays empty', async () => {
      const whole = fs.readFileSync(backupFile);
      const cut = path.join(tmp, 'cut.backup');
      fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
      const db = await emptyDatabase();
      const run = await cli('restore', [cut], { DATABASE_URL: db.url });
      expect(run.stderr).toMatch(/^restore: the file is damaged or cut short/);
      noStackTrace(run.stderr);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.code).toBe(1);
      expect(await counts(db.url)).toEqual(EMPTY);
      expect(await sql(db.url, 'select count(*)::int as n from store_restores')).toEqual([{ n: 0 }]);
    }, 120_000);

    /** The same restore the command runs, in this process: the refusal's message, and the store left empty. */
    async function refused(content: Buffer, message: RegExp): Promise<void> {
      const db = await emptyDatabase();
      const client = new pg.Client(db.url);
      await client.connect();
      try {
        await expect(restoreBackup(client, Readable.from([content]))).rejects.toThrow(message);
      } finally {
        await client.end();
      }
      expect(await counts(db.url)).toEqual(EMPTY);
      expect(await sql(db.url, 'select count(*)::int as n from store_restores')).toEqual([{ n: 0 }]);
    }

    it('is refused when it stops at a line end before its manifest, or holds a line after it', async () => {
      const text = gunzipSync(fs.readFileSync(backupFile)).toString('utf8').split('\n');
      await refused(gzipSync(text.slice(0, Math.floor(text.length * 0.9)).join('\n') + '\n'), /^the file ends before its manifest/);
      await refused(gzipSync(text.join('\n') + text[1] + '\n'), /follows the manifest/);
    }, 60_000);

    it('is refused when one byte changed, whether the gzip, the JSON or only the content shows it', async () => {
      const whole = fs.readFileSync(backupFile);
      const flipped = Buffer.from(whole);
      flipped[Math.floor(flipped.length / 2)]! ^= 0x20;
      await refused(flipped, /the file is damaged/);
      const text = gunzipSync(whole).toString('utf8');
      await refused(gzipSync(text.replace('"name":"Linea 1"', '"name":"Linea X"')), /^the plant of the file do not match the manifest's checksum/);
      const lines = text.split('\n');
      const i = lines.findIndex((l) => l.includes('"kind":"event"') && l.includes('"revision":3,'));
      lines[i] = lines[i]!.replace('"revision":3,', '"revision":4,');
      await refused(gzipSync(lines.join('\n')), /^(the events of the file do not match|the backup holds the same event or stream revision twice)/);
      const whole2 = text.split('\n');
      const j = whole2.findIndex((l) => l.includes('"kind":"credential"'));
      await refused(gzipSync(whole2.filter((_, k) => k !== j).join('\n')), /^the manifest counts 5 accounts, the file holds 4/);
    }, 60_000);

    it('restores text whose characters fall across the chunks the file is read in', async () => {
      // Two-byte characters in events of about 60 KB: the gzip stream's chunks (16 KB) end inside some of them.
      const sums = { events: new Sha256(), streams: new Sha256(), plant: new Sha256(), credentials: new Sha256() };
      const lines = [JSON.stringify({ kind: 'header', format: 'linea-backup', formatVersion: 1, productVersion: '0.1.0', createdAt: '2026-11-28T06:00:00.000Z', events: 3 })];
      for (let revision = 0; revision < 3; revision++) {
        const line = eventLine({
          id: `0192e0a0-0000-7000-8000-00000000000${revision}`,
          stream: 'nota-è',
          revision,
          type: 'NotaScritta',
          schemaVersion: 1,
          recordedAt: `2026-11-28T06:00:0${revision}.123456Z`,
          data: `{"testo": "${'è'.repeat(30_001 + revision)}"}`,
          metadata: '{}',
        });
        sums.events.update(line);
        lines.push(line.trimEnd());
      }
      sums.streams.update(streamLine('nota-è', 2));
      const plant = JSON.stringify({ kind: 'plant', plant: { shopFloors: [], triggeringEvents: [], plannedStopReasons: [] } });
      sums.plant.update(`${plant}\n`);
      lines.push(plant);
      const checksums = { plant: sums.plant.hex(), credentials: sums.credentials.hex(), events: sums.events.hex(), streams: sums.streams.hex() };
      lines.push(JSON.stringify({ kind: 'manifest', productVersion: '0.1.0', events: 3, streams: 1, credentials: 0, lastPosition: null, checksums }));
      const db = await emptyDatabase();
      const client = new pg.Client(db.url);
      await client.connect();
      try {
        expect((await restoreBackup(client, Readable.from([gzipSync(`${lines.join('\n')}\n`)]))).manifest.events).toBe(3);
      } finally {
        await client.end();
      }
      expect(await sql(db.url, `select stream_id, stream_revision, length(data->>'testo') as n from es_events order by global_position`)).toEqual([
        { stream_id: 'nota-è', stream_revision: 0, n: 30_001 },
        { stream_id: 'nota-è', stream_revision: 1, n: 30_002 },
        { stream_id: 'nota-è', stream_revision: 2, n: 30_003 },
      ]);
    }, 60_000);

    it('refuses a file that is not a backup, and a name that is not a file', async () => {
      await refused(gzipSync('{"shopFloors": []}\n'), /^this is not a Linea backup/);
      await refused(Buffer.from('{"kind":"header"}\n'), /^the file is damaged or cut short/);
      const missing = await cli('restore', [path.join(tmp, 'nope.backup')], { DATABASE_URL: source.db.url });
      expect([missing.code, missing.stderr]).toEqual([1, `${path.join(tmp, 'nope.backup')}: no such file\n`]);
    }, 60_000);
  });

  it('refuses a store that is not empty and writes nothing in it', async () => {
    const before = await counts(source.db.url);
    const run = await cli('restore', [backupFile], { DATABASE_URL: source.db.url });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^restore: the store is not empty \(\d+ events, 5 accounts\): a restore goes into an empty store only/);
    noStackTrace(run.stderr);
    expect(await counts(source.db.url)).toEqual(before);
  }, 60_000);

  it('prints its usage with --help, and one line for a missing FILE', async () => {
    const help = await cli('backup', ['--help'], {});
    expect([help.code, help.stdout.split('\n')[0]]).toEqual([0, 'usage: npm run backup -- FILE']);
    const none = await cli('restore', [], {});
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('one FILE is needed (npm run restore --help for the usage)\n');
    noStackTrace(none.stderr);
  }, 60_000);

  it('on a store it restored, a start creates nothing demo, whatever SEED_DEMO says', async () => {
    // A plant with no demo in it: its own first admin only.
    const plant = await startTestApp({ env: { SEED_DEMO: 'false', ADMIN_USERNAME: 'capoturno', ADMIN_PASSWORD: 'Turno-di-notte-42' } });
    const file = path.join(tmp, 'own.backup');
    try {
      expect((await cli('backup', [file], { DATABASE_URL: plant.db.url })).code).toBe(0);
    } finally {
      await plant.close();
    }
    const db = await emptyDatabase();
    expect((await cli('restore', [file], { DATABASE_URL: db.url })).code).toBe(0);
    const restoredEvents = (await counts(db.url)).events;
    const app = await startTestAppOn(db.url, { env: { SEED_DEMO: 'true', SEED_DEMO_HISTORY: 'true' } });
    try {
      expect((await counts(db.url)).events).toBe(restoredEvents);
      expect((await sql<{ username: string }>(db.url, 'select username from user_credentials')).map((r) => r.username)).toEqual(['capoturno']);
      const token = await app.login('capoturno', 'Turno-di-notte-42');
      expect(token).toEqual(expect.any(String));
    } finally {
      await app.close();
    }
  }, 180_000);
});
