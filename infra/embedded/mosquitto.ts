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

/** The app's own login on a broker it starts or configures. */
export const MQTT_APP_USER = 'linea';

/** Writes a mosquitto password file (the `mosquitto_passwd` format) readable by its owner only. */
export function writePasswordFile(file: string, users: Record<string, string>): void {
  const lines = Object.entries(users).map(([u, p]) => passwordLine(u, p));
  fs.writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/**
 * Who may connect to the broker in production: the app as `linea` (MQTT_APP_PASSWORD, or a
 * password generated once into DATA_DIR/mqtt-password) and one login per gateway (MQTT_GATEWAYS).
 */
export function brokerLogins(dataDir: string, appPassword: string | undefined, gateways: Record<string, string>): { users: Record<string, string>; appPassword: string } {
  let password = appPassword;
  if (!password) {
    const file = path.join(dataDir, 'mqtt-password');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(file, crypto.randomBytes(24).toString('base64url'), { mode: 0o600 });
    }
    password = fs.readFileSync(file, 'utf8').trim();
  }
  return { users: { ...gateways, [MQTT_APP_USER]: password }, appPassword: password };
}

/** `mqtt://host:port` with a login in it, as MQTT_URL carries one. */
export function brokerUrlWithLogin(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = encodeURIComponent(password);
  return u.toString().replace(/\/$/, '');
}

/** The uid and gid of a system user from /etc/passwd, or null. */
function systemUser(name: string): { uid: number; gid: number } | null {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * The user mosquitto runs as: who started it, or, when that is root, Debian's `mosquitto` user,
 * given the broker's folder (a broker never runs as root: a flaw in it would own the host).
 */
function brokerUser(home: string): string {
  if (process.getuid?.() !== 0) return os.userInfo().username;
  const mosquitto = systemUser('mosquitto');
  if (!mosquitto) throw new Error('mosquitto would run as root: create the system user "mosquitto" (Debian\'s package does) or start the app as another user');
  for (const entry of [home, ...fs.readdirSync(home).map((f) => path.join(home, f))]) fs.chownSync(entry, mosquitto.uid, mosquitto.gid);
  return 'mosquitto';
}

/**
 * Starts a mosquitto MQTT broker on loopback, open to anonymous clients there only. With
 * `dir` it keeps retained messages and sessions in that folder across restarts (`npm start`);
 * without, a throw-away folder holds its configuration (tests). With `users` it asks every
 * client for one of those usernames and passwords and refuses anonymous ones, as `npm start`
 * does in production (brokerLogins).
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
  const lines = [`listener ${port} 127.0.0.1`, 'log_dest stderr', 'log_type error', 'log_type warning'];
  if (users) {
    const passwords = path.join(home, 'passwords');
    writePasswordFile(passwords, users);
    lines.push('allow_anonymous false', `password_file ${passwords}`);
  } else lines.push('allow_anonymous true');
  if (dir) lines.push('persistence true', `persistence_location ${home}/`, 'autosave_interval 60');
  fs.writeFileSync(conf, `${lines.join('\n')}\n`);
  // Never root: as root it runs as the 'mosquitto' user, who is given the folder; otherwise as who started it.
  fs.appendFileSync(conf, `user ${brokerUser(home)}\n`);
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
