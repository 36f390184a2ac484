/**
 * The command-line tools as a user runs them (scripts/cli.ts): --help prints the usage and exits
 * 0; a wrong command line or a failure prints one line on stderr, never a stack trace. Each runs
 * as a child process, before (or without) any database: the wrong lines are refused first.
 */
import { spawn } from 'node:child_process';

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function run(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** One line on stderr, nothing that looks like a stack frame. */
const oneLine = (r: Run) => [r.err.trimEnd().split('\n').length, /^\s+at /m.test(r.err)];

const TOOLS: Array<[script: string, usage: RegExp, bad: string[], complaint: RegExp]> = [
  ['projections', /^usage: npm run projections -- <command>\n/, ['rebuild-all'], /^unknown command 'rebuild-all' \(npm run projections --help for the usage\)$/],
  ['users', /^usage: npm run users -- <command>\n/, ['promote', 'anna'], /^unknown command 'promote' \(npm run users --help for the usage\)$/],
  ['plantImport', /^usage: npm run plant:import -- FILE\n/, ['plant.json', 'other.json'], /^one file at a time \('other\.json' is one too many\)/],
  ['simulate', /^usage: npm run simulate \[-- --seconds N\]\n/, ['--seconds', 'soon'], /^--seconds takes a number of seconds/],
  ['events', /^usage: npm run events -- export /, ['export', '--colour'], /^Unknown option '--colour'.* \(npm run events --help for the usage\)$/],
  ['backup', /^usage: npm run backup -- FILE\n/, ['a.backup', 'b.backup'], /^one FILE is needed \(npm run backup --help for the usage\)$/],
  ['restore', /^usage: npm run restore -- FILE\n/, ['--from', 'x'], /^Unknown option '--from'.* \(npm run restore --help for the usage\)$/],
];

describe('the command-line tools', () => {
  it.each(TOOLS)('%s --help and -h print the usage on stdout and exit 0', async (script, usage) => {
    const [long, short] = await Promise.all([run(script, ['--help']), run(script, ['-h'])]);
    for (const r of [long, short]) expect([r.code, r.out, r.err]).toEqual([0, expect.stringMatching(usage), '']);
  });

  it.each(TOOLS)('%s refuses a wrong command line with one line on stderr and exit 2', async (script, _usage, bad, complaint) => {
    const r = await run(script, bad);
    expect([r.code, r.out, r.err.trim(), oneLine(r)]).toEqual([2, '', expect.stringMatching(complaint), [1, false]]);
  });

  it('events import is gone, and says what replaces it, in one line, exit 1', async () => {
    const r = await run('events', ['import', 'events.ndjson']);
    expect([r.code, r.err.trim(), oneLine(r)]).toEqual([1, 'events import is gone: restore a backup with npm run restore -- FILE (docs/backup.md)', [1, false]]);
  });

  it('plant:import names a file it cannot read, in one line, exit 1', async () => {
    const r = await run('plantImport', ['/nonexistent/plant.json']);
    expect([r.code, r.err.trim(), oneLine(r)]).toEqual([1, expect.stringMatching(/^\/nonexistent\/plant\.json: ENOENT/), [1, false]]);
  });

  it('a failure it did not foresee (no database on that port) is one line too, with no stack', async () => {
    const r = await run('projections', ['status'], { DATABASE_URL: 'postgres://linea:linea@127.0.0.1:1/linea' });
    expect([r.code, r.err.trim(), oneLine(r)]).toEqual([1, expect.stringMatching(/^error: .*ECONNREFUSED/), [1, false]]);
  });

  it('a bad setting is told as the configuration error, without a stack', async () => {
    const r = await run('projections', ['status'], { TRUST_PROXY: 'many' });
    expect([r.code, r.err.trim(), oneLine(r)]).toEqual([1, expect.stringMatching(/^Invalid configuration: TRUST_PROXY: /), [1, false]]);
  });
});
