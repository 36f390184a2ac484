import { dbrDraftKey, hasDbrText, readDbrTexts, writeDbrTexts } from './dbrDraft.js';

/** A local storage for the node test environment. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

describe('the DBR action form’s text kept on the device', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: Storage }).localStorage = memoryStorage();
  });
  afterAll(() => {
    delete (globalThis as { localStorage?: Storage }).localStorage;
  });

  it('is kept per user and comes back as typed, with when', () => {
    const key = dbrDraftKey('support');
    expect(key).toBe('draft:support|dbrAction|new');
    writeDbrTexts(key, { owner: 'P. Bianchi', supportBy: '', activity: ' Controllare i sensori ' }, new Date('2030-11-26T09:42:00Z'));
    expect(readDbrTexts(key)).toEqual({ owner: 'P. Bianchi', supportBy: '', activity: ' Controllare i sensori ', at: '2030-11-26T09:42:00.000Z' });
    expect(readDbrTexts(dbrDraftKey('demoit'))).toBeNull();
  });

  it('is forgotten when nothing but blanks is left, and ignored when unreadable', () => {
    const key = dbrDraftKey('support');
    writeDbrTexts(key, { owner: 'x', supportBy: '', activity: '' }, new Date());
    writeDbrTexts(key, { owner: '  ', supportBy: '', activity: '\n' }, new Date());
    expect(localStorage.getItem(key)).toBeNull();
    localStorage.setItem(key, '{"owner": 3}');
    expect(readDbrTexts(key)).toBeNull();
    expect(hasDbrText({ owner: '', supportBy: ' a ', activity: '' })).toBe(true);
  });
});
