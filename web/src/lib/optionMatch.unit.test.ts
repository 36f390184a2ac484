import { matchOption, normalizeName } from './optionMatch.js';

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

describe('typed text in the assistants (accents ignored)', () => {
  const how = { ignoreAccents: true };
  const answers = [
    { id: 'yes', name: 'Sì' },
    { id: 'no', name: 'No' },
  ];

  it('reads "si", "SI" and "sì" as Sì', () => {
    expect(matchOption('si', answers, how)?.id).toBe('yes');
    expect(matchOption('SI', answers, how)?.id).toBe('yes');
    expect(matchOption('sì', answers, how)?.id).toBe('yes');
  });

  it('folds accents on both sides, keeps prefixes and refusals', () => {
    const acts = [
      { id: 1, name: 'Pulizia ugelli' },
      { id: 2, name: 'Verifica tenuta' },
    ];
    expect(matchOption('PULIZIA UGELLI', acts, how)?.id).toBe(1);
    expect(matchOption('verìfica', acts, how)?.id).toBe(2);
    expect(matchOption('ugelli', acts, how)).toBeNull();
  });

  it('still tells accents apart when not asked to ignore them', () => {
    expect(matchOption('si', answers)).toBeNull();
    expect(normalizeName('Attività  Già', { ignoreAccents: true })).toBe('attivita gia');
  });
});
