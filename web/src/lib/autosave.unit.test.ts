/**
 * The one autosave engine with an injected save call, manual timers, an in-memory draft slot and a
 * hand-driven session (no DOM, no network): one save at a time, the revision of each answer sent
 * with the next, retries with a growing delay that keep the text, a refusal waiting for the next
 * change, a 409 stopping the autosave, a 401 waiting for the password and saving after it, and the
 * local copy holding exactly what the server lacks.
 */
import { ApiError } from './api.js';
import { Autosave, type Timers } from './autosave.js';
import { isDraftNewer, type DraftSlot, type StoredDraft } from './drafts.js';
import type { SessionHook } from './session.js';

class ManualTimers implements Timers {
  private next = 1;
  readonly pending = new Map<number, { fn: () => void; ms: number }>();
  set(fn: () => void, ms: number) {
    const id = this.next++;
    this.pending.set(id, { fn, ms });
    return id;
  }
  clear(handle: unknown) {
    this.pending.delete(handle as number);
  }
  delays() {
    return [...this.pending.values()].map((t) => t.ms);
  }
  fireAll() {
    const due = [...this.pending.entries()];
    this.pending.clear();
    for (const [, t] of due) t.fn();
  }
}

type Call = { text: string; revision: number; resolve(rev: number): void; reject(err: unknown): void };

/** A session the test expires and renews by hand. */
class ManualSession implements SessionHook {
  expiredCount = 0;
  readonly waiting = new Set<() => void>();
  expired() {
    this.expiredCount += 1;
  }
  onRenewed(listener: () => void) {
    this.waiting.add(listener);
    return () => this.waiting.delete(listener);
  }
  renew() {
    for (const l of [...this.waiting]) l();
  }
}

/** A draft slot in memory, as local storage would keep it. */
function memorySlot(): DraftSlot<string> & { value: StoredDraft<string> | null } {
  return {
    value: null,
    read() {
      return this.value;
    },
    write(d) {
      this.value = d;
    },
    clear() {
      this.value = null;
    },
  };
}

