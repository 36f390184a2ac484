/**
 * `npm run users -- list | create | role | reset-password | deactivate | activate` (docs/accounts.md):
 * the same rules and events as the /admin/users calls (commands/users/accounts.ts), recorded as
 * made by `cli`. Kept apart from scripts/users.ts (the process around it) so a test runs it on
 * a database of its own.
 */
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { createAccount, resetPassword, temporaryPassword, updateAccount, type AccountDeps } from '../commands/users/accounts.js';
import { DomainError } from '../domain/shared/errors.js';
import { ROLES, ROLE_LABELS, roleSchema } from '../domain/users/roles.js';
import { lastLogins } from '../infra/auth/credentials.js';
import { adminUsernames, listUsers } from '../projections/users/users.queries.js';

export const USAGE = `usage: npm run users -- <command>

  list                                   the accounts
  create <username> --role <role> [--name "Nome Cognome"] [--password <password>]
                                         a new account; without --password (or USER_PASSWORD)
                                         a temporary one is printed, to be changed at the first login
  role <username> <role>                 gives the account another role
  reset-password <username>              prints a temporary password, to be changed at the next login
  deactivate <username>                  switches the account off (its sessions end)
  activate <username>                    switches it on again

roles: ${ROLES.map((r) => `${r} (${ROLE_LABELS[r]})`).join(', ')}
passwords: at least 12 characters, not the username, not a common password`;

export interface CliDeps extends AccountDeps {
  knex: Knex;
  /** Brings the users read model up to date (the list and the last-admin rule read it). */
  catchUp(): Promise<void>;
  env: NodeJS.ProcessEnv;
  now(): Date;
}

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

class UsageError extends Error {}

const CLI_CONTEXT = { userId: 'cli', username: 'cli', role: 'admin' } as const;

function one(positionals: string[], count: number): string[] {
  if (positionals.length !== count) throw new UsageError(`expected ${count} argument${count === 1 ? '' : 's'} after the command`);
  return positionals;
}

function role(value: string | undefined) {
  const parsed = roleSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`unknown role '${value ?? ''}': one of ${ROLES.join(', ')}`);
  return parsed.data;
}

/** The account's name as stored (lower case); the command decides from its stream and answers 'Utente … non trovato'. */
const accountName = (username: string) => username.toLowerCase();

async function run(deps: CliDeps, io: CliOutput, command: string, args: string[], values: { role?: string; name?: string; password?: string }): Promise<void> {
  const ctx = () => ({ ...CLI_CONTEXT, now: deps.now() });
  await deps.catchUp();
  switch (command) {
    case 'list': {
      one(args, 0);
      const [users, logins] = await Promise.all([listUsers(deps.knex), lastLogins(deps.knex)]);
      for (const u of users)
        io.out(
          [
            u.username,
            u.displayName,
            ROLE_LABELS[u.role] ?? u.role,
            u.active ? 'attivo' : 'disattivato',
            u.mustChangePassword ? 'deve cambiare password' : '',
            logins.get(u.username)?.toISOString() ?? 'mai',
          ].join('\t'),
        );
      return;
    }
    case 'create': {
      const [username] = one(args, 1) as [string];
      const given = values.password ?? deps.env.USER_PASSWORD;
      const password = given ?? temporaryPassword();
      await createAccount(deps, { username, displayName: values.name ?? username, role: role(values.role), password, mustChangePassword: given === undefined }, ctx());
      io.out(`Utente ${username.toLowerCase()} creato (${ROLE_LABELS[role(values.role)]})`);
      if (given === undefined) io.out(`Password temporanea (da cambiare al primo accesso): ${password}`);
      return;
    }
    case 'role': {
      const [username, newRole] = one(args, 2) as [string, string];
      const name = accountName(username);
      await updateAccount(deps, { username: name, role: role(newRole) }, await adminUsernames(deps.knex), ctx());
      io.out(`Ruolo di ${name}: ${ROLE_LABELS[role(newRole)]}`);
      return;
    }
    case 'reset-password': {
      const name = accountName(one(args, 1)[0]!);
      const reset = await resetPassword(deps, name, ctx());
      io.out(`Password temporanea di ${name} (da cambiare al prossimo accesso): ${reset.temporaryPassword}`);
      return;
    }
    case 'deactivate':
    case 'activate': {
      const name = accountName(one(args, 1)[0]!);
      await updateAccount(deps, { username: name, active: command === 'activate' }, await adminUsernames(deps.knex), ctx());
      io.out(`Utente ${name} ${command === 'activate' ? 'riattivato' : 'disattivato'}`);
      return;
    }
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

const OPTIONS = { role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

const COMMANDS = ['list', 'create', 'role', 'reset-password', 'deactivate', 'activate'];

/**
 * The command line's mistakes that need no database (unknown options or command), as the one
 * line runUsersCli would print, so the tool says so before it connects; null when it looks right.
 */
export function commandLineProblem(argv: string[]): string | null {
  try {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
    if (positionals[0] !== undefined && !COMMANDS.includes(positionals[0])) return `unknown command '${positionals[0]}'`;
    return null;
  } catch (err) {
    return (err as Error).message.replace(/\s*\n\s*/g, ' ');
  }
}

/** Runs one command line; the exit code: 0 done, 1 refused (the reason printed), 2 a wrong command line. */
export async function runUsersCli(argv: string[], deps: CliDeps, io: CliOutput): Promise<number> {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: OPTIONS,
    });
    if (values.help || positionals.length === 0) {
      (values.help ? io.out : io.err)(USAGE);
      return values.help ? 0 : 2;
    }
    const [command, ...args] = positionals as [string, ...string[]];
    await run(deps, io, command, args, values);
    return 0;
  } catch (err) {
    if (err instanceof DomainError) {
      const fields = Object.entries(err.fields ?? {}).map(([k, v]) => `${k}: ${v}`);
      io.err(`Errore: ${[err.message, ...fields].join(' — ')}`);
      return 1;
    }
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${(err as Error).message.replace(/\s*\n\s*/g, ' ')} (npm run users -- --help for the usage)`);
      return 2;
    }
    throw err;
  }
}
