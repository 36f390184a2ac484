import { z } from 'zod';
import { EventCatalog, UnknownEventTypeError, defineEvent } from './catalog.js';
import type { RecordedEvent } from './eventStore.js';

const recorded = (type: string, schemaVersion: number, data: Record<string, unknown>): RecordedEvent => ({
  id: 'e1',
  streamId: 's-1',
  revision: 0,
  type,
  schemaVersion,
  data,
  position: { commit: 1, prepare: 1 },
  recordedAt: '2026-11-20T00:00:00.000Z',
  metadata: { userId: 'u', username: 'u', role: 'admin', correlationId: 'c', causationId: null, occurredAt: '2026-11-20T00:00:00.000Z' },
});

describe('EventCatalog', () => {
  const V2 = defineEvent('NoteWritten', 2, z.object({ text: z.string(), lang: z.string() }), {
    1: (d) => ({ ...(d as object), lang: 'it' }),
  });
  const catalog = new EventCatalog([V2]);

  it('reads an old version through its upcaster', () => {
    expect(catalog.decode(recorded('NoteWritten', 1, { text: 'ciao' })).data).toEqual({ text: 'ciao', lang: 'it' });
  });
  it('stamps the current version on encode and rejects bad data', () => {
    expect(catalog.encode({ type: 'NoteWritten', data: { text: 'a', lang: 'en' } }).schemaVersion).toBe(2);
    expect(() => catalog.encode({ type: 'NoteWritten', data: { text: 1 } })).toThrow();
  });
  it('rejects a stored event that does not match its schema and an unknown type', () => {
    expect(() => catalog.decode(recorded('NoteWritten', 2, { text: 'x' }))).toThrow();
    expect(() => catalog.decode(recorded('Nope', 1, {}))).toThrow(UnknownEventTypeError);
  });
  it('looks for text the database cannot store unless the store vouches for the data as stored', () => {
    const lone = recorded('NoteWritten', 2, { text: 'a\uD800', lang: 'it' });
    const nul = recorded('NoteWritten', 2, { text: 'ok', lang: 'i\u0000t' });
    for (const e of [lone, nul]) {
      expect(() => catalog.decode(e)).toThrow('Il testo contiene caratteri non consentiti');
      expect(() => catalog.decode(e, { storableText: false })).toThrow('Il testo contiene caratteri non consentiti');
      // A store that vouches (PostgreSQL's jsonb cannot hold either) is taken at its word...
      expect(catalog.decode(e, { storableText: true }).data).toEqual(e.data);
    }
    // ...but not for data an upcaster made: that is looked at again.
    expect(() => catalog.decode(recorded('NoteWritten', 1, { text: 'a\uD800' }), { storableText: true })).toThrow('Il testo contiene caratteri non consentiti');
    // The fields' own checks hold either way.
    expect(() => catalog.decode(recorded('NoteWritten', 2, { text: 1, lang: 'it' }), { storableText: true })).toThrow();
  });
  it('refuses a type registered twice', () => {
    expect(() => new EventCatalog([V2, V2])).toThrow(/twice/);
  });
});
