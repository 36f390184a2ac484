import { webSourcesMatching } from '../../../test/support/webSources.js';
import { formatNumber } from './numbers.js';

describe('formatNumber (Italian numbers without Intl)', () => {
  it.each([
    [1234, {}, '1234'],
    [12345, {}, '12.345'],
    [1234.5, {}, '1234,5'],
    [-1234567.891, {}, '-1.234.567,891'],
    [0.0005, {}, '0,001'],
    [12, { min: 2, max: 2 }, '12,00'],
    [1.005, { max: 2 }, '1,01'],
    [2.5, { max: 0 }, '3'],
    [-2.5, { max: 0 }, '-3'],
    [9.996, { min: 2, max: 2 }, '10,00'],
    [999999.5, { max: 0 }, '1.000.000'],
    [1234567.5, { grouping: false, max: 6 }, '1234567,5'],
    [1e21, {}, '1.000.000.000.000.000.000.000'],
    [1e-7, { max: 6 }, '0'],
    [0, { min: 1, max: 1 }, '0,0'],
    [NaN, {}, 'NaN'],
    [-Infinity, {}, '-∞'],
  ])('%p with %p is %p', (n, options, expected) => {
    expect(formatNumber(n, options)).toBe(expected);
  });

  it('writes what Intl writes for it-IT over random values and options', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const formats = new Map<string, Intl.NumberFormat>();
    const intlFormat = (min: number, max: number, grouping: boolean) => {
      const key = `${min}|${max}|${grouping}`;
      if (!formats.has(key)) formats.set(key, new Intl.NumberFormat('it-IT', { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: grouping ? 'auto' : false }));
      return formats.get(key)!;
    };
    const differences: unknown[] = [];
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(random() * 14 - 5);
      const n = (random() - 0.3) * scale;
      const min = Math.floor(random() * 3);
      const max = min + Math.floor(random() * 4);
      const grouping = random() > 0.2;
      const intl = intlFormat(min, max, grouping).format(n);
      const ours = formatNumber(n, { min, max, grouping });
      if (ours !== intl) differences.push({ n, min, max, grouping, ours, intl });
    }
    expect(differences).toEqual([]);
  });
});

describe('the web sources', () => {
  it('format numbers and dates without Intl or toLocaleString (only the table sort collates with Intl)', () => {
    const users = webSourcesMatching(/\bIntl\.(?!Collator)|toLocale(?:Date|Time)?String\(|from 'luxon'/);
    expect(users).toEqual([]);
  });
});
