import { chatStart, needsLineLookup } from './start.js';

const station = { shopFloorId: '1', shopFloorName: 'Confezionamento', lineId: '1', lineName: 'Linea 1', equipmentId: '2', equipmentName: 'Capper' };
const lines = [
  { id: 1, name: 'Linea 1' },
  { id: 2, name: 'Linea 2' },
];

describe('pre-answers from the default station (§4.2, §4.3)', () => {
  it('pre-answers line and equipment', () => {
    expect(chatStart(station, null)).toEqual({ line: { id: 1, name: 'Linea 1' }, equipment: { id: 2, name: 'Capper' } });
  });

  it('pre-answers only the line for a station without equipment (support)', () => {
    expect(chatStart({ ...station, equipmentId: '', equipmentName: '' }, null)).toEqual({ line: { id: 1, name: 'Linea 1' }, equipment: null });
  });

  it('pre-answers nothing without a station line', () => {
    expect(chatStart({ ...station, lineId: '', lineName: '' }, null)).toEqual({ line: null, equipment: null });
    expect(chatStart({ ...station, lineId: 'abc' }, null)).toEqual({ line: null, equipment: null });
  });

  it("takes the line log's other line and asks the equipment", () => {
    expect(needsLineLookup(station, '2')).toBe(true);
    expect(chatStart(station, '2', lines)).toEqual({ line: { id: 2, name: 'Linea 2' }, equipment: null });
  });

  it("keeps the station when the line log's line is the station's, unknown or malformed", () => {
    expect(needsLineLookup(station, '1')).toBe(false);
    expect(needsLineLookup(station, null)).toBe(false);
    expect(needsLineLookup(station, 'x')).toBe(false);
    expect(chatStart(station, '1', lines).equipment).toEqual({ id: 2, name: 'Capper' });
    expect(chatStart(station, '9', lines)).toEqual({ line: { id: 1, name: 'Linea 1' }, equipment: { id: 2, name: 'Capper' } });
  });
});
