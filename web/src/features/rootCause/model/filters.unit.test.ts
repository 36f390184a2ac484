import { buildUnplannedStopsQuery, daysInRange, defaultDateRange, initialLineSelection, rangeProblem, toggleLine } from './filters.js';
import { buildUrl } from '../../../lib/api.js';
import { canWriteRootCause } from './permissions.js';

describe('defaultDateRange: the last 30 days up to today', () => {
  it('starts 29 days before today, both ends included', () => {
    expect(defaultDateRange('2031-06-10')).toEqual({ from: '2031-05-12', to: '2031-06-10' });
    expect(daysInRange(defaultDateRange('2031-06-10'))).toBe(30);
  });

  it('crosses months, years and leap days', () => {
    expect(defaultDateRange('2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(defaultDateRange('2031-01-05').from).toBe('2030-12-07');
  });
});

describe('rangeProblem', () => {
  it('accepts a valid range up to 366 days', () => {
    expect(rangeProblem({ from: '2031-06-10', to: '2031-06-10' })).toBeNull();
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
  });

  it('names an incomplete, reversed or too long range', () => {
    expect(rangeProblem({ from: '', to: '2031-06-10' })).toBe('Indica entrambe le date del periodo.');
    expect(rangeProblem({ from: '2031-02-30', to: '2031-03-10' })).toBe('Indica entrambe le date del periodo.');
    expect(rangeProblem({ from: '2031-06-11', to: '2031-06-10' })).toBe('La data iniziale segue la data finale.');
    expect(rangeProblem({ from: '2030-01-01', to: '2031-01-02' })).toBe('Intervallo troppo lungo: al massimo 366 giorni');
  });
});

describe('line selection', () => {
  const lines = ['1', '2', '3'];

  it('preselects the default line when the shop floor has it, else nothing', () => {
    expect(initialLineSelection(lines, '2')).toEqual(['2']);
    expect(initialLineSelection(lines, ' 2 ')).toEqual(['2']);
    expect(initialLineSelection(lines, '7')).toEqual([]);
    expect(initialLineSelection(lines, '')).toEqual([]);
    expect(initialLineSelection(lines, null)).toEqual([]);
  });

  it('ticks and unticks keeping the lines order, without duplicates', () => {
    expect(toggleLine(['3'], '1', true, lines)).toEqual(['1', '3']);
    expect(toggleLine(['1', '3'], '1', true, lines)).toEqual(['1', '3']);
    expect(toggleLine(['1', '3'], '3', false, lines)).toEqual(['1']);
    expect(toggleLine(['1'], '1', false, lines)).toEqual([]);
  });
});

describe('buildUnplannedStopsQuery (GET /factory/stop_events/unplanned)', () => {
  const range = { from: '2031-05-12', to: '2031-06-10' };

  it('sends shop_floor_id, date_from, date_to and lines_id repeated, sorted', () => {
    const query = buildUnplannedStopsQuery({ shopFloorId: '1', range, lineIds: ['3', '1', '3'] });
    expect(query).toEqual({ shop_floor_id: '1', date_from: '2031-05-12', date_to: '2031-06-10', lines_id: ['1', '3'] });
    expect(buildUrl('/factory/stop_events/unplanned', query!)).toBe('/factory/stop_events/unplanned?shop_floor_id=1&date_from=2031-05-12&date_to=2031-06-10&lines_id=1&lines_id=3');
  });

  it('makes no call with no line, no shop floor or a bad range', () => {
    expect(buildUnplannedStopsQuery({ shopFloorId: '1', range, lineIds: [] })).toBeNull();
    expect(buildUnplannedStopsQuery({ shopFloorId: '1', range, lineIds: ['', 'x'] })).toBeNull();
    expect(buildUnplannedStopsQuery({ shopFloorId: '', range, lineIds: ['1'] })).toBeNull();
    expect(buildUnplannedStopsQuery({ shopFloorId: '1', range: { from: '2031-06-11', to: '2031-06-10' }, lineIds: ['1'] })).toBeNull();
    expect(buildUnplannedStopsQuery({ shopFloorId: '1', range: { from: '2030-01-01', to: '2031-06-10' }, lineIds: ['1'] })).toBeNull();
  });
});

describe('canWriteRootCause', () => {
  it('follows the improvement section of the role table', () => {
    expect(['support', 'demoit', 'demoen', 'admin'].map(canWriteRootCause)).toEqual([true, true, true, true]);
    expect(canWriteRootCause('frontline')).toBe(false);
  });

  it('lets an unknown or not yet loaded role try (the server decides)', () => {
    expect(canWriteRootCause(null)).toBe(true);
    expect(canWriteRootCause('')).toBe(true);
    expect(canWriteRootCause('someone')).toBe(true);
    expect(canWriteRootCause('constructor')).toBe(true);
  });
});
