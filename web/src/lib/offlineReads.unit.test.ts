import { forgetKeptReads, readKept } from './offlineReads.js';

/** The browser's local storage as the page sees it, counting the reads. */
class CountingStorage {
  readonly items = new Map<string, string>();
  reads = 0;
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string) {
    this.reads += 1;
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

describe('the answers kept for offline use', () => {
  let storage: CountingStorage;
  let clock = 0;
  const realNow = Date.now;
  beforeEach(() => {
    storage = new CountingStorage();
    storage.setItem('role', 'frontline');
    (globalThis as { localStorage?: unknown }).localStorage = storage;
    clock = 1_000;
    Date.now = () => (clock += 1);
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
    Date.now = realNow;
  });

  const keep = (url: string, body: unknown = { url }) => readKept(url, () => Promise.resolve(body));
  const kept = () => [...storage.items.keys()].filter((k) => k.startsWith('offline-read:frontline|')).map((k) => k.slice('offline-read:frontline|'.length));
  const offline = (url: string) => readKept(url, () => Promise.reject(new TypeError('Failed to fetch')));

  it('keeps 200 answers a user, the oldest going first, reading one small entry per answer kept', async () => {
    for (let i = 0; i < 200; i += 1) await keep(`/factory/shifts?day=${i}`);
    expect(kept()).toHaveLength(200);
    storage.reads = 0;
    await keep('/factory/shifts?day=200');
    // The role and the index: not the 200 answers.
    expect(storage.reads).toBe(2);
    expect(kept()).toHaveLength(200);
    expect(kept()).not.toContain('/factory/shifts?day=0');
    expect(kept()).toContain('/factory/shifts?day=200');
    // Kept again: the newest, nothing else goes.
    await keep('/factory/shifts?day=1', { again: true });
    expect(kept()).toHaveLength(200);
    await keep('/factory/shifts?day=201');
    expect(kept()).toContain('/factory/shifts?day=1');
    expect(kept()).not.toContain('/factory/shifts?day=2');
    await expect(offline('/factory/shifts?day=1')).resolves.toEqual({ again: true });
    await expect(offline('/factory/shifts?day=2')).rejects.toThrow('Failed to fetch');
  });

  it('indexes once the answers kept before the index, by their own times', async () => {
    for (let i = 0; i < 200; i += 1) storage.setItem(`offline-read:frontline|/x?i=${i}`, JSON.stringify({ at: 900 - i, body: i }));
    await keep('/factory/shifts?day=1');
    // The oldest by time is the last written one.
    expect(kept()).toHaveLength(200);
    expect(kept()).not.toContain('/x?i=199');
    expect(kept()).toContain('/x?i=0');
  });

  it('forgets a user’s answers and their index at logout, another user’s stay', async () => {
    await keep('/factory/shifts?day=1');
    storage.setItem('role', 'support');
    await keep('/factory/shifts?day=2');
    forgetKeptReads('frontline');
    expect([...storage.items.keys()].filter((k) => k.startsWith('offline-read')).sort()).toEqual(['offline-read-index:support', 'offline-read:support|/factory/shifts?day=2']);
    forgetKeptReads(null);
    expect([...storage.items.keys()].filter((k) => k.startsWith('offline-read'))).toEqual([]);
  });
});
