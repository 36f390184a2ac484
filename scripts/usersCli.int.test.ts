/** `npm run users -- …` on a database of its own: answers, exit codes and the events it records. */
import pino from 'pino';
import { createCatalog } from '../domain/catalog.js';
import { userStream } from '../domain/users/events.js';
import { hashPassword } from '../infra/auth/passwords.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { useTestDatabase } from '../test/support/db.js';
import { describeWith } from '../test/support/services.js';
import { runUsersCli, type CliDeps } from './usersCli.js';
import { usersReadModel } from './usersReadModel.js';

describeWith(['postgres'])('npm run users', () => {
  const db = useTestDatabase({ pool: { max: 4 } });
  let store: PostgresEventStore;
  let deps: CliDeps;
  beforeAll(async () => {
    store = await PostgresEventStore.connect(db.db.url, { max: 2 });
    const catalog = createCatalog();
    deps = { store, catalog, knex: db.knex, hash: hashPassword, catchUp: usersReadModel(db.knex, store, catalog, pino({ level: 'silent' })), env: {}, now: () => new Date() };
  });
  afterAll(async () => {
    await store?.close();
  });

  async function cli(line: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runUsersCli(line, deps, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  }

  /**
   * A call whose answer depends on the users read model, repeated until it gives `expected` (at most
   * 45 s): the store serves an event only once no older transaction of the shared test cluster is
   * open, so the read model can trail the write before it by a moment.
   */
  async function settled(line: string[], expected: unknown): Promise<unknown> {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const r = await cli(line);
      if (JSON.stringify(r.out) === JSON.stringify(expected) || JSON.stringify(r.code) === JSON.stringify(expected) || Date.now() > deadline)
        return JSON.stringify(r.out) === JSON.stringify(expected) ? r.out : r.code;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('prints its help with --help (exit 0) and with nothing or a wrong command line (exit 2)', async () => {
    const help = await cli(['--help']);
    expect([help.code, help.out[0]]).toEqual([0, expect.stringMatching(/^usage: npm run users -- <command>/)]);
    expect((await cli([])).code).toBe(2);
    const wrong = await cli(['promote', 'anna']);
    expect([wrong.code, wrong.err[0]]).toEqual([2, expect.stringMatching(/^unknown command 'promote'/)]);
    expect((await cli(['create', 'anna', '--role', 'boss'])).err[0]).toMatch(/^unknown role 'boss'/);
    expect((await cli(['list', '--colour'])).code).toBe(2);
  });

  it('creates the first admin, refuses a weak password and a taken name with exit 1 and one line', async () => {
    expect(await cli(['create', 'capo', '--role', 'admin', '--password', 'password1234'])).toEqual({
      code: 1,
      out: [],
      err: ['Errore: Password non valida — password: Password troppo comune: scegline una meno prevedibile'],
    });
    expect(await cli(['create', 'Capo', '--role', 'admin', '--name', 'Capo Reparto', '--password', 'turno di notte A1'])).toEqual({
      code: 0,
      out: ['Utente capo creato (Amministratore)'],
      err: [],
    });
    expect(await cli(['create', 'capo', '--role', 'admin', '--password', 'turno di notte A1'])).toEqual({ code: 1, out: [], err: ["Errore: L'utente capo esiste già"] });
    const events = await store.readStream(userStream('capo'));
    expect(events.map((e) => [e.type, e.metadata.username])).toEqual([['UserRegistered', 'cli']]);
    expect(JSON.stringify(events)).not.toMatch(/scrypt|passwordHash/);
  });

  it('creates with a temporary password, changes a role, resets, switches off and on, and lists', async () => {
    const created = await cli(['create', 'mrossi', '--role', 'frontline', '--name', 'Mario Rossi']);
    expect(created.out[1]).toMatch(/^Password temporanea \(da cambiare al primo accesso\): [a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect((await cli(['role', 'mrossi', 'support'])).out).toEqual(['Ruolo di mrossi: Supporto operativo']);
    expect((await cli(['reset-password', 'MROSSI'])).out[0]).toMatch(/^Password temporanea di mrossi \(da cambiare al prossimo accesso\): /);
    expect((await cli(['deactivate', 'mrossi'])).out).toEqual(['Utente mrossi disattivato']);
    const listed = ['capo\tCapo Reparto\tAmministratore\tattivo\t\tmai', 'mrossi\tMario Rossi\tSupporto operativo\tdisattivato\tdeve cambiare password\tmai'];
    expect(await settled(['list'], listed)).toEqual(listed);
    expect((await cli(['activate', 'mrossi'])).out).toEqual(['Utente mrossi riattivato']);
    expect(await cli(['activate', 'nessuno'])).toEqual({ code: 1, out: [], err: ['Errore: Utente nessuno non trovato'] });
  });

  it('keeps the last active admin', async () => {
    expect(await cli(['deactivate', 'capo'])).toEqual({ code: 1, out: [], err: ["Errore: È l'ultimo amministratore attivo: prima nomina o riattiva un altro amministratore"] });
    expect((await cli(['role', 'mrossi', 'admin'])).code).toBe(0);
    expect(await settled(['deactivate', 'capo'], 0)).toBe(0);
  });
});
