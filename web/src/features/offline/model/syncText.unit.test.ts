import { syncText } from './syncText.js';

describe('syncText', () => {
  it.each([
    [{ online: false, pending: 2, synced: false }, 'Offline · 2 modifiche in attesa'],
    [{ online: false, pending: 1, synced: true }, 'Offline · 1 modifica in attesa'],
    [{ online: false, pending: 0, synced: false }, 'Offline · nessuna modifica in attesa'],
    [{ online: true, pending: 3, synced: true }, 'Sincronizzazione · 3 modifiche in attesa'],
    [{ online: true, pending: 0, synced: true }, 'Sincronizzato'],
  ])('%j says %s', (facts, text) => {
    expect(syncText(facts)?.text).toBe(text);
  });

  it('says nothing online before anything waited', () => {
    expect(syncText({ online: true, pending: 0, synced: false })).toBeNull();
  });
});
