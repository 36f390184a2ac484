/**
 * Lists the server answers page by page (docs/line-log.md "Paging"): at most 2000 rows an
 * answer, the next page's cursor in X-Next-Cursor while more follow.
 */

/** The largest page the server gives: one request for every list that fits in it. */
export const PAGE_SIZE = 2000;

/** One page: its rows and the cursor of the next one (null on the last). */
export interface Page<T> {
  rows: T[];
  next: string | null;
}

/**
 * Asks for the first page, then for the page after each cursor, until the server gives none,
 * and answers every row in the server's order. A cursor seen twice ends it (never loops).
 */
export async function followCursor<T>(fetchPage: (after: string | null) => Promise<Page<T>>): Promise<T[]> {
  const rows: T[] = [];
  const seen = new Set<string>();
  for (let after: string | null = null; ;) {
    const page = await fetchPage(after);
    rows.push(...page.rows);
    if (!page.next || seen.has(page.next)) return rows;
    seen.add(page.next);
    after = page.next;
  }
}
