/**
 * A throw-away OpenLDAP (Debian's slapd) for the LDAP sign-in tests: its own config and database
 * in a temporary folder, a self-signed certificate made with openssl, ldap:// (StartTLS) and
 * ldaps:// on free loopback ports, the memberof overlay so entries list their groups as Active
 * Directory's do. Never the system's service.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'ldapts';

export const SLAPD_PATH = '/usr/sbin/slapd';
export const SUFFIX = 'dc=plant,dc=test';
export const PEOPLE = `ou=people,${SUFFIX}`;
export const GROUPS = `ou=groups,${SUFFIX}`;
const ROOT_DN = `cn=admin,${SUFFIX}`;
const ROOT_PW = 'root-password-of-the-test';
/** The service account that finds people (LDAP_BIND_DN). */
export const SERVICE_DN = `cn=linea,${SUFFIX}`;
export const SERVICE_PW = 'service-password-of-the-test';

export interface TestPerson {
  uid: string;
  password: string;
  displayName: string;
  groups: string[];
}

export interface Slapd {
  /** ldaps:// on loopback. */
  ldapsUrl: string;
  /** ldap:// on loopback, for StartTLS. */
  ldapUrl: string;
  /** The self-signed certificate, for LDAP_CA_FILE. */
  caFile: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function config(dir: string): string {
  return [
    ...['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include /etc/ldap/schema/${s}.schema`),
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'moduleload memberof',
    `pidfile ${dir}/slapd.pid`,
    `TLSCertificateFile ${dir}/cert.pem`,
    `TLSCertificateKeyFile ${dir}/key.pem`,
    'database mdb',
    `suffix "${SUFFIX}"`,
    `rootdn "${ROOT_DN}"`,
    `rootpw ${ROOT_PW}`,
    `directory ${dir}/db`,
    'overlay memberof',
    // People may read their own entry; the service account reads everyone's; nobody reads passwords.
    'access to attrs=userPassword by anonymous auth by * none',
    `access to * by dn.exact="${SERVICE_DN}" read by self read by * none`,
    '',
  ].join('\n');
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('slapd did not listen within 10 s');
}

/** Starts slapd with the service account, the groups and these people (each a member of their groups). */
export async function startSlapd(people: TestPerson[]): Promise<Slapd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  const cert = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      `${dir}/key.pem`,
      '-out',
      `${dir}/cert.pem`,
    ],
    { stdio: 'pipe' },
  );
  if (cert.status !== 0) throw new Error(`openssl: ${cert.stderr.toString()}`);
  fs.writeFileSync(path.join(dir, 'slapd.conf'), config(dir));
  const [plain, tls] = [await freePort(), await freePort()];
  const ldapUrl = `ldap://127.0.0.1:${plain}`;
  const ldapsUrl = `ldaps://127.0.0.1:${tls}`;
  const child = spawn(SLAPD_PATH, ['-d', '0', '-f', `${dir}/slapd.conf`, '-h', `ldap://127.0.0.1:${plain}/ ldaps://127.0.0.1:${tls}/`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(tls, child);
    await seed(ldapUrl, `${dir}/cert.pem`, people);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${stderr}`, { cause: err });
  }
  return { ldapUrl, ldapsUrl, caFile: `${dir}/cert.pem`, stop };
}

async function seed(url: string, caFile: string, people: TestPerson[]): Promise<void> {
  const client = new Client({ url });
  await client.startTLS({ ca: fs.readFileSync(caFile) });
  await client.bind(ROOT_DN, ROOT_PW);
  try {
    await client.add(SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'plant', o: 'Plant' });
    await client.add(SERVICE_DN, { objectClass: ['person'], cn: 'linea', sn: 'linea', userPassword: SERVICE_PW });
    await client.add(PEOPLE, { objectClass: 'organizationalUnit', ou: 'people' });
    await client.add(GROUPS, { objectClass: 'organizationalUnit', ou: 'groups' });
    for (const p of people) {
      await client.add(`uid=${p.uid},${PEOPLE}`, {
        objectClass: 'inetOrgPerson',
        uid: p.uid,
        cn: p.displayName,
        sn: p.displayName.split(' ').at(-1)!,
        displayName: p.displayName,
        userPassword: p.password,
      });
    }
    const groups = [...new Set(people.flatMap((p) => p.groups))];
    for (const group of groups) {
      const members = people.filter((p) => p.groups.includes(group)).map((p) => `uid=${p.uid},${PEOPLE}`);
      await client.add(`cn=${group},${GROUPS}`, { objectClass: 'groupOfNames', cn: group, member: members });
    }
  } finally {
    await client.unbind();
  }
}
