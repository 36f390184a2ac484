/**
 * The one fetch wrapper of the web app (ARCHITECTURE "Web"): every call carries the bearer
 * token, answers are parsed as JSON, server errors keep their `{error:{code,message,fields}}`
 * so screens can show the server's Italian message, and a 401 goes to the session handler (the
 * password prompt in place, or /login where there is nobody to ask).
 */
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
  signal?: AbortSignal;
}

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  clearToken();
  window.location.assign('/login');
};

/** Lets the app decide what a 401 does (main.tsx: the password prompt, or /login without a page reload). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
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

/** Calls the server on the same origin and returns the parsed JSON answer. */
export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).body;
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

  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  const parsed = await readBody(response);
  if (response.ok) return { body: parsed as T, headers: response.headers };

  if (response.status === 401 && !options.noSessionRedirect) onUnauthorized();
  throw toApiError(response.status, parsed);
}

/** SWR's fetcher: a key is a path or a `[path, query]` pair. */
export function swrFetcher<T>(key: string | readonly [string, Record<string, QueryValue>?]): Promise<T> {
  if (typeof key === 'string') return apiFetch<T>(key);
  return apiFetch<T>(key[0], { query: key[1] });
}
