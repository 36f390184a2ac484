/**
 * The one way the command-line tools run (`npm run projections|users|plant:import|simulate`):
 * `--help`/`-h` prints the usage on stdout and exits 0; a wrong command line, a refusal or a
 * failure prints one line on stderr, never a stack trace (LOG_LEVEL=debug adds it), and exits
 * with a code a script can test: 0 done, 1 refused or failed, 2 a wrong command line.
 */
import { DomainError } from '../domain/shared/errors.js';
import { ConfigError, parseConfig } from '../infra/config.js';

/** A failure the tool explains itself: its message is the line printed, `exitCode` the exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** A wrong command line: printed with a pointer to --help, exit code 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
  }
}

export const wantsHelp = (argv: readonly string[]): boolean => argv.includes('--help') || argv.includes('-h');

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/** An error as the one line a user reads: its message (each of an AggregateError's), else its code. */
export function errorLine(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return [...new Set(err.errors.map(errorLine))].join('; ');
  if (err instanceof Error) return oneLine(err.message || (err as { code?: string }).code || err.name);
  return oneLine(String(err));
}

/** Whether LOG_LEVEL asks for stack traces (a configuration that does not parse does not). */
function debugging(): boolean {
  try {
    return ['debug', 'trace'].includes(parseConfig().LOG_LEVEL);
  } catch {
    return false;
  }
}

/** What to print for an error and the exit code, by what kind of error it is. */
export function describeFailure(err: unknown, tool: string): { line: string; code: number } {
  // node:util's parseArgs refuses an unknown or malformed option with an ERR_PARSE_ARGS_* code.
  const badOption = String((err as { code?: unknown } | null)?.code ?? '').startsWith('ERR_PARSE_ARGS');
  if (err instanceof UsageError || badOption) return { line: `${errorLine(err)} (${tool} --help for the usage)`, code: 2 };
  if (err instanceof CliError) return { line: errorLine(err), code: err.exitCode };
  if (err instanceof ConfigError) return { line: errorLine(err), code: 1 };
  if (err instanceof DomainError) return { line: `Errore: ${[err.message, ...Object.entries(err.fields ?? {}).map(([k, v]) => `${k}: ${v}`)].join(' — ')}`, code: 1 };
  return { line: `error: ${errorLine(err)}`, code: 1 };
}

export interface CliOptions {
  /** The command line after the script (default: process.argv.slice(2)). */
  argv?: string[];
  /** Runs after main, whatever it did (closing what it opened), before the process exits. */
  cleanup?: () => Promise<void>;
}

/**
 * Runs a tool's `main` and exits with its code. `usage` is printed for --help/-h (before main
 * runs, so help needs no database); its first line `usage: npm run <tool> …` names the tool in
 * the error lines.
 */
export async function runCli(main: (argv: string[]) => Promise<number>, usage: string, options: CliOptions = {}): Promise<never> {
  const argv = options.argv ?? process.argv.slice(2);
  const tool = /^usage: (npm run \S+)/i.exec(usage)?.[1] ?? 'the tool';
  let code: number;
  if (wantsHelp(argv)) {
    console.log(usage);
    code = 0;
  } else {
    try {
      code = await main(argv);
    } catch (err) {
      const failure = describeFailure(err, tool);
      console.error(failure.line);
      if (debugging() && err instanceof Error && !(err instanceof CliError)) console.error(err.stack);
      code = failure.code;
    }
  }
  try {
    await options.cleanup?.();
  } catch (err) {
    console.error(`error while closing: ${errorLine(err)}`);
    code ||= 1;
  }
  process.exit(code);
}
