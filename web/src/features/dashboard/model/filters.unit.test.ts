import {
  canQuery,
  lossFilterParams,
  stopListShiftParams,
  describeFilters,
  groupShiftsByName,
  nextShiftSelection,
  reconcileShiftChoice,
  selectedShiftCodes,
  selectedShiftIds,
  settleQuery,
  shiftsRangeParams,
  specShiftParams,
  type FilterInputs,
} from './filters.js';

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

describe('shifts-range parameters', () => {
  it('send extraShift as the shop floor manages it (§7)', () => {
    expect(shiftsRangeParams('1', { from: '2030-01-01', to: '2030-01-02' }, true)).toEqual({
      shop_floor_id: '1',
      date_from: '2030-01-01',
      date_to: '2030-01-02',
      extraShift: 'true',
    });
    expect(shiftsRangeParams('1', { from: '2030-01-01', to: '2030-01-01' }, false)).toEqual({
      shop_floor_id: '1',
      date_from: '2030-01-01',
      date_to: '2030-01-01',
      extraShift: 'false',
    });
  });
  it('ask nothing while a date is missing or the range is reversed', () => {
    expect(shiftsRangeParams('1', { from: '', to: '2030-01-02' }, false)).toBeNull();
    expect(shiftsRangeParams('1', { from: '2030-01-03', to: '2030-01-02' }, false)).toBeNull();
    expect(shiftsRangeParams('', { from: '2030-01-01', to: '2030-01-02' }, false)).toBeNull();
  });
});

describe('one round of calls per change: the query settles only with the new days’ shift list', () => {
  const DAY_1 = [
    { id: 11, name: 'Turno A' },
    { id: 12, name: 'Turno B' },
  ];
  const DAY_2 = [
    { id: 21, name: 'Turno A' },
    { id: 22, name: 'Turno B' },
  ];
  const base: FilterInputs = {
    shopFloorId: '1',
    lineNames: ['Linea 1'],
    lineIds: [1],
    range: { from: '2030-01-01', to: '2030-01-01' },
    shiftsKey: 'k1',
    loaded: { key: 'k1', shifts: DAY_1 },
    shiftsFailed: false,
    choice: { names: ['Turno B'], key: 'k1' },
  };

  it('asks with the chosen names’ ids of the loaded list', () => {
    expect(settleQuery(base)).toEqual({
      settled: true,
      query: { shopFloorId: '1', lineNames: ['Linea 1'], lineIds: [1], shiftIds: [12], dateFrom: '2030-01-01', dateTo: '2030-01-01' },
    });
  });

  it('does not settle while the new dates’ list is loading: the previous list is not taken for it', () => {
    const moved = { ...base, range: { from: '2030-01-02', to: '2030-01-02' }, shiftsKey: 'k2' };
    expect(settleQuery(moved)).toEqual({ settled: false, query: null });
    expect(reconcileShiftChoice(moved.choice, 'k2', moved.loaded)).toBe(moved.choice);
  });

  it('settles with the new ids once the new list is loaded and the names reconciled with it', () => {
    const loaded = { key: 'k2', shifts: DAY_2 };
    const choice = reconcileShiftChoice(base.choice, 'k2', loaded);
    expect(choice).toEqual({ names: ['Turno B'], key: 'k2' });
    expect(settleQuery({ ...base, range: { from: '2030-01-02', to: '2030-01-02' }, shiftsKey: 'k2', loaded, choice: base.choice }).settled).toBe(false);
    expect(settleQuery({ ...base, range: { from: '2030-01-02', to: '2030-01-02' }, shiftsKey: 'k2', loaded, choice }).query?.shiftIds).toEqual([22]);
  });

  it('keeps a choice already reconciled with the list (a box unticked stays unticked)', () => {
    const none = { names: [], key: 'k1' };
    expect(reconcileShiftChoice(none, 'k1', base.loaded)).toBe(none);
    expect(reconcileShiftChoice({ names: [], key: 'k0' }, 'k1', base.loaded)).toEqual({ names: ['Turno A', 'Turno B'], key: 'k1' });
  });

  it('settles with no query for no line, a failed list, or no list to ask', () => {
    expect(settleQuery({ ...base, lineNames: [], lineIds: [] })).toEqual({ settled: true, query: null });
    expect(settleQuery({ ...base, shiftsKey: 'k2', shiftsFailed: true })).toEqual({ settled: true, query: null });
    expect(settleQuery({ ...base, range: { from: '', to: '2030-01-01' }, shiftsKey: '', loaded: undefined })).toEqual({ settled: true, query: null });
  });
});

