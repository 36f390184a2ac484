/**
 * LDAP / Active Directory bind (docs/accounts.md): the person's password is checked by binding
 * as them, never stored. Always over TLS: ldaps://, or ldap:// upgraded with StartTLS before any
 * password is sent. The service account (LDAP_BIND_DN) finds the person's entry first; without
 * one, LDAP_USER_DN makes the bind name from the username.
 */
import fs from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Client, InvalidCredentialsError, NoSuchObjectError, type Entry } from 'ldapts';
import type { LdapSettings } from '../config.js';

/** Who the directory says the person is. `subject` is the entry's stable id (entryUUID, objectGUID), else its DN. */
export interface DirectoryPerson {
  subject: string;
  displayName: string | null;
  /** Every name of every group: the group's DN and its first RDN's value (its CN). */
  groups: string[];
}

/** The directory did not answer (down, TLS refused, the service account refused): not the person's fault. */
export class DirectoryUnavailableError extends Error {}

/** RFC 4515: a value put in a search filter. */
export const escapeFilterValue = (value: string) => value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
/** RFC 4514: a value put in a DN. */
export const escapeDnValue = (value: string) => value.replace(/[\\,+"<>;=#]/g, (c) => `\\${c}`).replace(/^ | $/g, (c) => `\\${c}`);

/** A group's names as the role map may write them: `cn=Linea Admin,ou=groups,dc=x` and `Linea Admin`. */
export function groupNames(dn: string): string[] {
  const first = /^[^=]+=((?:\\.|[^,\\])*)/.exec(dn);
  const value = first?.[1]?.replace(/\\(.)/g, '$1').trim();
  return value && value !== dn ? [dn, value] : [dn];
}

const ATTRIBUTES = ['entryUUID', 'objectGUID', 'displayName', 'cn'];

function text(entry: Entry, name: string): string | null {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key ? entry[key] : undefined;
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return null;
  return Buffer.isBuffer(first) ? first.toString('hex') : String(first);
}

function list(entry: Entry, name: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key ? entry[key] : undefined;
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
}

export class LdapDirectory {
  private readonly tls: ConnectionOptions;

  /** The groups-to-role map (LDAP_ROLE_MAP). */
  readonly roleMap: LdapSettings['roleMap'];

  constructor(private readonly settings: LdapSettings) {
    this.roleMap = settings.roleMap;
    this.tls = settings.caFile ? { ca: fs.readFileSync(settings.caFile), minVersion: 'TLSv1.2' } : { minVersion: 'TLSv1.2' };
  }

  private async connect(): Promise<Client> {
    const { url, timeoutMs } = this.settings;
    // ldapts opens a TLS socket whenever it is given TLS options: an ldap:// URL gets them only at StartTLS.
    const startTls = url.startsWith('ldap://');
    const client = new Client({ url, timeout: timeoutMs, connectTimeout: timeoutMs, strictDN: false, ...(startTls ? {} : { tlsOptions: this.tls }) });
    if (startTls) await client.startTLS(this.tls);
    return client;
  }

  /**
   * The person when the password is right; null for a wrong password or a name the directory
   * does not know. Throws DirectoryUnavailableError when the directory cannot tell.
   */
  async authenticate(username: string, password: string): Promise<DirectoryPerson | null> {
    // An empty password is an anonymous bind, which most directories accept: never a sign-in.
    if (password === '') return null;
    const { bind, userDn, userBase, userFilter, groupAttribute } = this.settings;
    const filter = userFilter.replaceAll('{username}', escapeFilterValue(username));
    const attributes = [...ATTRIBUTES, groupAttribute];
    let client: Client | null = null;
    try {
      client = await this.connect();
      let entry: Entry | undefined;
      if (bind) {
        await client.bind(bind.dn, bind.password);
        const found = await client.search(userBase!, { scope: 'sub', filter, attributes, sizeLimit: 2 });
        // Two entries for one name: the filter is too loose to know who this is.
        if (found.searchEntries.length !== 1) return null;
        entry = found.searchEntries[0]!;
        if (!(await this.bindsAs(client, entry.dn, password))) return null;
      } else {
        const dn = userDn!.replaceAll('{username}', escapeDnValue(username));
        if (!(await this.bindsAs(client, dn, password))) return null;
        const found = userBase
          ? await client.search(userBase, { scope: 'sub', filter, attributes, sizeLimit: 2 })
          : await client.search(dn, { scope: 'base', filter: '(objectClass=*)', attributes });
        if (found.searchEntries.length !== 1) return null;
        entry = found.searchEntries[0]!;
      }
      return {
        subject: text(entry, 'entryUUID') ?? text(entry, 'objectGUID') ?? entry.dn.toLowerCase(),
        displayName: text(entry, 'displayName') ?? text(entry, 'cn'),
        groups: list(entry, groupAttribute).flatMap(groupNames),
      };
    } catch (err) {
      if (err instanceof NoSuchObjectError) return null;
      throw new DirectoryUnavailableError(`LDAP: ${(err as Error).message}`, { cause: err });
    } finally {
      await client?.unbind().catch(() => undefined);
    }
  }

  private async bindsAs(client: Client, dn: string, password: string): Promise<boolean> {
    try {
      await client.bind(dn, password);
      return true;
    } catch (err) {
      if (err instanceof InvalidCredentialsError) return false;
      throw err;
    }
  }
}
