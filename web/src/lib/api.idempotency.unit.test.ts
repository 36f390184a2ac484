import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiFetch, ApiError } from './api.js';

/**
 * The client's side of Idempotency-Key, against a loopback HTTP server that loses answers on
 * demand: a retried write carries its first key, a new action gets a new one.
 */
describe('apiFetch and Idempotency-Key', () => {
  const seen: Array<{ method: string; url: string; key: string | undefined }> = [];
  /** What the server does with each next request: lose the answer, or answer with a status. */
  const script: Array<'lose' | number> = [];
  let server: http.Server;
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, key: req.headers['idempotency-key'] as string | undefined });
        const next = script.shift() ?? 200;
        if (next === 'lose') {
          req.socket.destroy();
          return;
        }
        res.writeHead(next, { 'content-type': 'application/json' });
        res.end(JSON.stringify(next < 300 ? { id: seen.length } : { error: { code: next === 409 ? 'IDEMPOTENCY_KEY_IN_USE' : 'X', message: 'no' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The page's origin: the wrapper calls same-origin paths.
    globalThis.fetch = (input, init) => realFetch(new URL(String(input), base), init);
    const store = new Map<string, string>([['token', 'tok']]);
    (globalThis as { localStorage?: unknown }).localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: () => undefined, removeItem: () => undefined };
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    delete (globalThis as { localStorage?: unknown }).localStorage;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
    script.length = 0;
  });

  const record = (notes = 'Cambio formato') => apiFetch('/factory/planned_stops', { method: 'POST', json: { equipment_id: 1, notes }, creates: true });

  it('sends a key with a create and the same key on each retry of it, until an answer arrives', async () => {
    script.push('lose', 503, 409, 201);
    await expect(record()).rejects.toThrow('fetch failed'); // the answer was lost
    await expect(record()).rejects.toMatchObject({ status: 503 });
    await expect(record()).rejects.toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' });
    expect(await record()).toEqual({ id: 4 });
    const keys = seen.map((s) => s.key);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys).toEqual([keys[0], keys[0], keys[0], keys[0]]);
  });

  it('gives a new action a new key: after an answer, for another body, after a refusal; reads and overwrites carry none', async () => {
    await record('uno');
    await record('uno');
    await record('due');
    script.push(400);
    await expect(record('tre')).rejects.toBeInstanceOf(ApiError);
    await record('tre');
    await apiFetch('/factory/planned_stops');
    await apiFetch('/factory/stop_events/update_planned_note', { method: 'POST', json: { id: 1, notes: 'x' } });
    const keys = seen.map((s) => s.key);
    expect(keys.slice(0, 5).every((k) => /^[0-9a-f]{32}$/.test(k!))).toBe(true);
    expect(new Set(keys.slice(0, 5)).size).toBe(5);
    expect(keys.slice(5)).toEqual([undefined, undefined]);
    expect(seen.map((s) => s.method)).toEqual(['POST', 'POST', 'POST', 'POST', 'POST', 'GET', 'POST']);
  });
});
