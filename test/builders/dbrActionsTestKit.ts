import { DateTime } from 'luxon';
import { DEMO_ROLES as ROLES } from '../../domain/users/roles.js';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { startTestApp, type TestApp } from '../support/app.js';

/**
 * What the DBR action API tests share: a server on the demo plant (shifts from 70 days ago
 * to 30 days ahead) with a frozen clock, a token per role, JSON and form calls, the shifts
 * of the kit's day read through the API, and the id layout written out from docs/dbr-actions.md.
 */
export interface DbrActionsKit {
  app: TestApp;
  now: Date;
  /** Today in Italy (YYYY-MM-DD) by the frozen clock. */
  day: string;
  /** The shifts of `day` on shop floor 1, by code: A, B, C and the extra E. */
  shifts: Record<'A' | 'B' | 'C' | 'E', { id: number; name: string }>;
  call(method: string, path: string, as?: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** A form post (application/x-www-form-urlencoded), as an HTML form sends it. */
  form(path: string, as: string, fields: Record<string, string>): Promise<{ status: number; body: any }>;
  /** Events stored, all streams: a refused request must leave it unchanged. */
  eventCount(): Promise<number>;
  stream(name: string): Promise<Array<{ type: string; data: Record<string, unknown>; username: string }>>;
  /** line × 10^9 + days since 2000-01-01 × 10^4 + n. */
  actionId(lineId: number, n: number, day?: string): number;
  close(): Promise<void>;
}

export async function startDbrActionsKit(): Promise<DbrActionsKit> {
  const now = new Date();
  const app = await startTestApp({ clock: () => now });
  const tokens: Record<string, string> = {};
  for (const role of ROLES) tokens[role] = await app.login(role);
  const send = async (method: string, path: string, as: string, headers: Record<string, string>, body?: string) => {
    const res = await fetch(`${app.url}${path}`, { method, headers: { authorization: `Bearer ${tokens[as]}`, ...headers }, body });
    return { status: res.status, body: (await res.json()) as any };
  };
  const call = (method: string, path: string, as = 'support', body?: unknown) =>
    send(method, path, as, { 'content-type': 'application/json' }, body === undefined ? undefined : JSON.stringify(body));
  const day = DateTime.fromJSDate(now, { zone: PLANT_ZONE }).toISODate()!;
  const list = (await call('GET', `/factory/shifts?day=${day}&shop_floor_id=1`)).body as Array<{ id: number; name: string; code: string }>;
  const shifts = Object.fromEntries(list.map((s) => [s.code, { id: s.id, name: s.name }])) as DbrActionsKit['shifts'];
  return {
    app,
    now,
    day,
    shifts,
    call,
    form: (path, as, fields) => send('POST', path, as, { 'content-type': 'application/x-www-form-urlencoded' }, new URLSearchParams(fields).toString()),
    async eventCount() {
      const row = await app.deps.knex('es_events').count<{ count: number }[]>('* as count').first();
      return Number(row?.count);
    },
    async stream(name) {
      return (await app.deps.store.readStream(name)).map((r) => ({ type: r.type, data: r.data, username: r.metadata.username }));
    },
    actionId(lineId, n, d = day) {
      const days = Math.round(DateTime.fromISO(d, { zone: 'UTC' }).diff(DateTime.fromISO('2000-01-01', { zone: 'UTC' }), 'days').days);
      return lineId * 1e9 + days * 1e4 + n;
    },
    close: () => app.close(),
  };
}
