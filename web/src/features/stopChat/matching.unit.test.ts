import { matchOption, normalizeName } from './matching.js';

const events = [
  { id: 1, name: 'Cambio formato' },
  { id: 2, name: 'Cambio lotto materiale' },
  { id: 3, name: 'Avvio linea dopo fermo' },
  { id: 4, name: 'Cambio turno' },
  { id: 5, name: 'Intervento di manutenzione' },
];

describe('typed text at a select step (§5)', () => {
  it('matches a name case-insensitively', () => {
    expect(matchOption('avvio linea dopo fermo', events)?.id).toBe(3);
    expect(matchOption('CAMBIO TURNO', events)?.id).toBe(4);
  });

  it('ignores surrounding spaces and repeated inner spaces', () => {
    expect(matchOption('  Cambio   formato \n', events)?.id).toBe(1);
  });

  it('accepts the start of exactly one name', () => {
    expect(matchOption('interv', events)?.id).toBe(5);
    expect(matchOption('Avvio', events)?.id).toBe(3);
  });

  it('refuses a start shared by several names', () => {
    expect(matchOption('cambio', events)).toBeNull();
  });

  it('prefers the exact name to a longer one that starts with it', () => {
    const opts = [
      { id: 1, name: 'Pulizia programmata' },
      { id: 2, name: 'Pulizia' },
    ];
    expect(matchOption('pulizia', opts)?.id).toBe(2);
  });

  it('refuses gibberish, the middle of a name and empty text', () => {
    expect(matchOption('xyzzy', events)).toBeNull();
    expect(matchOption('formato', events)).toBeNull();
    expect(matchOption('   ', events)).toBeNull();
    expect(matchOption('Cambio formato', [])).toBeNull();
  });

  it('uses Italian lower-casing for accented capitals', () => {
    expect(normalizeName('ÈSTATO  Così')).toBe('èstato così');
    expect(matchOption('è', [{ id: 1, name: 'È fermo' }])?.id).toBe(1);
  });
});
