/**
 * Writes the compose broker's password file from the configuration (docs/deploy.md, "The
 * broker"): the app's login `linea` with MQTT_APP_PASSWORD and one per gateway of MQTT_GATEWAYS.
 * `node dist/scripts/mqttPasswords.js <file> [uid:gid]`: the owner is the broker's user, the
 * only one who may read it.
 */
import fs from 'node:fs';
import { ConfigError, parseConfig } from '../infra/config.js';
import { brokerLogins, writePasswordFile } from '../infra/embedded/mosquitto.js';

function main(argv: string[]): number {
  const [file, owner] = argv;
  if (!file) {
    console.error('usage: mqttPasswords <file> [uid:gid]');
    return 2;
  }
  const config = parseConfig();
  if (!config.MQTT_APP_PASSWORD) {
    console.error('MQTT_APP_PASSWORD is not set: the app would have no login on the broker (docs/deploy.md)');
    return 1;
  }
  const { users } = brokerLogins(config.DATA_DIR, config.MQTT_APP_PASSWORD, config.MQTT_GATEWAYS);
  writePasswordFile(file, users);
  if (owner) {
    const [uid, gid] = owner.split(':').map(Number);
    fs.chownSync(file, uid!, gid ?? uid!);
  }
  console.log(`${file}: ${Object.keys(users).length} logins (${Object.keys(users).join(', ')})`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exitCode = 1;
}
