import { chainRevision, type QueuedWrite } from './outboxStore.js';

const write = (id: string, revision: number, extra: Partial<QueuedWrite> = {}): QueuedWrite => ({
  id,
  method: 'POST',
  path: '/factory/shift_notes/save',
  body: { notes: id, revision },
  label: 'Note del turno',
  content: id,
  doc: 'shift-note|Linea 1|2031-06-10|A',
  tried: false,
  at: '2031-06-10T08:00:00Z',
  ...extra,
});

describe('chainRevision', () => {
  it('moves the later untried saves of the same report made on the sent revision to the answered one', () => {
    const sent = write('a', 3, { tried: true });
    const later = [write('b', 3), write('c', 2), write('d', 3, { tried: true }), write('e', 3, { doc: 'other' })];
    chainRevision(later, sent, { revision: 4 });
    expect(later.map((w) => (w.body as { revision: number }).revision)).toEqual([4, 2, 3, 3]);
  });

  it('leaves writes without a revision alone', () => {
    const later = [write('b', 3)];
    chainRevision(later, write('a', 3, { body: { id: 1 } }), { revision: 4 });
    chainRevision(later, write('a', 3), { id: 1 });
    expect((later[0]!.body as { revision: number }).revision).toBe(3);
  });
});
