/**
 * The one fetch wrapper of the web app (ARCHITECTURE "Web"): every call carries the bearer
 * token, answers are parsed as JSON, server errors keep their `{error:{code,message,fields}}`
 * so screens can show the server's Italian message, and a 401 goes to the session handler (the
 * password prompt in place, or /login where there is nobody to ask). A create carries an
 * Idempotency-Key, so retrying it never records it twice (README "Operations").
 */
import { noteLivePosition, trackCall } from './apiActivity.js';
import { keptOffline, readKept } from './offlineReads.js';
import { clearToken, getToken } from './session.js';

/** A failed call, carrying the server's error body when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, unknown>;

  constructor(status: number, code: string, message: string, fields?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** Query values; arrays go out as repeated keys (the spec's default), empty values are dropped. */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** Options of one call. `json` and `form` are mutually exclusive bodies. */
export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: Record<string, string>;
  /** The login call: a 401 there means wrong credentials, not an expired session. */
  noSessionRedirect?: boolean;
  /**
   * The call records something new (a stop, an action, shifts): it carries an Idempotency-Key,
   * and sending the same call again while it has no answer (a retry) carries the same key.
   * Overwrites, toggles and deletions do without: repeating them changes nothing more, while
   * a key reused across a toggle back and forth could answer with a stale first result.
   */
  creates?: boolean;
  /** The Idempotency-Key of a queued write (lib/outbox.ts): the same at every try of it. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Called with the refusal's code: ACCOUNT_DISABLED (issue 21) has no session to renew. */
type UnauthorizedHandler = (code?: string) => void;

let onUnauthorized: UnauthorizedHandler = () => {
  clearToken();
  window.location.assign('/login');
};

/** Lets the app decide what a 401 does (main.tsx: the password prompt, or /login without a page reload). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Resolves in a later task of the event loop (a message to itself: no timer clamping). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Builds `path?query`, repeating keys for arrays and leaving out empty entries. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== '') params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const err = (body && typeof body === 'object' ? (body as ErrorBody).error : undefined) ?? {};
  const code = typeof err.code === 'string' ? err.code : `HTTP_${status}`;
  const message = typeof err.message === 'string' ? err.message : '';
  const fields = err.fields && typeof err.fields === 'object' ? (err.fields as Record<string, unknown>) : undefined;
  return new ApiError(status, code, message, fields);
}

/**
 * Keys of creates whose answer has not arrived (network failure, 5xx, 408, 429, or the server
 * still running the first try), by the request they were made for: the user retries a failed
 * create by sending it again (pressing the button once more), and that retry must carry the
 * same key, so the server answers it with the first try's result instead of recording it twice.
 * A definite answer forgets the key: the next action, even an identical one, is a new one.
 */
const unanswered = new Map<string, { key: string; since: number }>();
/** A create left unanswered for longer than this is given up: sending it again is a new action. */
const UNANSWERED_KEY_MS = 15 * 60_000;
const MAX_UNANSWERED = 100;

/** 128 random bits as hex; crypto.getRandomValues works on plain http too (randomUUID does not). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function keyFor(request: string): string {
  const held = unanswered.get(request);
  if (held && Date.now() - held.since < UNANSWERED_KEY_MS) return held.key;
  if (unanswered.size >= MAX_UNANSWERED) unanswered.delete(unanswered.keys().next().value!);
  const key = newIdempotencyKey();
  unanswered.set(request, { key, since: Date.now() });
  return key;
}

/** Whether a retry of this answer should ask the server for the first try's result. */
function unanswering(status: number, code: string | undefined): boolean {
  return status >= 500 || status === 408 || status === 429 || code === 'IDEMPOTENCY_KEY_IN_USE';
}

/**
 * Calls the server on the same origin and returns the parsed JSON answer. The reads the line log
 * needs offline answer from the user's last good copy when the network fails (offlineReads.ts).
 */
export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const read = async () => (await apiRequest<T>(path, options)).body;
  return (options.method ?? 'GET') === 'GET' && keptOffline(path) ? readKept(buildUrl(path, options.query), read) : read();
}

/** As apiFetch, with the answer's headers too (e.g. a list's X-Next-Cursor). */
export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<{ body: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  // Kept until the server answers definitely: a network failure leaves it for the retry.
  const request = options.creates && method !== 'GET' ? `${method} ${url} ${typeof body === 'string' ? body : ''}` : null;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  else if (request !== null) headers['Idempotency-Key'] = keyFor(request);

  // A read's fetch() runs in a task of its own: the hooks a commit mounts would otherwise start
  // theirs in that commit's task, a few milliseconds each on a phone (docs/performance.md).
  const sent =
    method === 'GET' ? nextTask().then(() => fetch(url, { method, headers, body, signal: options.signal })) : fetch(url, { method, headers, body, signal: options.signal });
  const { response, parsed } = await trackCall(sent.then(async (r) => ({ response: r, parsed: await readBody(r) })));
  if (request !== null && !unanswering(response.status, (parsed as ErrorBody | undefined)?.error?.code as string | undefined)) {
    if (unanswered.get(request)?.key === headers['Idempotency-Key']) unanswered.delete(request);
  }
  noteLivePosition(response.headers.get('X-Live-Position'));
  if (response.ok) return { body: parsed as T, headers: response.headers };

  if (response.status === 401 && !options.noSessionRedirect) onUnauthorized((parsed as ErrorBody | undefined)?.error?.code as string | undefined);
  throw toApiError(response.status, parsed);
}

/** SWR's fetcher: a key is a path or a `[path, query]` pair. */
export function swrFetcher<T>(key: string | readonly [string, Record<string, QueryValue>?]): Promise<T> {
  if (typeof key === 'string') return apiFetch<T>(key);
  return apiFetch<T>(key[0], { query: key[1] });
}
