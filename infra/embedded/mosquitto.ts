import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearLeftover, findOnPath, stopChild, waitForPort, type EmbeddedServer } from './ports.js';

export type EmbeddedMosquitto = EmbeddedServer;

/** Path of Debian's mosquitto broker on PATH (it lives in /usr/sbin), or null. */
export const findMosquitto = (): string | null => findOnPath('mosquitto');

/**
 * Starts a mosquitto MQTT broker on loopback, open to anonymous clients there only. With
 * `dir` it keeps retained messages and sessions in that folder across restarts (`npm start`);
 * without, a throw-away folder holds its configuration (tests).
 */
export async function startMosquitto(binary: string, port: number, dir?: string, log: (message: string) => void = () => undefined): Promise<EmbeddedMosquitto> {
  const folder = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'linea-mosquitto-'));
  fs.mkdirSync(folder, { recursive: true });
  const home = path.resolve(folder);
  const pidFile = path.join(home, 'mosquitto.pid');
  await clearLeftover({ label: 'MQTT broker', program: 'mosquitto', mustMention: home, setting: 'EMBEDDED_MQTT_PORT' }, pidFile, port, log);
  const conf = path.join(home, 'mosquitto.conf');
  // Started as root, mosquitto would drop to the 'mosquitto' user, who cannot write our folder: it stays who started it.
  const lines = [`listener ${port} 127.0.0.1`, 'allow_anonymous true', `user ${os.userInfo().username}`, 'log_dest stderr', 'log_type error', 'log_type warning'];
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
