/**
 * The web app's end of the live push channel (GET /live, docs/live.md): one stream per tab,
 * read with fetch so the token travels in the Authorization header, never in a URL. It reconnects
 * after a drop with Last-Event-ID, so what moved meanwhile still arrives (as one message).
 */
import { sseParser } from './sse.js';

export interface LiveHandlers {
  /** Read models that moved (at most one call per message). */
  onMoved(readModels: string[]): void;
  /** Whether the stream is open now. */
  onConnected?(connected: boolean): void;
  /** The first stream is open and has told what moved since `since` (its first `ready`). */
  onFirstReady?(): void;
}

const MIN_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/**
 * Opens the stream and keeps it open until the returned stop is called or the server refuses the
 * token. `since`: where the page's data stood (an `X-Live-Position`), sent as the first
 * Last-Event-ID, so the first message names what moved after it.
 */
export function startLive(token: string, handlers: LiveHandlers, base = '', since: string | null = null): () => void {
  let stopped = false;
  let abort: AbortController | null = null;
  let lastId: string | null = since;
  let retryMs = MIN_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let readyOnce = false;

  async function connect(): Promise<void> {
    abort = new AbortController();
    let refused = false;
    try {
      const res = await fetch(`${base}/live`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) },
        signal: abort.signal,
        cache: 'no-store',
        // Never in the way of the page's own calls (and not a critical request for the browser).
        priority: 'low',
      });
      if (res.status === 401 || res.status === 403) refused = true;
      if (!res.ok || !res.body) return;
      handlers.onConnected?.(true);
      retryMs = MIN_RETRY_MS;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const parser = sseParser();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const e of parser.push(decoder.decode(value, { stream: true }))) {
          if (e.id) lastId = e.id;
          if (e.event === 'moved') handlers.onMoved((JSON.parse(e.data) as { read_models: string[] }).read_models);
          if (e.event === 'ready' && !readyOnce) {
            readyOnce = true;
            handlers.onFirstReady?.();
          }
        }
      }
    } catch {
      // A drop or our own abort: retried below unless stopped.
    } finally {
      handlers.onConnected?.(false);
      // The session check of the page handles a refused token; a dead token is not retried.
      if (!stopped && !refused) {
        timer = setTimeout(() => void connect(), retryMs);
        retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
      }
    }
  }

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    abort?.abort();
  };
}

/** An SWR key's path: keys are a path or a [path, query] pair. */
export function keyPath(key: unknown): string | null {
  if (typeof key === 'string') return key;
  if (Array.isArray(key) && typeof key[0] === 'string') return key[0];
  return null;
}

/**
 * Whether a page's data at `path` may have changed when these read models moved. The plant's
 * structure and the shift plan change rarely, so their calls are fetched again only when those
 * read models move; every other call of the plant's data follows any move.
 */
export function affected(path: string, readModels: readonly string[]): boolean {
  if (!path.startsWith('/factory/')) return false;
  if (STRUCTURE.test(path)) return readModels.includes('plant');
  if (path.startsWith('/factory/shifts')) return readModels.includes('shifts');
  if (path.startsWith('/factory/default_station')) return false;
  return true;
}

const STRUCTURE = /^\/factory\/(shop_floors|lines|equipments|line_ref_machine|workpoints|stop_codes|triggering_events|planned_stop_reasons|units_of_measurement|report_labels)\b/;
