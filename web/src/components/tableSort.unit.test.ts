import { applyTableView, compareCells, matchesSearch, nextSort, paddedSortKey, viewRowIndexes, type ColumnModel, type SortKey } from './tableSort.js';

describe('compareCells (foundations §2: numbers compared as zero-padded strings)', () => {
  it('orders downtime texts by the number in them', () => {
    expect(compareCells('9 min', '10 min')).toBe(-1);
    expect(compareCells('120 min', '15 min')).toBe(1);
    expect(['10 min', '2 min', '100 min', '9 min'].sort(compareCells)).toEqual(['2 min', '9 min', '10 min', '100 min']);
  });

  it('orders times and numbered names naturally', () => {
    expect(compareCells('08:05', '14:30')).toBe(-1);
    expect(['Linea 10', 'Linea 2', 'Linea 1'].sort(compareCells)).toEqual(['Linea 1', 'Linea 2', 'Linea 10']);
  });

  it('ignores case and uses Italian collation', () => {
    expect(compareCells('capper', 'Capper')).toBe(0);
    expect(compareCells('Filler', 'cartoner')).toBe(1);
    expect(['zeta', 'Èrba', 'alfa'].sort(compareCells)).toEqual(['alfa', 'Èrba', 'zeta']);
  });

  it('compares two numbers numerically, decimals included', () => {
    expect(compareCells(12.5, 12.25)).toBe(1);
    expect(compareCells(3, 3)).toBe(0);
    expect(compareCells(-1, 2)).toBe(-1);
  });

  it('puts empty values first', () => {
    expect(compareCells('', 'a')).toBe(-1);
    expect(compareCells(null, undefined)).toBe(0);
    expect(compareCells('a', null)).toBe(1);
    expect(compareCells(0, null)).toBe(1);
  });

  it('pads every run of digits', () => {
    expect(paddedSortKey('Turno 3 - 45 Min')).toBe('turno 000000000000003 - 000000000000045 min');
  });
});

describe('matchesSearch (case-insensitive contains)', () => {
  it('matches a part of the text in any case', () => {
    expect(matchesSearch('Pulizia Riempitrice', 'riemp')).toBe(true);
    expect(matchesSearch('Pulizia Riempitrice', 'CAPPER')).toBe(false);
  });

  it('treats a blank query as no filter and ignores blanks around it', () => {
    expect(matchesSearch('x', '')).toBe(true);
    expect(matchesSearch('x', '   ')).toBe(true);
    expect(matchesSearch('Turno A', ' turno a ')).toBe(true);
  });
});

interface Action {
  id: number;
  due_date: string;
  shift: string;
  device: string;
  activity: string;
  owner: string;
  downtime: string;
}

const columns: ColumnModel<Action>[] = [
  { id: 'date', value: (r) => r.due_date.split('-').reverse().join('/'), sortValue: (r) => r.due_date },
  { id: 'shift', value: (r) => r.shift || '-' },
  { id: 'device', value: (r) => r.device || '-' },
  { id: 'activity', value: (r) => r.activity },
  { id: 'owner', value: (r) => r.owner },
  { id: 'downtime', value: (r) => r.downtime },
  { id: 'delete', searchable: false, sortable: false },
];

const rows: Action[] = [
  { id: 1, due_date: '2025-03-03', shift: 'Turno B', device: 'Filler', activity: 'Pulizia', owner: 'Rossi', downtime: '10 min' },
  { id: 2, due_date: '2025-02-28', shift: 'Turno A', device: 'Capper', activity: 'Verifica', owner: 'bianchi', downtime: '9 min' },
  { id: 3, due_date: '2025-03-01', shift: 'Turno A', device: '', activity: 'Lubrificazione', owner: 'Verdi', downtime: '120 min' },
  { id: 4, due_date: '2025-03-01', shift: 'Turno A', device: 'Capper', activity: 'Controllo', owner: 'Neri', downtime: '15 min' },
];

const ids = (list: Action[]) => list.map((r) => r.id);
const dailyDefault: SortKey[] = [
  { column: 'shift', direction: 'asc' },
  { column: 'device', direction: 'asc' },
  { column: 'activity', direction: 'asc' },
  { column: 'owner', direction: 'asc' },
];

