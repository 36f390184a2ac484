import { namedOptions, stationOptions } from './stationOptions.js';

const equipments = [
  { id: 1, name: 'Filler' },
  { id: 2, name: 'Capper' },
];

describe('stationOptions (foundations §2 Setup: Stazione labelled with the reference machine)', () => {
  it("names the equipment first and the line's reference machine after it", () => {
    expect(stationOptions(equipments, 'Riempitrice L1')).toEqual([
      { value: '1', label: 'Filler (rif. Riempitrice L1)' },
      { value: '2', label: 'Capper (rif. Riempitrice L1)' },
    ]);
  });

  it('reads the same for a line with one equipment', () => {
    expect(stationOptions([{ id: 7, name: 'Filler' }], 'Riempitrice L3')).toEqual([{ value: '7', label: 'Filler (rif. Riempitrice L3)' }]);
  });

  it('falls back to the equipment name while the reference machine is unknown', () => {
    expect(stationOptions(equipments, undefined).map((o) => o.label)).toEqual(['Filler', 'Capper']);
    expect(stationOptions(equipments, '  ').map((o) => o.label)).toEqual(['Filler', 'Capper']);
  });

  it('does not repeat a name equal to the reference machine', () => {
    expect(
      stationOptions(
        [
          { id: 1, name: 'Filler' },
          { id: 2, name: 'Capper' },
        ],
        'Filler',
      )[0]?.label,
    ).toBe('Filler');
  });
});

describe('namedOptions', () => {
  it('turns ids into string values', () => {
    expect(namedOptions([{ id: 3, name: 'Linea 3' }])).toEqual([{ value: '3', label: 'Linea 3' }]);
    expect(namedOptions(undefined)).toEqual([]);
  });
});
