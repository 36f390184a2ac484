/** Starts the test OIDC provider (oidcProviderProcess.ts) in its own process on a free loopback port. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './slapd.js';

export interface TestOidcProvider {
  issuer: string;
  stop(): Promise<void>;
}

const here = path.dirname(new URL(import.meta.url).pathname);

export async function startOidcProvider(setup: {
  client: { id: string; secret: string; redirectUri: string };
  accounts: Record<string, { name: string; preferred_username: string; groups: string[] }>;
}): Promise<TestOidcProvider> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'oidcProviderProcess.ts')], {
    env: { ...process.env, NODE_ENV: 'test', OIDC_TEST_SETUP: JSON.stringify({ ...setup, port }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the test OIDC provider did not start within 20 s:\n${output}`)), 20_000);
    const read = (d: Buffer) => {
      output += d.toString();
      const match = /listening (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the test OIDC provider exited with ${code}:\n${output}`));
    });
  });
  return {
    issuer,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
