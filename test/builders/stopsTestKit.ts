import { DateTime } from 'luxon';
import { DEMO_ROLES as ROLES } from '../../domain/users/roles.js';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { startTestApp, type TestApp } from '../support/app.js';

/**
 * What the stop API tests share: a server on the demo plant with a frozen clock, a
 * token per role, calls, Italian times on a past day whose shifts the demo seeded,
 * and the demo ids the bodies need (read through the API, not assumed).
 */
export interface StopsKit {
  app: TestApp;
  now: Date;
  /** A day 10 days ago (YYYY-MM-DD): shifts A 06-14, E 08-16, B 14-22, C 22-06 exist. */
  day: string;
  nextDay: string;
  call(method: string, path: string, as?: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** An ISO instant with the Italian offset: at('08:10') on `day`, or at('02:00', nextDay). */
  at(hhmm: string, day?: string): string;
  /** Equipment 1 (Filler, line 1): its first workpoint and that workpoint's first stop code; a stop code of another workpoint. */
  ids: { workpoint: number; stopCode: number; otherStopCode: number; capperWorkpoint: number; capperStopCode: number; line2Workpoint: number; line2StopCode: number };
  /**
   * Events stored, all streams: a refused request must leave it unchanged. Counted in
   * the test app's PostgreSQL store, not through head(), which may lag while parallel
   * test files hold transactions open on the shared cluster.
   */
  eventCount(): Promise<number>;
  stream(name: string): Promise<Array<{ type: string; data: Record<string, unknown> }>>;
  /**
   * The id the n-th stop of a kind on an equipment gets on a day (the kit's by default), written
   * out from the layout in docs/line-log.md: 10^15 + equipment × 10^9 + days since 2000-01-01 × 10^4
   * + (planned ? 1000 : 0) + n.
   */
  stopId(kind: 'unplanned' | 'planned', equipmentId: number, n: number, day?: string): number;
  close(): Promise<void>;
}

/** One server per test file: the stop streams start empty, so ids are predictable (see stopId). */
export async function startStopsKit(options: { mqttUrl?: string; machineTickMs?: number } = {}): Promise<StopsKit> {
  const now = new Date();
  const app = await startTestApp({ ...options, clock: () => now });
  const tokens: Record<string, string> = {};
  for (const role of ROLES) tokens[role] = await app.login(role);
  const call = async (method: string, path: string, as = 'frontline', body?: unknown) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const firstChild = async (path: string) => ((await call('GET', path)).body as Array<{ id: number }>).map((r) => r.id);
  const [wp1, wp2] = await firstChild('/factory/workpoints?equipment_id=1');
  const [capperWp] = await firstChild('/factory/workpoints?equipment_id=2');
  const [line2Wp] = await firstChild('/factory/workpoints?equipment_id=4');
  const today = DateTime.fromJSDate(now, { zone: PLANT_ZONE }).startOf('day');
  return {
    app,
    now,
    day: today.minus({ days: 10 }).toISODate()!,
    nextDay: today.minus({ days: 9 }).toISODate()!,
    call,
    at(hhmm, day = today.minus({ days: 10 }).toISODate()!) {
      return DateTime.fromISO(`${day}T${hhmm}`, { zone: PLANT_ZONE }).toISO({ suppressMilliseconds: true })!;
    },
    ids: {
      workpoint: wp1!,
      stopCode: (await firstChild(`/factory/stop_codes?workpoint_id=${wp1}`))[0]!,
      otherStopCode: (await firstChild(`/factory/stop_codes?workpoint_id=${wp2}`))[0]!,
      capperWorkpoint: capperWp!,
      capperStopCode: (await firstChild(`/factory/stop_codes?workpoint_id=${capperWp}`))[0]!,
      line2Workpoint: line2Wp!,
      line2StopCode: (await firstChild(`/factory/stop_codes?workpoint_id=${line2Wp}`))[0]!,
    },
    async eventCount() {
      const row = await app.deps.knex('es_events').count<{ count: number }[]>('* as count').first();
      return Number(row?.count);
    },
    async stream(name) {
      return (await app.deps.store.readStream(name)).map((r) => ({ type: r.type, data: r.data }));
    },
    stopId(kind, equipmentId, n, day = today.minus({ days: 10 }).toISODate()!) {
      const days = Math.round(DateTime.fromISO(day, { zone: 'UTC' }).diff(DateTime.fromISO('2000-01-01', { zone: 'UTC' }), 'days').days);
      return 1e15 + equipmentId * 1e9 + days * 1e4 + (kind === 'planned' ? 1000 : 0) + n;
    },
    close: () => app.close(),
  };
}

/** A valid unplanned stop on the Filler of line 1, 08:10–08:25 of the kit's day unless overridden. */
export function unplannedBody(kit: StopsKit, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    workpoint_id: kit.ids.workpoint,
    stop_code_id: kit.ids.stopCode,
    triggering_event_id: 1,
    failure_mode: 'Bottiglia incastrata nella coclea',
    corrective_action: 'Rimossa la bottiglia e riavviata la linea',
    action_material_change: false,
    action_cleaning: true,
    action_setting_adjustment: false,
    action_component_restore: false,
    start_time: kit.at('08:10'),
    end_time: kit.at('08:25'),
    ...over,
  };
}

/** A valid planned stop on the Filler of line 1 (reason 1), 06:00–06:30 of the kit's day unless overridden. */
export function plannedBody(kit: StopsKit, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { equipment_id: 1, planned_reason_id: 1, start_time: kit.at('06:00'), end_time: kit.at('06:30'), notes: 'Cambio formato 0,5 L', ...over };
}
