import { arrayLiteral } from './batchWrite.js';

describe('array literals for big batches', () => {
  it('writes numbers, booleans, NULLs, days and ISO times as they are', () => {
    expect(arrayLiteral([1, -2, 1_000_001_111_130_001, 0.5, null, undefined])).toBe('{1,-2,1000001111130001,0.5,NULL,NULL}');
    expect(arrayLiteral([true, false, null])).toBe('{t,f,NULL}');
    expect(arrayLiteral(['2030-06-12', '2030-06-12T04:00:00.000Z', '2030-06-12T06:00:00+02:00'])).toBe('{2030-06-12,2030-06-12T04:00:00.000Z,2030-06-12T06:00:00+02:00}');
    expect(arrayLiteral([])).toBe('{}');
  });

  it('quotes text that needs it, escaping quotes and backslashes', () => {
    expect(arrayLiteral(['a b', '', 'x,y', '{', '"', 'null', 'NULL', 'a\\b', 'è', 'a\nb'])).toBe('{"a b","","x,y","{","\\"","null","NULL","a\\\\b","è","a\nb"}');
  });

  it('leaves to the driver an array with a Date, an object or a number that is not finite', () => {
    const at = new Date(0);
    for (const values of [[at], ['a', {}], [Number.NaN], [1, Number.POSITIVE_INFINITY]]) expect(arrayLiteral(values)).toBe(values);
  });
});
