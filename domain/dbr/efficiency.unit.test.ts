import { efficiencyOver, ratedVolume, type LineOutput } from './efficiency.js';

const line = (volume: number, workingMinutes: number, defSpeed: number | null): LineOutput => ({ volume, workingMinutes, defSpeed });
const rendimento = (lines: LineOutput[]) =>
  efficiencyOver(
    lines.reduce((s, l) => s + l.volume, 0),
    ratedVolume(lines),
  );

describe('Rendimento = Σ volume / Σ (def_speed × hours)', () => {
  // Literal cases: volume, minutes and def_speed per line, then the design-speed output and Rendimento worked by hand.
  it.each<[string, LineOutput[], number, number]>([
    ['one line: the spec formula, 16 320 / (2 500 × 8)', [line(16320, 480, 2500)], 20000, 0.816],
    ['one line without a design speed', [line(16320, 480, null)], 0, 0],
    ['one line that did not work', [line(0, 0, 2500)], 0, 0],
    ['a line that made nothing in no hours changes nothing', [line(16320, 480, 2500), line(0, 0, 1500)], 20000, 0.816],
    ['two idle lines change nothing either', [line(16320, 480, 2500), line(0, 0, 1500), line(0, 0, 1000)], 20000, 0.816],
    ['two working lines: (16 000 + 9 000) / (2 500 × 8 + 1 500 × 10)', [line(16000, 480, 2500), line(9000, 600, 1500)], 35000, 25000 / 35000],
    ['a line that worked and made nothing pulls it down', [line(16000, 480, 2500), line(0, 480, 2500)], 40000, 0.4],
    ['a line without constants adds its volume, not an output', [line(16000, 480, 2500), line(4000, 480, null)], 20000, 1],
    ['half-hour shifts', [line(1000, 30, 2500)], 1250, 0.8],
  ])('%s', (_, lines, rated, expected) => {
    expect(ratedVolume(lines)).toBeCloseTo(rated, 9);
    expect(rendimento(lines)).toBeCloseTo(expected, 9);
  });

  it('differs from the spec average when an idle line has another design speed', () => {
    // The spec: 16 320 / (((2 500 + 1 500) / 2) × 8) = 1.02; here 0.816 as for the working line alone.
    expect(rendimento([line(16320, 480, 2500), line(0, 0, 1500)])).toBeCloseTo(0.816, 9);
  });
});
