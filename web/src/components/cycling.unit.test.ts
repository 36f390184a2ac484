import { cycleValue } from './cycling.js';

const shifts = ['', '1', '2', '3']; // 'Tutti' first, then three shifts

describe('cycleValue (previous/next buttons that cycle and wrap around)', () => {
  it('moves to the neighbour', () => {
    expect(cycleValue(shifts, '1', 1)).toBe('2');
    expect(cycleValue(shifts, '2', -1)).toBe('1');
  });

  it('wraps from the last to the first and from the first to the last', () => {
    expect(cycleValue(shifts, '3', 1)).toBe('');
    expect(cycleValue(shifts, '', -1)).toBe('3');
  });

  it('treats a first option such as Tutti as a real stop in the cycle', () => {
    expect(cycleValue(shifts, '', 1)).toBe('1');
    expect(cycleValue(shifts, '1', -1)).toBe('');
  });

  describe('from the placeholder (a value not in the list)', () => {
    const lines = ['10', '20', '30'];

    it('next selects the first option', () => {
      expect(cycleValue(lines, '', 1)).toBe('10');
    });

    it('previous selects the last option', () => {
      expect(cycleValue(lines, '', -1)).toBe('30');
    });

    it('a stale value behaves like the placeholder', () => {
      expect(cycleValue(lines, '99', 1)).toBe('10');
    });
  });

  it('stays on the only option', () => {
    expect(cycleValue(['7'], '7', 1)).toBe('7');
    expect(cycleValue(['7'], '7', -1)).toBe('7');
    expect(cycleValue(['7'], '', -1)).toBe('7');
  });

  it('gives undefined for an empty list', () => {
    expect(cycleValue([], '', 1)).toBeUndefined();
    expect(cycleValue([], 'x', -1)).toBeUndefined();
  });
});
