import { needsStationSetup } from './station.js';

const full = { shop_floor_id: '1', line_id: '2', equipment_id: '3' };

describe('needsStationSetup (spec §4 Login, §5 Setup completion)', () => {
  it('is false when shop floor, line and equipment are stored', () => {
    expect(needsStationSetup('frontline', full)).toBe(false);
  });

  it('asks a non-support role for the equipment', () => {
    expect(needsStationSetup('frontline', { ...full, equipment_id: null })).toBe(true);
    expect(needsStationSetup('admin', { ...full, equipment_id: '  ' })).toBe(true);
  });

  it('lets the support role go without equipment', () => {
    expect(needsStationSetup('support', { ...full, equipment_id: null })).toBe(false);
  });

  it('asks every role for shop floor and line', () => {
    expect(needsStationSetup('support', { ...full, shop_floor_id: null })).toBe(true);
    expect(needsStationSetup('support', { ...full, line_id: '' })).toBe(true);
    expect(needsStationSetup('frontline', {})).toBe(true);
  });
});
