import { holdsUnstorable } from './text.js';

describe('text the database cannot keep', () => {
  it('finds a NUL or a lone surrogate anywhere in a value, keys included', () => {
    for (const value of [
      'a\u0000b',
      '\uD800',
      'x\uDC00',
      '\uDBFF\uDBFF\uDC00',
      { a: 'ok', b: { c: ['ok', 'bad\u0000'] } },
      [1, true, null, ['\uDFFF']],
      { ['key\u0000']: 1 },
      { nested: { ['\uD83D']: 'ok' } },
    ])
      expect(holdsUnstorable(value)).toBe(true);
  });

  it('lets through every other text, emoji (surrogate pairs) included, numbers, flags and nulls', () => {
    for (const value of ['', 'è à ù', '😀 ok', '\uD83D\uDE00', { a: ['😀', 1, null, false], b: { c: 'Bottiglia caduta' } }, 42, null, true, [[['deep']]]])
      expect(holdsUnstorable(value)).toBe(false);
  });

  it('reads a value as deep as it goes without recursion', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = { d: [deep] };
    expect(holdsUnstorable(deep)).toBe(true);
  });
});
