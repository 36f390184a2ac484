import { boardFigures, overlapMinutes } from './board.js';

const at = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00Z`);
const shift = { start: at('06:00'), end: at('14:00') };

describe('the board figures of a line in its shift', () => {
  // Worked by hand: def_speed 3600 pz/h (60 a minute).
  it.each([
    // now, pieces, waste, planned stops → elapsed, planned, run, target, rendimento, scarto
    ['10:00', 12_000, 240, [['08:00', '08:30']], 240, 30, 210, 12_600, 12_000 / 14_400, 240 / 12_240],
    ['06:00', null, null, [], 0, 0, 0, 0, null, null],
    // A planned stop still running is counted up to now only.
    ['07:00', 1_800, 0, [['06:45', '07:30']], 60, 15, 45, 2_700, 1_800 / 3_600, 0],
    // After the shift's end the figures stop at the end.
    ['15:30', 27_000, 0, [], 480, 0, 480, 28_800, 27_000 / 28_800, 0],
  ] as const)('at %s with %p pieces', (now, pieces, waste, stops, elapsed, planned, run, target, rendimento, scarto) => {
    const f = boardFigures({ shift, now: at(now), defSpeed: 3600, pieces, waste, plannedStops: stops.map(([s, e]) => ({ start: at(s), end: at(e) })) });
    expect(f).toEqual({ elapsedMinutes: elapsed, plannedMinutes: planned, runMinutes: run, targetNow: target, rendimento, scarto });
  });

  it('has no target and no Rendimento without a design speed', () => {
    const f = boardFigures({ shift, now: at('08:00'), defSpeed: null, pieces: 100, waste: 0, plannedStops: [] });
    expect([f.targetNow, f.rendimento]).toEqual([null, null]);
  });

  it('counts the minutes of a stop inside a window', () => {
    expect(overlapMinutes({ start: at('05:50'), end: at('06:20') }, at('06:00'), at('14:00'))).toBe(20);
    expect(overlapMinutes({ start: at('15:00'), end: at('15:20') }, at('06:00'), at('14:00'))).toBe(0);
  });
});
