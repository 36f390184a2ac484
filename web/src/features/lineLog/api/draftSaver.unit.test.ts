/**
 * The autosave queue with an injected save call and manual timers (no DOM, no network): one save
 * at a time, the revision of each answer sent with the next, retries with a growing delay that
 * keep the text, a refusal waiting for the next change, and a 409 stopping the autosave.
 */
import { ApiError } from '../../../lib/api.js';
import { DraftSaver, type Timers } from './draftSaver.js';

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

function setup() {
  const timers = new ManualTimers();
  const calls: Call[] = [];
  const saver = new DraftSaver<string>({
    save: (text, revision) =>
      new Promise((resolve, reject) => calls.push({ text, revision, resolve: (rev) => resolve({ revision: rev }), reject })),
    fingerprint: (t) => t,
    timers,
    now: () => new Date('2031-06-10T10:00:00+02:00'),
    logError: () => undefined,
  });
  return { timers, calls, saver };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('DraftSaver', () => {
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
