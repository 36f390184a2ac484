import { boardFigures, boardPieces, overlapMinutes } from './board.js';
import { hourlyControl } from './hourly.js';

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

  it('leaves Rendimento and Scarto unknown (null, never 0) while nobody knows the pieces', () => {
    const f = boardFigures({ shift, now: at('10:00'), defSpeed: 3600, pieces: null, waste: 40, plannedStops: [] });
    expect([f.rendimento, f.scarto, f.targetNow]).toEqual([null, null, 14_400]);
    // Zero pieces said by the operator are a figure: 0 %.
    expect(boardFigures({ shift, now: at('10:00'), defSpeed: 3600, pieces: 0, waste: 0, plannedStops: [] }).rendimento).toBe(0);
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

describe('pieces per hour against the target (short-interval control)', () => {
  const h = (hhmm: string, good: number, counted = true) => ({ hourStart: at(hhmm).getTime(), good, reject: 0, counted });
  const hours = [h('06:00', 3_400), h('07:00', 3_000), h('08:00', 1_700), h('09:00', 0, false), h('10:00', 900), h('11:00', 0, false)];
  const planned = [{ start: at('08:00'), end: at('08:30') }];

  // Worked by hand at 3600 pz/h: whole hours 3600, 08:00 less its 30-minute planned stop, the current hour to this minute.
  it.each([
    // now → [hour, good, target] of the hours begun
    [
      '10:15',
      [
        ['06:00', 3_400, 3_600],
        ['07:00', 3_000, 3_600],
        ['08:00', 1_700, 1_800],
        ['09:00', 0, 3_600],
        ['10:00', 900, 900],
      ],
    ],
    ['06:00', []],
    ['06:20', [['06:00', 3_400, 1_200]]],
  ] as const)('at %s', (now, expected) => {
    const rows = hourlyControl({ shift, now: at(now), defSpeed: 3600, plannedStops: planned, hours });
    expect(rows.map((r) => [new Date(r.hourStart).toISOString().slice(11, 16), r.good, r.target])).toEqual(expected);
  });

  it('stops at the shift’s end, has no target without a design speed, and keeps whether each hour was counted', () => {
    const rows = hourlyControl({ shift: { start: at('06:00'), end: at('07:30') }, now: at('09:00'), defSpeed: null, plannedStops: [], hours });
    expect(rows).toEqual([
      { ...h('06:00', 3_400), target: null },
      { ...h('07:00', 3_000), target: null },
    ]);
    expect(hourlyControl({ shift, now: at('10:00'), defSpeed: 3600, plannedStops: [], hours }).map((r) => r.counted)).toEqual([true, true, true, false]);
  });
});

describe("where the board's pieces come from", () => {
  const hours = [
    { good: 3_400, reject: 20, counted: true },
    { good: 1_700, reject: 10, counted: true },
  ];
  const none = [{ good: 0, reject: 0, counted: false }];
  // The hour in progress has sent nothing yet: still the machine's.
  const lastOpen = [...hours, { good: 0, reject: 0, counted: false }];
  // A silent hour before the last (the machine connected mid-shift, or fell silent): not the machine's.
  const gap = [{ good: 0, reject: 0, counted: false }, ...hours];
  it.each([
    // report (pieces, waste, sent), counted hours → pieces, waste, source
    ['a typed volume', { pieces: 15_000, waste: 300, confirmed: false }, hours, 15_000, 300, 'report'],
    ['a sent report of 0 pieces', { pieces: 0, waste: 0, confirmed: true }, hours, 0, 0, 'report'],
    ['a draft without a volume yet', { pieces: 0, waste: 0, confirmed: false }, hours, 5_100, 30, 'machine'],
    ['no report', null, hours, 5_100, 30, 'machine'],
    ['no report, the hour in progress not counted yet', null, lastOpen, 5_100, 30, 'machine'],
    ['no report, an earlier hour not counted', null, gap, null, null, null],
    ['a draft of 1 200 pieces, an earlier hour not counted', { pieces: 1_200, waste: 5, confirmed: false }, gap, 1_200, 5, 'report'],
    ['no report, nothing counted', null, none, null, null, null],
    ['a draft of 0 pieces, nothing counted', { pieces: 0, waste: 0, confirmed: false }, none, 0, 0, 'report'],
    ['a draft without figures, nothing counted', { pieces: null, waste: null, confirmed: false }, none, null, null, null],
  ] as const)('%s', (_what, report, counted, pieces, waste, source) => {
    expect(boardPieces(report, counted)).toEqual({ pieces, waste, source });
  });
});
