import { StopTextJournal, undoWrites, type StopTextSnapshot } from './stopTextJournal.js';

const snapshot: StopTextSnapshot = {
  planned: new Map([
    [11, { notes: 'Cambio filtri' }],
    [12, { notes: null }],
  ]),
  unplanned: new Map([[21, { failure_mode: 'Tappo storto', corrective_action: 'Riallineato' }]]),
};

describe('undoing the stop texts of an improvement edit', () => {
  it('writes back each saved text as it was when the edit began; a missing note is written as empty', () => {
    const writes = undoWrites(
      [
        { kind: 'unplanned', id: 21, field: 'corrective_action' },
        { kind: 'planned', id: 12, field: 'notes' },
        { kind: 'planned', id: 11, field: 'notes' },
      ],
      snapshot,
    );
    expect(writes).toEqual([
      { kind: 'unplanned', id: 21, field: 'corrective_action', text: 'Riallineato' },
      { kind: 'planned', id: 12, field: 'notes', text: '' },
      { kind: 'planned', id: 11, field: 'notes', text: 'Cambio filtri' },
    ]);
  });

  it('leaves alone a stop it did not know when the edit began, and an unknown field', () => {
    expect(
      undoWrites(
        [
          { kind: 'planned', id: 99, field: 'notes' },
          { kind: 'unplanned', id: 21, field: 'start_time' },
        ],
        snapshot,
      ),
    ).toEqual([]);
  });

  it('notes each text once, failed saves included, and waits for the saves still running', async () => {
    const journal = new StopTextJournal();
    let finish: (v: string) => void = () => undefined;
    const running = journal.track({ kind: 'planned', id: 11, field: 'notes' }, new Promise<string>((r) => (finish = r)));
    await journal.track({ kind: 'planned', id: 11, field: 'notes' }, Promise.resolve('x'));
    await expect(journal.track({ kind: 'unplanned', id: 21, field: 'failure_mode' }, Promise.reject(new Error('rete')))).rejects.toThrow('rete');
    let settled = false;
    const waiting = journal.settled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    finish('y');
    await running;
    await waiting;
    expect(settled).toBe(true);
    expect(journal.texts()).toEqual([
      { kind: 'planned', id: 11, field: 'notes' },
      { kind: 'unplanned', id: 21, field: 'failure_mode' },
    ]);
  });
});
