import fc from 'fast-check';
import { instantMs } from './instant.js';

const runs = Number(process.env.FUZZ_RUNS ?? 2000);

describe('instantMs, Date.parse faster for toISOString text', () => {
  it('reads instants written out in the test', () => {
    expect(instantMs('2030-06-05T06:10:00.000Z')).toBe(1_906_870_200_000);
    expect(instantMs('1970-01-01T00:00:00.000Z')).toBe(0);
    expect(instantMs('2024-02-29T23:59:59.999Z')).toBe(1_709_251_199_999);
    expect(instantMs('2000-01-01T00:00:00.001Z')).toBe(946_684_800_001);
  });

  it('gives NaN where Date.parse does: months and times that do not exist, and text of another shape', () => {
    for (const s of ['2025-13-01T10:00:00.000Z', '2025-00-10T10:00:00.000Z', '2025-01-01T10:60:00.000Z', '2025-01-01T1a:00:00.000Z', '', 'not a time at all, 24 chr'])
      expect(instantMs(s)).toBeNaN();
  });

  it('hands every other form to Date.parse (offsets, no milliseconds, midnight as 24:00, days past the end of a month, years before 1000)', () => {
    for (const s of [
      '2025-02-29T10:00:00.000Z',
      '2025-04-31T10:00:00.000Z',
      '2030-06-05T08:10:00+02:00',
      '2030-06-05T06:10:00Z',
      '2030-06-05T24:00:00.000Z',
      '0999-12-31T23:59:59.999Z',
      '2030-06-05',
    ])
      expect(Object.is(instantMs(s), Date.parse(s))).toBe(true);
  });

  it('answers as Date.parse for a value that is not text at all', () => {
    for (const v of [['2030-06-05T06:10:00.000Z'], 1_906_870_200_000, null, undefined, { toString: () => '2030-06-05T06:10:00.000Z' }])
      expect(Object.is(instantMs(v as unknown as string), Date.parse(v as unknown as string))).toBe(true);
  });

  it('equals Date.parse on any instant toISOString writes', () => {
    // From 1000 to 9999: the years toISOString writes with four digits.
    const min = Date.UTC(1000, 0, 1);
    const max = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    fc.assert(
      fc.property(fc.integer({ min, max }), (ms) => {
        const iso = new Date(ms).toISOString();
        expect(instantMs(iso)).toBe(ms);
      }),
      { numRuns: runs },
    );
  });

  it('equals Date.parse on text of that shape with any digits in its fields', () => {
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), two, two, two, two, two, fc.integer({ min: 0, max: 999 }), (y, mo, d, h, mi, s, ms) => {
        const iso = `${String(y).padStart(4, '0')}-${mo}-${d}T${h}:${mi}:${s}.${String(ms).padStart(3, '0')}Z`;
        expect(Object.is(instantMs(iso), Date.parse(iso))).toBe(true);
      }),
      { numRuns: runs },
    );
  });
});