describe('selectedShiftCodes', () => {
  const coded = [
    { id: 11, name: 'Turno A', code: 'A' },
    { id: 12, name: 'Turno B', code: 'B' },
    { id: 21, name: 'Turno A', code: 'A' },
    { id: 22, name: 'Turno B bis', code: 'B' },
  ];

  it('gives the codes when the names chosen are every listed shift of them', () => {
    expect(selectedShiftCodes(['Turno A'], coded)).toEqual(['A']);
    expect(selectedShiftCodes(['Turno A', 'Turno B', 'Turno B bis'], coded)).toEqual(['A', 'B']);
  });

  it('gives none when a code is only partly chosen or a shift has no code', () => {
    expect(selectedShiftCodes(['Turno B'], coded)).toBeUndefined();
    expect(selectedShiftCodes(['Turno A'], TWO_DAYS)).toBeUndefined();
  });
});

describe('the loss analysis’s and the stop list’s shift parameters', () => {
  const base = { shopFloorId: '1', lineNames: ['Linea 1', 'Linea 2'], lineIds: [1, 2], shiftIds: [11, 12, 13], dateFrom: '2030-01-01', dateTo: '2030-12-31' };
  it('names the codes when the choice covers whole codes, so a year is not refused', () => {
    const q = { ...base, shiftCodes: ['A', 'C'] };
    expect(lossFilterParams(q)).toEqual({ shop_floor_id: '1', lines: 'Linea 1,Linea 2', shift_codes: 'A,C', date_from: '2030-01-01', date_to: '2030-12-31' });
    expect(stopListShiftParams(q)).toEqual({ shift_codes: 'A,C' });
    expect(stopListShiftParams(q, { code: 'C', ids: [13] })).toEqual({ shift_codes: 'C' });
  });
  it('names the ids otherwise', () => {
    expect(lossFilterParams(base)).toEqual({ shop_floor_id: '1', lines: 'Linea 1,Linea 2', shifts: '11,12,13', date_from: '2030-01-01', date_to: '2030-12-31' });
    expect(stopListShiftParams(base)).toEqual({ shift_id: [11, 12, 13] });
    expect(stopListShiftParams(base, { code: 'C', ids: [13] })).toEqual({ shift_id: [13] });
  });
});

describe('the shifts of the spec’s calls (summary, stop list, DBR actions)', () => {
  const base = { shopFloorId: '1', lineNames: ['Linea 1'], lineIds: [1], dateFrom: '2030-01-01', dateTo: '2030-12-31' };
  const year = Array.from({ length: 1095 }, (_, i) => i + 1);
  it('sends the ids as the spec’s call table says while they fit in a list of 1,000', () => {
    const q = { ...base, shiftIds: [11, 12, 13], shiftCodes: ['A', 'B', 'C'] };
    expect(specShiftParams(q, 'shifts', (ids) => ids.join(','))).toEqual({ shifts: '11,12,13' });
    expect(specShiftParams(q, 'shifts', (ids) => `${ids.join(',')},`)).toEqual({ shifts: '11,12,13,' });
    expect(specShiftParams(q, 'shift_id', (ids) => ids)).toEqual({ shift_id: [11, 12, 13] });
    const thousand = { ...q, shiftIds: year.slice(0, 1000) };
    expect(specShiftParams(thousand, 'shift_id', (ids) => ids)).toEqual({ shift_id: year.slice(0, 1000) });
  });
  it('sends the codes past 1,000 ids (a year of three shifts), when the choice is every shift of them', () => {
    expect(specShiftParams({ ...base, shiftIds: year, shiftCodes: ['A', 'C'] }, 'shifts', (ids) => ids.join(','))).toEqual({ shift_codes: 'A,C' });
    // Without codes standing for the same shifts the ids are sent (and the server says the list is too long).
    expect(specShiftParams({ ...base, shiftIds: year }, 'shift_id', (ids) => ids)).toEqual({ shift_id: year });
  });
});
