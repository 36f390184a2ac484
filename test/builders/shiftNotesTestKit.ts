import { startTestApp, type TestApp } from '../support/app.js';

/** The plant's "now" in the shift-note API tests: 11:00 in Rome on 10 June 2031 (shifts exist 70 days back, 30 ahead). */
export const NOW = new Date('2031-06-10T09:00:00Z');
export const TODAY = '2031-06-10';
export const TOMORROW = '2031-06-11';

export interface ShiftNotesClient {
  app: TestApp;
  call(method: string, path: string, as: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** A form post, as a browser form sends it (every value a string). */
  form(method: string, path: string, as: string, fields: Record<string, string>): Promise<{ status: number; body: any }>;
  get(as: string, query: Record<string, string>): Promise<{ status: number; body: any }>;
  /** Event types of a report's stream, in order. */
  stream(day: string, shiftCode: string, lineId?: number): Promise<string[]>;
}

/** A complete report of Linea 1 for today's shift A; tests override the key and fields. */
export const payload = (over: Record<string, unknown> = {}) => ({
  shift_code: 'A',
  day: TODAY,
  line_name: 'Linea 1',
  notes: 'Turno regolare',
  machine_notes: [{ Macchina: 'Riempitrice', Nota: 'Valvola sostituita' }],
  production_volume: 11000,
  waste: 120,
  working_time: 7.5,
  ...over,
});

/** A test app with the plant's clock fixed at NOW, and tokens for every demo role. */
export async function startShiftNotesApp(): Promise<ShiftNotesClient> {
  const app = await startTestApp({ clock: () => new Date(NOW) });
  const tokens: Record<string, string> = {};
  for (const role of ['frontline', 'support', 'demoit', 'demoen', 'admin']) tokens[role] = await app.login(role);
  const send = async (method: string, path: string, as: string, body: string | undefined, type: string) => {
    const res = await fetch(`${app.url}${path}`, { method, headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': type }, body });
    return { status: res.status, body: (await res.json()) as any };
  };
  return {
    app,
    call: (method, path, as, body) => send(method, path, as, body === undefined ? undefined : JSON.stringify(body), 'application/json'),
    form: (method, path, as, fields) => send(method, path, as, new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded'),
    get: (as, query) => send('GET', `/factory/shift_notes?${new URLSearchParams(query)}`, as, undefined, 'application/json'),
    stream: async (day, shiftCode, lineId = 1) => (await app.deps.store.readStream(`shift-report-${lineId}-${day}-${shiftCode}`)).map((e) => e.type),
  };
}
