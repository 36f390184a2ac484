import { dbrCsvFilters } from './dbrFilters.js';

describe('dbrCsvFilters', () => {
  it('writes the day, shift, line and machine chosen', () => {
    const shift = { id: 11, name: 'Turno A', code: 'A', shift_day: '2031-06-10', start_time: '', end_time: '' };
    expect(dbrCsvFilters({ day: '2031-06-10', shift, line: { id: 1, name: 'Linea 1' }, equipment: null } as never)).toEqual([
      ['Data', '10/06/2031'],
      ['Turno', 'Turno A'],
      ['Linea', 'Linea 1'],
      ['Macchina', 'Tutte'],
    ]);
  });
  it('says Tutti when no shift is chosen', () => {
    expect(dbrCsvFilters({ day: '2031-06-10', shift: null, line: null, equipment: { id: 3, name: 'Filler' } } as never)[1]).toEqual(['Turno', 'Tutti']);
  });
});
