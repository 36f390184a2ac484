import { followCursor, type Page } from './pages.js';

describe('following a list page by page', () => {
  const pages: Record<string, Page<number>> = {
    first: { rows: [1, 2], next: 'c1' },
    c1: { rows: [3, 4], next: 'c2' },
    c2: { rows: [5], next: null },
  };

  it('asks for the first page, then after each cursor, and joins the rows in order', async () => {
    const asked: Array<string | null> = [];
    const rows = await followCursor(async (after) => {
      asked.push(after);
      return pages[after ?? 'first']!;
    });
    expect(rows).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([null, 'c1', 'c2']);
  });

  it('makes one request when the list fits in a page', async () => {
    let calls = 0;
    expect(await followCursor(async () => (calls++, { rows: [7], next: null }))).toEqual([7]);
    expect(calls).toBe(1);
  });

  it('stops when a cursor comes back a second time', async () => {
    let calls = 0;
    expect(await followCursor(async () => (calls++, { rows: [calls], next: 'same' }))).toEqual([1, 2]);
  });
});
