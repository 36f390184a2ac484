import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearLeftover, findOnPath, stopChild, waitForPort, type EmbeddedServer } from './ports.js';

export type EmbeddedMosquitto = EmbeddedServer;

/** Path of Debian's mosquitto broker on PATH (it lives in /usr/sbin), or null. */
export const findMosquitto = (): string | null => findOnPath('mosquitto');

/** A password file line as `mosquitto_passwd` writes it: PBKDF2-SHA512, 101 rounds, a 12-byte salt. */
function passwordLine(user: string, password: string): string {
  const salt = crypto.randomBytes(12);
  return `${user}:$7$101$${salt.toString('base64')}$${crypto.pbkdf2Sync(password, salt, 101, 64, 'sha512').toString('base64')}`;
}

/**
 * Starts a mosquitto MQTT broker on loopback, open to anonymous clients there only. With
 * `dir` it keeps retained messages and sessions in that folder across restarts (`npm start`);
 * without, a throw-away folder holds its configuration (tests). With `users` it asks every
 * client for one of those usernames and passwords, as a plant's broker does.
 */
export async function startMosquitto(
  binary: string,
  port: number,
  dir?: string,
  log: (message: string) => void = () => undefined,
  users?: Record<string, string>,
): Promise<EmbeddedMosquitto> {
  const folder = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'linea-mosquitto-'));
  fs.mkdirSync(folder, { recursive: true });
  const home = path.resolve(folder);
  const pidFile = path.join(home, 'mosquitto.pid');
  await clearLeftover({ label: 'MQTT broker', program: 'mosquitto', mustMention: home, setting: 'EMBEDDED_MQTT_PORT' }, pidFile, port, log);
  const conf = path.join(home, 'mosquitto.conf');
  // Started as root, mosquitto would drop to the 'mosquitto' user, who cannot write our folder: it stays who started it.
  const lines = [`listener ${port} 127.0.0.1`, `user ${os.userInfo().username}`, 'log_dest stderr', 'log_type error', 'log_type warning'];
  if (users) {
    const passwords = path.join(home, 'passwords');
    fs.writeFileSync(
      passwords,
      `${Object.entries(users)
        .map(([u, p]) => passwordLine(u, p))
        .join('\n')}\n`,
      { mode: 0o600 },
    );
    lines.push('allow_anonymous false', `password_file ${passwords}`);
  } else lines.push('allow_anonymous true');
  if (dir) lines.push('persistence true', `persistence_location ${home}/`, 'autosave_interval 60');
  fs.writeFileSync(conf, `${lines.join('\n')}\n`);
  const child = spawn(binary, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (dir && child.pid) fs.writeFileSync(pidFile, String(child.pid));
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  await waitForPort(port, 10_000, () => (child.exitCode !== null ? `mosquitto exited: ${stderr}` : null));
  return {
    url: `mqtt://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      await stopChild(child);
      if (dir) fs.rmSync(pidFile, { force: true });
      else fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
