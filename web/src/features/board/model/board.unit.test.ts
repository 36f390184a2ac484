import { percent, pieces, readChoice, rotatingIndex, saveChoice, tone } from './board.js';

describe('the board model', () => {
  it('words numbers as the plant reads them', () => {
    expect([pieces(16200), pieces(null), percent(0.83333), percent(300 / 15300), percent(undefined)]).toEqual(['16.200', '–', '83,3 %', '2,0 %', '–']);
  });

  it('colours Rendimento at or above its threshold and Scarto at or below', () => {
    expect([tone(0.8, 0.8, true), tone(0.79, 0.8, true), tone(0.03, 0.03, false), tone(0.031, 0.03, false), tone(0.5, null, true)]).toEqual(['good', 'bad', 'good', 'bad', 'none']);
  });

  it('rotates through the lines every 15 s', () => {
    expect([0, 14_999, 15_000, 44_999, 45_000].map((ms) => rotatingIndex(3, ms))).toEqual([0, 0, 1, 2, 0]);
    expect(rotatingIndex(0, 99_000)).toBe(0);
  });

  it('keeps the choice on the device, and ignores what is not one', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(readChoice(storage)).toBeNull();
    saveChoice({ shopFloorId: 1, lineId: null }, storage);
    expect(readChoice(storage)).toEqual({ shopFloorId: 1, lineId: null });
    store.set('linea.tabellone', '{"shopFloorId":"x"}');
    expect(readChoice(storage)).toBeNull();
  });
});