function setup(options: { debounceMs?: number | null } = {}) {
  const timers = new ManualTimers();
  const calls: Call[] = [];
  const session = new ManualSession();
  const slot = memorySlot();
  const saver = new Autosave<string, { revision: number }>({
    save: (text, revision) => new Promise((resolve, reject) => calls.push({ text, revision, resolve: (rev) => resolve({ revision: rev }), reject })),
    revisionOf: (r) => r.revision,
    fingerprint: (t) => t,
    debounceMs: options.debounceMs,
    draft: slot,
    session,
    timers,
    now: () => new Date('2031-06-10T10:00:00+02:00'),
    logError: () => undefined,
  });
  return { timers, calls, saver, session, slot };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Autosave: ordered saves, retries, refusals, conflicts', () => {
  it('saves once after the quiet time, with the loaded revision, then with the revision answered', async () => {
    const { timers, calls, saver } = setup();
    saver.load(3, 'a');
    saver.change('ab');
    saver.change('abc');
    expect(timers.delays()).toEqual([1000]);
    expect(saver.status.kind).toBe('pending');
    timers.fireAll();
    expect(calls.map((c) => [c.text, c.revision])).toEqual([['abc', 3]]);
    expect(saver.status.kind).toBe('saving');
    calls[0]!.resolve(4);
    await tick();
    expect(saver.status).toMatchObject({ kind: 'saved' });
    expect(saver.currentRevision).toBe(4);
    expect(saver.unsaved()).toBeNull();

    saver.change('abcd');
    void saver.flush();
    expect(calls.map((c) => [c.text, c.revision])).toEqual([
      ['abc', 3],
      ['abcd', 4],
    ]);
  });

  it('never sends two saves at once: a change during a save goes out after it, with the new revision', async () => {
    const { timers, calls, saver } = setup();
    saver.load(-1, '');
    saver.change('x');
    void saver.flush();
    saver.change('xy');
    void saver.flush();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(0);
    await tick();
    await tick();
    expect(calls.map((c) => [c.text, c.revision])).toEqual([
      ['x', -1],
      ['xy', 0],
    ]);
    calls[1]!.resolve(1);
    await tick();
    expect(saver.status.kind).toBe('saved');
    expect(timers.pending.size).toBe(0);
  });

  it('does nothing when the text comes back to what was saved', async () => {
    const { timers, calls, saver } = setup();
    saver.load(2, 'same');
    saver.change('other');
    saver.change('same');
    expect(timers.pending.size).toBe(0);
    expect(saver.status.kind).toBe('idle');
    await saver.flush();
    expect(calls).toHaveLength(0);
  });

  it('keeps the text and tries again after 2, 4, 8 s on network or server failures', async () => {
    const { timers, calls, saver } = setup();
    saver.load(0, '');
    saver.change('note');
    void saver.flush();
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await tick();
    expect(saver.status).toMatchObject({ kind: 'retrying', message: 'Salvataggio non riuscito: nuovo tentativo tra pochi secondi', inMs: 2000 });
    expect(saver.unsaved()).toBe('note');
    timers.fireAll();
    calls[1]!.reject(new ApiError(502, 'HTTP_502', ''));
    await tick();
    expect(timers.delays()).toEqual([4000]);
    timers.fireAll();
    expect(calls[2]).toMatchObject({ text: 'note', revision: 0 });
    calls[2]!.resolve(1);
    await tick();
    expect(saver.status.kind).toBe('saved');
    expect(saver.unsaved()).toBeNull();
  });

  it('waits for the next change after a refusal, and stops for good on a 409', async () => {
    const { timers, calls, saver } = setup();
    saver.load(0, '');
    saver.change('9');
    void saver.flush();
    calls[0]!.reject(new ApiError(400, 'VALIDATION_FAILED', 'Dati del report non validi', { working_time: 'Al massimo 8 ore' }));
    await tick();
    expect(saver.status).toEqual({ kind: 'refused', message: 'Dati del report non validi', fields: { working_time: 'Al massimo 8 ore' } });
    expect(timers.pending.size).toBe(0);

    saver.change('8');
    timers.fireAll();
    calls[1]!.reject(new ApiError(409, 'CONCURRENT_MODIFICATION', 'I dati sono stati modificati da un altro utente: ricarica e riprova'));
    await tick();
    expect(saver.status).toMatchObject({ kind: 'conflict', code: 'CONCURRENT_MODIFICATION' });
    saver.change('88');
    await saver.flush();
    expect(calls).toHaveLength(2);
    expect(saver.unsaved()).toBe('88');
  });

  it('settles before a submit: waits for the save under way and cancels the queued one', async () => {
    const { timers, calls, saver } = setup();
    saver.load(5, 'a');
    saver.change('b');
    void saver.flush();
    saver.change('c');
    const settled = saver.settle();
    expect(timers.pending.size).toBe(0);
    calls[0]!.resolve(6);
    await settled;
    expect(saver.currentRevision).toBe(6);
    expect(calls).toHaveLength(1);
    saver.load(7, 'c');
    expect(saver.status.kind).toBe('idle');
  });
});

describe('Autosave: an expired session', () => {
  const expiredError = () => new ApiError(401, 'UNAUTHENTICATED', 'Sessione non valida o scaduta: accedi di nuovo');

  it('asks for the password once, keeps what is typed meanwhile and saves it all after the renewal', async () => {
    const { timers, calls, saver, session, slot } = setup();
    saver.load(3, 'a');
    saver.change('ab');
    timers.fireAll();
    calls[0]!.reject(expiredError());
    await tick();
    expect(saver.status.kind).toBe('session');
    expect(session.expiredCount).toBe(1);
    expect(timers.pending.size).toBe(0); // no retry loop against a dead token

    saver.change('abc'); // typing goes on while the prompt is open
    expect(timers.pending.size).toBe(0);
    expect(saver.status.kind).toBe('session');
    expect(slot.value).toMatchObject({ content: 'abc', revision: 3 });

    session.renew();
    expect(calls.map((c) => [c.text, c.revision])).toEqual([
      ['ab', 3],
      ['abc', 3],
    ]);
    calls[1]!.resolve(4);
    await tick();
    expect(saver.status.kind).toBe('saved');
    expect(saver.currentRevision).toBe(4);
    expect(slot.value).toBeNull();
    expect(session.waiting.size).toBe(0);
  });

  it('asks again when the password prompt was answered but the next save is refused the same way', async () => {
    const { calls, saver, session } = setup({ debounceMs: null });
    saver.load(0, '');
    saver.change('x');
    void saver.flush();
    calls[0]!.reject(expiredError());
    await tick();
    session.renew();
    calls[1]!.reject(expiredError());
    await tick();
    expect(saver.status.kind).toBe('session');
    expect(session.expiredCount).toBe(2);
    session.renew();
    calls[2]!.resolve(1);
    await tick();
    expect(saver.unsaved()).toBeNull();
  });
});

