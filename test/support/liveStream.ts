import { sseParser, type SseEvent } from '../../web/src/lib/sse.js';

export interface LiveStream {
  status: number;
  /** The next event that matches, waited for at most `timeoutMs`; throws when none came or the stream ended. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /live with a bearer token (and Last-Event-ID to resume) and reads its events as they come. */
export async function openLive(baseUrl: string, token: string, lastEventId?: string): Promise<LiveStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/live`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const seen: SseEvent[] = [];
  const waiting = new Set<() => void>();
  let done = false;
  const ended = (async () => {
    if (!res.body) return;
    const parser = sseParser();
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        seen.push(...parser.push(decoder.decode(value, { stream: true })));
        for (const w of waiting) w();
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      for (const w of waiting) w();
    }
  })();
  return {
    status: res.status,
    ended,
    close: () => abort.abort(),
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const i = seen.findIndex(match);
          if (i >= 0) {
            const [e] = seen.splice(0, i + 1).slice(-1);
            finish();
            resolve(e!);
          } else if (done) {
            finish();
            reject(new Error('the live stream ended before the event came'));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching live event within ${timeoutMs} ms; seen: ${JSON.stringify(seen)}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiting.delete(check);
        };
        waiting.add(check);
        check();
      });
    },
  };
}

/** A 'moved' event that names the read model. */
export const movedIncluding = (name: string) => (e: SseEvent) => e.event === 'moved' && (JSON.parse(e.data) as { read_models: string[] }).read_models.includes(name);
