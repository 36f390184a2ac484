import fs from 'node:fs';

/** Whether a process with this id exists (and we may signal it). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Waits (bounded) for a process to exit, polling; true when it did. */
async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * Stops a server a previous run of ours started and then lost (the app was killed with
 * SIGKILL, so it never stopped its children): only when the process with `pid` is still
 * the program we started on our own data folder or port (`mustMention`), never another one.
 * Returns what it did, for the log, or null when there was nothing to do.
 */
export async function stopOrphan(pid: number, program: string, mustMention: string, signal: NodeJS.Signals): Promise<string | null> {
  if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid)) return null;
  const cmd = commandLine(pid);
  if (!cmd.includes(program) || !cmd.includes(mustMention)) return null;
  process.kill(pid, signal);
  if (await waitForExit(pid, 30_000)) return `stopped ${program} (pid ${pid}) left running by a previous run that did not shut down`;
  process.kill(pid, 'SIGKILL');
  await waitForExit(pid, 5_000);
  return `killed ${program} (pid ${pid}) left running by a previous run: it did not stop within 30 s of ${signal}`;
}

/** The first line of a pid file as a number, or null. */
export function readPidFile(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]!.trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