describe('Autosave: the local copy', () => {
  it('holds every unsaved change with its base revision, and goes once the server has the text', async () => {
    const { timers, calls, saver, slot } = setup();
    saver.load(7, 'saved');
    expect(slot.value).toBeNull();
    saver.change('saved, more');
    expect(slot.value).toEqual({ content: 'saved, more', revision: 7, at: '2031-06-10T08:00:00.000Z' });
    timers.fireAll();
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await tick();
    expect(slot.value?.content).toBe('saved, more');
    timers.fireAll();
    calls[1]!.resolve(8);
    await tick();
    expect(slot.value).toBeNull();
  });

  it('keeps the newer text when a save of older text succeeds', async () => {
    const { calls, saver, slot } = setup({ debounceMs: null });
    saver.load(0, '');
    saver.change('a');
    void saver.flush();
    saver.change('ab');
    calls[0]!.resolve(1);
    await tick();
    expect(slot.value).toEqual({ content: 'ab', revision: 1, at: '2031-06-10T08:00:00.000Z' });
    expect(saver.status.kind).toBe('pending');
  });

  it('is dropped when the text is typed back to the saved one, or the server copy is loaded', () => {
    const { saver, slot, timers } = setup();
    saver.load(1, 'x');
    saver.change('xy');
    saver.discard('x');
    expect(slot.value).toBeNull();
    expect(timers.pending.size).toBe(0);
    saver.change('xz');
    saver.load(2, 'server');
    expect(slot.value).toBeNull();
  });
});

describe('Autosave: saving on blur only, 403, pause', () => {
  it('sends nothing on typing with no quiet time, and saves on flush', async () => {
    const { timers, calls, saver } = setup({ debounceMs: null });
    saver.load(0, '');
    saver.change('a');
    expect(timers.pending.size).toBe(0);
    expect(calls).toHaveLength(0);
    void saver.flush();
    expect(calls.map((c) => c.text)).toEqual(['a']);
  });

  it('stops for good on 403, keeping the text', async () => {
    const { calls, saver } = setup({ debounceMs: null });
    saver.load(0, '');
    saver.change('a');
    void saver.flush();
    calls[0]!.reject(new ApiError(403, 'FORBIDDEN', 'Operazione non consentita'));
    await tick();
    expect(saver.status.kind).toBe('refused'); // the default rules: a refusal with the message
    expect(saver.unsaved()).toBe('a');
  });

  it('gives a waiting retry its timer back after pause and resume', async () => {
    const { timers, calls, saver } = setup();
    saver.load(0, '');
    saver.change('a');
    timers.fireAll();
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await tick();
    saver.pause();
    expect(timers.pending.size).toBe(0);
    saver.resume();
    expect(timers.delays()).toEqual([2000]);
  });
});

describe('isDraftNewer', () => {
  const draft = { revision: 4, at: '2031-06-10T08:00:00.000Z' };
  it('restores a draft typed on the revision the server still has', () => {
    expect(isDraftNewer(draft, { revision: 4, updatedAt: '2031-06-10T09:00:00.000Z' })).toBe(true);
    expect(isDraftNewer({ revision: -1, at: draft.at }, { revision: -1, updatedAt: null })).toBe(true);
  });
  it('restores it after a later save only when it was typed after that save', () => {
    expect(isDraftNewer(draft, { revision: 5, updatedAt: '2031-06-10T07:59:00.000Z' })).toBe(true);
    expect(isDraftNewer(draft, { revision: 5, updatedAt: '2031-06-10T08:01:00.000Z' })).toBe(false);
  });
});
