import type { DbrAction } from '../api/dbrActions.js';
import { dailyActivitiesQuery, dbrScreenQuery } from './dbrQueries.js';
import { filterDbrActions, matchStored } from './dbrFilters.js';
import { canSubmit, dbrActionPayload } from './dbrForm.js';
import { counterText, equipmentText, executedTime, shiftSortValue, shiftText, supportText } from './dbrFormat.js';

const action = (over: Partial<DbrAction>): DbrAction => ({
  id: 1,
  due_date: '2030-06-05',
  equipment_name: 'Filler',
  activity: 'Pulire',
  owner: 'Rossi',
  support_by: null,
  due_shift: 11,
  due_shift_name: 'Turno A',
  executed_at: null,
  line_name: 'Linea 1',
  ...over,
});
const rows = [
  action({ id: 1 }),
  action({ id: 2, due_shift: 12, due_shift_name: 'Turno B' }),
  action({ id: 3, due_shift: null, due_shift_name: null }),
  action({ id: 4, equipment_name: 'Capper' }),
  action({ id: 5, equipment_name: null }),
];
const ids = (list: DbrAction[]) => list.map((a) => a.id);

describe('the list filters (foundations §4)', () => {
  it('keeps everything with Tutti and Tutti', () => {
    expect(ids(filterDbrActions(rows, { shiftId: null, equipmentName: '' }))).toEqual([1, 2, 3, 4, 5]);
  });
  it('keeps the shift’s actions and those with no shift', () => {
    expect(ids(filterDbrActions(rows, { shiftId: 12, equipmentName: '' }))).toEqual([2, 3]);
  });
  it('keeps the equipment’s actions and those with no equipment', () => {
    expect(ids(filterDbrActions(rows, { shiftId: null, equipmentName: 'Capper' }))).toEqual([4, 5]);
    expect(ids(filterDbrActions(rows, { shiftId: 11, equipmentName: 'Filler' }))).toEqual([1, 3, 5]);
  });
  it('finds the stored default by name, then by id', () => {
    const lines = [
      { id: 1, name: 'Linea 1' },
      { id: 2, name: 'Linea 2' },
    ];
    expect(matchStored(lines, 'Linea 2', '1')).toBe('2');
    expect(matchStored(lines, 'Linea 9', '1')).toBe('1');
    expect(matchStored(lines, '', '7')).toBe('');
    expect(matchStored(undefined, 'Linea 1', '1')).toBe('');
  });
});

describe('the list queries (foundations §7)', () => {
  const s = { shopFloorId: '1', day: '2030-06-05', lineName: 'Linea 1' };
  it('asks nothing until shop floor, day and line are set', () => {
    for (const missing of [{ shopFloorId: '' }, { day: '' }, { lineName: '' }]) {
      expect(dailyActivitiesQuery({ ...s, ...missing })).toBeNull();
      expect(dbrScreenQuery({ ...s, ...missing, shiftId: null })).toBeNull();
    }
  });
  it('daily activities: lines as a list (repeated keys), no shift', () => {
    expect(dailyActivitiesQuery(s)).toEqual({ shop_floor_id: '1', date_from: '2030-06-05', date_to: '2030-06-05', lines: ['Linea 1'] });
  });
  it('DBR screen: lines comma-joined, a shift with an extra empty entry', () => {
    expect(dbrScreenQuery({ ...s, shiftId: null })).toEqual({ shop_floor_id: '1', date_from: '2030-06-05', date_to: '2030-06-05', lines: 'Linea 1' });
    expect(dbrScreenQuery({ ...s, shiftId: 1000042 })).toMatchObject({ shifts: '1000042,' });
  });
});

describe('what the tables show', () => {
  it("shows '-' for an empty equipment, support or shift name", () => {
    const empty = action({ equipment_name: null, support_by: '', due_shift: null, due_shift_name: null });
    expect([equipmentText(empty), supportText(empty), shiftText(empty)]).toEqual(['-', '-', '-']);
    expect([equipmentText(rows[0]!), shiftText(rows[0]!), supportText(action({ support_by: 'Qualità' }))]).toEqual(['Filler', 'Turno A', 'Qualità']);
  });
  it('shows the execution time in Italian time, nothing while open', () => {
    expect(executedTime(action({ executed_at: '2030-06-05T09:41:00+02:00' }))).toBe('09:41');
    expect(executedTime(action({ executed_at: '2030-01-05T08:41:00Z' }))).toBe('09:41');
    expect(executedTime(action({}))).toBe('');
  });
  it("sorts shifts by their start and 'Fine gg' after them", () => {
    const starts = new Map([
      [11, '2030-06-05T06:00:00+02:00'],
      [12, '2030-06-05T14:00:00+02:00'],
    ]);
    const keys = rows.slice(0, 3).map((a) => shiftSortValue(a, starts));
    expect([...keys].sort()).toEqual(keys);
  });
  it('counts the activity out of 250', () => {
    expect(counterText('abc', 250)).toBe('3/250');
  });
});

describe('the insert form (foundations §5)', () => {
  it('is enabled only when owner and activity are not blank', () => {
    expect(canSubmit({ owner: 'Rossi', activity: 'Pulire' })).toBe(true);
    expect(canSubmit({ owner: '  ', activity: 'Pulire' })).toBe(false);
    expect(canSubmit({ owner: 'Rossi', activity: '\n ' })).toBe(false);
  });
  it("sends the spec's fields, trimmed; 'Fine gg' and 'Non specificato' as null", () => {
    const form = { day: '2030-06-05', shiftCode: '', lineId: '1', equipmentId: '', owner: ' Rossi ', supportBy: ' ', activity: ' Pulire ' };
    expect(dbrActionPayload(form, { lineName: 'Linea 1', shiftId: null, shopFloorId: '1' })).toEqual({
      day: '2030-06-05',
      due_shift: null,
      line: 'Linea 1',
      equipment: null,
      owner: 'Rossi',
      supportBy: '',
      activity: 'Pulire',
      shop_floor_id: 1,
      target_equipment: null,
      target_stop_code: null,
    });
    expect(
      dbrActionPayload({ ...form, equipmentId: '2', targetEquipmentId: '1', targetStopCodeId: '7' }, { lineName: 'Linea 1', shiftId: 1000001, shopFloorId: '' }),
    ).toMatchObject({
      due_shift: 1000001,
      equipment: 2,
      shop_floor_id: null,
      target_equipment: 1,
      target_stop_code: 7,
    });
  });
});
