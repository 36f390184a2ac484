/** What the history benchmark loads and how many requests it measures (`npm run bench -- history`). */
export interface HistoryOptions {
  lines: number;
  days: number;
  heavyStops: number;
  /** Measured requests per figure and target, after `warmup` unmeasured ones. */
  samples: number;
  warmup: number;
  /** Requests per list query and target (a large answer takes long). */
  listSamples: number;
  /** Rows of the first page when the list API pages. */
  pageRows: number;
}
