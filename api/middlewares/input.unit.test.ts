import { findUnstorable } from './input.js';

describe('findUnstorable', () => {
  it.each([
    ['a clean body', { a: 'ok', b: [1, 'x', { c: null }] }, null],
    ['a NUL at the top', 'a\u0000', '_'],
    ['the first hit in document order', { a: 'ok', b: ['x', 'y\u0000'], c: '\u0000' }, 'b.1'],
    ['a key, before its value', { a: { 'k\u0000': 'z\u0000' } }, 'a.k\\0'],
    ['a lone surrogate in a later key', { a: 'ok', ['b\ud800']: 1 }, 'b\ud800'],
  ])('finds %s', (_label, value, path) => {
    expect(findUnstorable(value)).toBe(path);
  });

  it('walks 100,000 levels of nesting without running out of stack', () => {
    let deep: unknown = ['\u0000'];
    for (let i = 1; i < 100_000; i++) deep = [deep];
    expect(findUnstorable(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});
