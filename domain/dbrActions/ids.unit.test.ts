import { dbrActionId, LAST_DUE_DAY } from './ids.js';

describe('DBR action ids', () => {
  it('lays out line, due day and the action’s number within the line’s day', () => {
    expect(dbrActionId(1, '2030-06-05', 1)).toBe(1_11113_0001);
    expect(dbrActionId(3, '2030-06-05', 12)).toBe(3_11113_0012);
    expect(dbrActionId(1, '2000-01-01', 1)).toBe(1_00000_0001);
  });

  it('stays a safe integer at the edges and refuses what it cannot encode', () => {
    expect(Number.isSafeInteger(dbrActionId(9_000_000, LAST_DUE_DAY, 9_999))).toBe(true);
    expect(LAST_DUE_DAY).toBe('2273-10-15');
    for (const [line, day, n] of [
      [0, '2030-06-05', 1],
      [1, '1999-12-31', 1],
      [1, '2030-06-05', 0],
      [1, '2030-06-05', 10_000],
    ] as const) {
      expect(() => dbrActionId(line, day, n)).toThrow(RangeError);
    }
  });
});
