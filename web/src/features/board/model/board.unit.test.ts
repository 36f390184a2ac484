import { countedHours, hourTone, percent, pieces, piecesTone, readChoice, rotatingIndex, saveChoice, tone } from './board.js';

describe('the board model', () => {
  it('words numbers as the plant reads them', () => {
    expect([pieces(16200), pieces(null), percent(0.83333), percent(300 / 15300), percent(undefined)]).toEqual(['16.200', '–', '83,3 %', '2,0 %', '–']);
  });

  it('colours Rendimento at or above its threshold and Scarto at or below', () => {
    expect([tone(0.8, 0.8, true), tone(0.79, 0.8, true), tone(0.03, 0.03, false), tone(0.031, 0.03, false), tone(0.5, null, true)]).toEqual(['good', 'bad', 'good', 'bad', 'none']);
  });

  it('colours the pieces against the target to this minute, and neither while they are unknown', () => {
    expect([piecesTone(16200, 16200), piecesTone(16199, 16200), piecesTone(null, 16200), piecesTone(0, 16200), piecesTone(500, null)]).toEqual([
      'good',
      'bad',
      'none',
      'bad',
      'none',
    ]);
  });

  it('colours each counted hour against its target, and shows no hours where nothing was counted', () => {
    const h = (good: number, target: number | null, counted = true) => ({ hour: '2031-06-10T06:00:00+02:00', good, reject: 0, target, counted });
    expect([hourTone(h(3600, 3600)), hourTone(h(3599, 3600)), hourTone(h(0, 3600, false)), hourTone(h(100, null))]).toEqual(['good', 'bad', 'none', 'none']);
    expect(countedHours([h(0, 3600, false), h(0, 3600, false)])).toEqual([]);
    expect(countedHours([h(0, 3600, false), h(10, 3600)])).toHaveLength(2);
    expect(countedHours(undefined)).toEqual([]);
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
