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
