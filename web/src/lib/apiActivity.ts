/**
 * Whether the page's own calls are still coming in: the live channel (live.ts) opens once a page
 * has loaded its data, so during the load it takes neither a connection nor bandwidth from them.
 */

let inFlight = 0;
let lastActivity = 0;

/** Counts `request` as in flight until it settles. */
export function trackCall<T>(request: Promise<T>): Promise<T> {
  inFlight++;
  lastActivity = Date.now();
  return request.finally(() => {
    inFlight--;
    lastActivity = Date.now();
  });
}

/** Whether no call has been in flight for `quietMs`. */
export function callsQuiet(quietMs: number, now = Date.now()): boolean {
  return inFlight === 0 && now - lastActivity >= quietMs;
}

interface SettleOptions {
  /** How long without a call in flight counts as loaded. */
  quietMs: number;
  /** Started anyway this long after the wait began (a page that keeps calling). */
  maxWaitMs: number;
  /** How often the calls are looked at. */
  pollMs: number;
}

const SETTLE: SettleOptions = { quietMs: 1000, maxWaitMs: 10_000, pollMs: 250 };

/**
 * Calls `start` once the page has loaded (the window's load event, then no call of ours in flight
 * for `quietMs`) and the main thread is idle, or after `maxWaitMs` at the latest. Returns a cancel.
 */
export function whenPageSettled(start: () => void, options: SettleOptions = SETTLE): () => void {
  const began = Date.now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let idle: number | null = null;
  let cancelled = false;
  const fire = () => {
    if (!cancelled) start();
  };
  const check = () => {
    timer = null;
    if (cancelled) return;
    const now = Date.now();
    if (!callsQuiet(options.quietMs, now) && now - began < options.maxWaitMs) {
      timer = setTimeout(check, options.pollMs);
      return;
    }
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fire, { timeout: 1000 });
    else fire();
  };
  const onLoad = () => {
    timer = setTimeout(check, options.pollMs);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    if (typeof window !== 'undefined') window.removeEventListener('load', onLoad);
    if (timer) clearTimeout(timer);
    if (idle !== null) cancelIdleCallback(idle);
  };
}

let earliestPosition: { commit: number; prepare: number } | null = null;

/**
 * Notes the `X-Live-Position` of an answer (where the server's read models stood at least when it
 * read): the page's live stream resumes from the earliest one (live.ts), so it is told what moved
 * after the page's first answers instead of fetching everything again.
 */
export function noteLivePosition(value: string | null): void {
  const m = /^(\d{1,15})\.(\d{1,15})$/.exec(value ?? '');
  if (!m) return;
  const p = { commit: Number(m[1]), prepare: Number(m[2]) };
  if (!earliestPosition || p.commit < earliestPosition.commit || (p.commit === earliestPosition.commit && p.prepare < earliestPosition.prepare)) earliestPosition = p;
}

/** The earliest position noted since the page loaded, as the stream's Last-Event-ID (`commit.prepare`); null when none. */
export function earliestLivePosition(): string | null {
  return earliestPosition ? `${earliestPosition.commit}.${earliestPosition.prepare}` : null;
}