describe('applyTableView: search then sort', () => {
  it('keeps the input order with no search and no sort', () => {
    expect(ids(applyTableView(rows, columns, {}, []))).toEqual([1, 2, 3, 4]);
  });

  it('sorts by the daily activities default: shift, device, activity, owner', () => {
    expect(ids(applyTableView(rows, columns, {}, dailyDefault))).toEqual([3, 4, 2, 1]);
  });

  it('sorts downtime descending by its number (the root-cause default)', () => {
    expect(ids(applyTableView(rows, columns, {}, [{ column: 'downtime', direction: 'desc' }]))).toEqual([3, 4, 1, 2]);
  });

  it('sorts a date column by its sort value, not the dd/mm/yyyy text', () => {
    expect(ids(applyTableView(rows, columns, {}, [{ column: 'date', direction: 'asc' }]))).toEqual([2, 3, 4, 1]);
  });

  it('keeps the original order between equal rows', () => {
    expect(ids(applyTableView(rows, columns, {}, [{ column: 'shift', direction: 'asc' }]))).toEqual([2, 3, 4, 1]);
    expect(ids(applyTableView(rows, columns, {}, [{ column: 'shift', direction: 'desc' }]))).toEqual([1, 2, 3, 4]);
  });

  it('filters each column on its own text, all searches together', () => {
    expect(ids(applyTableView(rows, columns, { device: 'CAP' }, []))).toEqual([2, 4]);
    expect(ids(applyTableView(rows, columns, { device: 'cap', activity: 'contr' }, []))).toEqual([4]);
    expect(ids(applyTableView(rows, columns, { device: '-' }, []))).toEqual([3]);
    expect(ids(applyTableView(rows, columns, { date: '01/03' }, []))).toEqual([3, 4]);
  });

  it('ignores searches on columns that opt out, and unknown sort keys', () => {
    expect(ids(applyTableView(rows, columns, { delete: 'x' }, [{ column: 'nope', direction: 'asc' }]))).toEqual([1, 2, 3, 4]);
  });

  it('returns nothing when no row matches', () => {
    expect(applyTableView(rows, columns, { owner: 'Gialli' }, dailyDefault)).toEqual([]);
  });

  it('sorts on extra keys that are not columns (DBR actions: shift, equipment, then id)', () => {
    const sort: SortKey[] = [
      { column: 'shift', direction: 'asc' },
      { column: 'device', direction: 'asc' },
      { column: 'id', direction: 'desc' },
    ];
    const shuffled = [rows[3], rows[1], rows[0], rows[2]] as Action[];
    expect(ids(applyTableView(shuffled, columns, {}, sort, { id: (r) => r.id }))).toEqual([3, 4, 2, 1]);
  });

  it('gives the original indexes of the shown rows', () => {
    expect(viewRowIndexes(rows, columns, { shift: 'a' }, [{ column: 'downtime', direction: 'asc' }])).toEqual([1, 3, 2]);
  });
});

describe('nextSort (header clicks)', () => {
  it('makes a new column the first key, ascending, followed by the default keys', () => {
    expect(nextSort(dailyDefault, 'activity', dailyDefault)).toEqual([
      { column: 'activity', direction: 'asc' },
      { column: 'shift', direction: 'asc' },
      { column: 'device', direction: 'asc' },
      { column: 'owner', direction: 'asc' },
    ]);
  });

  it('toggles the direction of the column already first', () => {
    const once = nextSort(dailyDefault, 'shift', dailyDefault);
    expect(once[0]).toEqual({ column: 'shift', direction: 'desc' });
    expect(nextSort(once, 'shift', dailyDefault)[0]).toEqual({ column: 'shift', direction: 'asc' });
  });

  it('starts ascending on a column whose default was descending once another column was chosen', () => {
    const rca: SortKey[] = [{ column: 'downtime', direction: 'desc' }];
    expect(nextSort(rca, 'downtime', rca)).toEqual([{ column: 'downtime', direction: 'asc' }]);
    const byDate = nextSort(rca, 'date', rca);
    expect(byDate).toEqual([
      { column: 'date', direction: 'asc' },
      { column: 'downtime', direction: 'desc' },
    ]);
    expect(nextSort(byDate, 'downtime', rca)).toEqual([{ column: 'downtime', direction: 'asc' }]);
  });

  it('works with no default sort', () => {
    expect(nextSort([], 'owner', [])).toEqual([{ column: 'owner', direction: 'asc' }]);
  });
});

describe('viewRowIndexes orders as compareCells does', () => {
  const column: ColumnModel<string>[] = [{ id: 'v', value: (r) => r }];
  const sorted = (rows: string[]) => viewRowIndexes(rows, column, {}, [{ column: 'v', direction: 'asc' }]).map((i) => rows[i]);

  it('orders ISO times and same-shaped codes by their digits', () => {
    const times = ['2025-03-03T14:05:00Z', '2025-03-03T06:00:00Z', '2025-02-28T23:59:00Z', '2025-03-03T14:05:00Z'];
    expect(sorted(times)).toEqual(['2025-02-28T23:59:00Z', '2025-03-03T06:00:00Z', '2025-03-03T14:05:00Z', '2025-03-03T14:05:00Z']);
    expect(sorted(['L-10', 'L-9', 'l-100', 'L-09'])).toEqual(['L-9', 'L-09', 'L-10', 'l-100']);
  });

  it('keeps Italian collation for texts of different shapes', () => {
    expect(sorted(['perno', 'Éxtra', 'ago', 'Zeta', 'élite', '_nota'])).toEqual(['_nota', 'ago', 'élite', 'Éxtra', 'perno', 'Zeta']);
    expect(sorted(['b-1', 'a_1', 'a-1', 'B-1'])).toEqual(['a_1', 'a-1', 'b-1', 'B-1']);
  });
});
