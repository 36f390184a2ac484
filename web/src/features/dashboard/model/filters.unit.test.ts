import { canQuery, describeFilters, groupShiftsByName, nextShiftSelection, selectedShiftIds } from './filters.js';

const TWO_DAYS = [
  { id: 11, name: 'Turno A' },
  { id: 12, name: 'Turno B' },
  { id: 13, name: 'Turno C' },
  { id: 21, name: 'Turno A' },
  { id: 22, name: 'Turno B' },
  { id: 23, name: 'Turno C' },
];

describe('shift checkboxes grouped by name', () => {
  it('gives one box per name covering every id of that name', () => {
    expect(groupShiftsByName(TWO_DAYS)).toEqual([
      { name: 'Turno A', ids: [11, 21] },
      { name: 'Turno B', ids: [12, 22] },
      { name: 'Turno C', ids: [13, 23] },
    ]);
    expect(selectedShiftIds(['Turno B'], TWO_DAYS)).toEqual([12, 22]);
  });
});

describe('shift selection when the dates change', () => {
  it('selects every name when none was selected', () => expect(nextShiftSelection([], TWO_DAYS)).toEqual(['Turno A', 'Turno B', 'Turno C']));
  it('keeps the selection by name, dropping names no longer offered', () => {
    expect(
      nextShiftSelection(
        ['Turno B'],
        [
          { id: 31, name: 'Turno A' },
          { id: 32, name: 'Turno B' },
        ],
      ),
    ).toEqual(['Turno B']);
    expect(nextShiftSelection(['Turno C', 'Turno A'], [{ id: 31, name: 'Turno A' }])).toEqual(['Turno A']);
  });
});

describe('data calls', () => {
  it('only with lines, shifts and both dates', () => {
    expect(canQuery(['Linea 1'], [1], '2030-01-01', '2030-01-02')).toBe(true);
    expect(canQuery([], [1], '2030-01-01', '2030-01-02')).toBe(false);
    expect(canQuery(['Linea 1'], [], '2030-01-01', '2030-01-02')).toBe(false);
    expect(canQuery(['Linea 1'], [1], '', '2030-01-02')).toBe(false);
    expect(canQuery(['Linea 1'], [1], '2030-01-03', '2030-01-02')).toBe(false);
  });
});

describe('describeFilters', () => {
  it('writes lines, shifts and the Italian dates as pairs', () => {
    expect(describeFilters(['Linea 1', 'Linea 2'], ['Turno A', 'Turno C'], '2031-06-01', '2031-06-30')).toEqual([
      ['Linee', 'Linea 1, Linea 2'],
      ['Turni', 'Turno A, Turno C'],
      ['Dal', '01/06/2031'],
      ['Al', '30/06/2031'],
    ]);
  });
});
