/**
 * Italian numbers ('1.234.567,89') written out rather than through Intl: the first Intl format of a
 * page loads the locale's data, a task of about 70 ms on this machine and four times that on a
 * tablet's CPU, and `toLocaleString` builds a new formatter at every call (about 1 ms each). The
 * dashboards format hundreds of figures at load. The answers are Intl's for it-IT, digit for digit
 * (numbers.unit.test.ts compares them over random values): rounding half away from zero on the
 * number's shortest decimal form, a comma before the decimals, and a dot between thousands only
 * from five integer digits on ('1234', '12.345'), as the Italian locale groups.
 */

export interface NumberOptions {
  /** Decimals always shown (default 0). */
  min?: number;
  /** Decimals at most, rounded (default 3, as Intl). */
  max?: number;
  /** Dots between thousands from five integer digits on, as Intl's 'auto' for it-IT (default true). */
  grouping?: boolean;
}

/** The digits of a non-negative finite number without an exponent: 1e-7 -> '0.0000001', 1e21 -> '1000000000000000000000'. */
function plainDigits(abs: number): string {
  const text = String(abs);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const exponent = Number(text.slice(e + 1));
  const [whole, fraction = ''] = text.slice(0, e).split('.') as [string, string?];
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Adds one to a string of decimal digits ('0999' -> '1000'). */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

function group(integer: string): string {
  if (integer.length < 5) return integer;
  let out = '';
  for (let end = integer.length; end > 0; end -= 3) out = integer.slice(Math.max(0, end - 3), end) + (out ? `.${out}` : '');
  return out;
}

/** A number as Italian writes it; 'NaN' and '∞' as Intl writes those. */
export function formatNumber(n: number, { min = 0, max = Math.max(min, 3), grouping = true }: NumberOptions = {}): string {
  if (Number.isNaN(n)) return 'NaN';
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  if (!Number.isFinite(n)) return `${sign}∞`;
  const [whole, fraction = ''] = plainDigits(Math.abs(n)).split('.') as [string, string?];
  let integer = whole;
  let decimals = fraction;
  if (decimals.length > max) {
    const kept = integer + decimals.slice(0, max);
    const digits = decimals[max]! >= '5' ? increment(kept) : kept;
    // Carrying may add a digit in front ('9.99' -> '10.0').
    integer = digits.slice(0, digits.length - max) || '0';
    decimals = digits.slice(digits.length - max);
  }
  decimals = decimals.padEnd(min, '0');
  while (decimals.length > min && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const shown = grouping ? group(integer) : integer;
  return `${sign}${shown}${decimals ? `,${decimals}` : ''}`;
}
