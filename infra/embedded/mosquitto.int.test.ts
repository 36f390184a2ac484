/**
 * The production broker's logins (docs/machine-signals.md, "Who may connect") on the real
 * mosquitto: the password file written from the configuration lets the app's own user and each
 * gateway in, and refuses anonymous clients and wrong passwords.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { describeWith, services } from '../../test/support/services.js';
import { brokerLogins, brokerUrlWithLogin, MQTT_APP_USER, startMosquitto, type EmbeddedMosquitto } from './mosquitto.js';
import { freePort } from './ports.js';

/** Connects once (no retry) and answers 'connected' or the broker's refusal. */
function tryConnect(url: string, login?: { username: string; password: string }): Promise<string> {
  return new Promise((resolve) => {
    const client = mqtt.connect(url, { ...login, reconnectPeriod: 0, connectTimeout: 5_000 });
    const done = (answer: string) => {
      client.end(true);
      resolve(answer);
    };
    client.once('connect', () => done('connected'));
    client.once('error', (err) => done(err.message));
  });
}

describeWith(['mosquitto'])('the embedded broker in production', () => {
  let broker: EmbeddedMosquitto;
  let dataDir: string;
  let appPassword: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-broker-'));
    const logins = brokerLogins(dataDir, undefined, { 'gw-linea1': 'gateway password 1' });
    appPassword = logins.appPassword;
    broker = await startMosquitto(services.mosquitto!, await freePort(), undefined, undefined, logins.users);
  });
  afterAll(async () => {
    await broker?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the generated app password in the data folder, readable by its owner only, and the same on the next start', () => {
    const file = path.join(dataDir, 'mqtt-password');
    expect(fs.readFileSync(file, 'utf8')).toBe(appPassword);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(appPassword.length).toBeGreaterThanOrEqual(32);
    expect(brokerLogins(dataDir, undefined, {}).appPassword).toBe(appPassword);
    expect(brokerLogins(dataDir, 'configured password', {}).appPassword).toBe('configured password');
  });

  it('runs the broker as a user other than root', () => {
    const uid = /^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${broker.pid}/status`, 'utf8'))![1];
    expect(Number(uid)).not.toBe(0);
  });

  it('refuses an anonymous client and a wrong password', async () => {
    expect(await tryConnect(broker.url)).toBe('Connection refused: Not authorized');
    expect(await tryConnect(broker.url, { username: 'gw-linea1', password: 'wrong password' })).toBe('Connection refused: Not authorized');
    expect(await tryConnect(broker.url, { username: MQTT_APP_USER, password: 'gateway password 1' })).toBe('Connection refused: Not authorized');
  });

  it("lets the app's own user (as npm start's MQTT URL carries it) and the configured gateway in", async () => {
    expect(await tryConnect(brokerUrlWithLogin(broker.url, MQTT_APP_USER, appPassword))).toBe('connected');
    expect(await tryConnect(broker.url, { username: 'gw-linea1', password: 'gateway password 1' })).toBe('connected');
  });
});
