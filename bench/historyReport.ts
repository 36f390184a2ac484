/** The tables of the history bench's HTTP measurements. */
import type { HistoryOptions } from './historyOptions.js';
import type { Measured } from './historyMeasure.js';
import { fmt, printTable, ratio, type TableRow } from './support.js';
import { EXACT_COUNT_LIMIT } from '../workers/projectionEngine.js';

export interface HttpFigures {
  loadBefore: string;
  loadAfter: string;
  /** Live unplanned stops of the measured equipment in the history store's read model. */
  heavyStops: number;
  stop: Map<string, Measured>;
  planned: Map<string, Measured>;
  save: Map<string, Measured>;
  yearOneLine: Map<string, Measured>;
  monthAllLines: Map<string, Measured>;
  /** The admin's Projections page call, which counts every row of every read model. */
  projections: Map<string, Measured>;
}

const COMMAND_GOAL = 1.2;
const LIST_GOAL_MS = 50;
const ms = (x: number) => fmt(x, 1);

function commandRows(label: string, m: Map<string, Measured>, goal: number | null = COMMAND_GOAL): TableRow[] {
  const empty = m.get('empty')!;
  const history = m.get('history')!;
  const r = history.summary.p95 / empty.summary.p95;
  const row = (store: string, x: Measured, extra: Record<string, string>): TableRow => ({
    command: store === 'history' ? label : '',
    store,
    n: x.summary.n,
    'p50 ms': ms(x.summary.p50),
    'p95 ms': ms(x.summary.p95),
    'max ms': ms(x.summary.max),
    statuses: x.statuses,
    ...extra,
  });
  return [
    row('history', history, {
      'p50 history/empty': ratio(history.summary.p50, empty.summary.p50),
      'p95 history/empty': ratio(history.summary.p95, empty.summary.p95),
      goal: goal === null ? 'no goal' : `p95 <= ${goal}x: ${r <= goal ? 'met' : 'MISSED'}`,
    }),
    row('empty (baseline)', empty, { 'p50 history/empty': '1.00x', 'p95 history/empty': '1.00x', goal: '' }),
  ];
}

function listRows(label: string, m: Map<string, Measured>, pageRows: number): TableRow[] {
  return (['history', 'empty'] as const).map((store) => {
    const x = m.get(store)!;
    const s = x.samples[0];
    const rows = s?.rows ?? 0;
    const paged = x.samples.some((y) => y.cursor !== null);
    const p95 = x.summary.p95;
    return {
      query: store === 'history' ? label : '',
      store: store === 'empty' ? 'empty (baseline)' : store,
      rows: fmt(rows),
      bytes: fmt(s?.bytes ?? 0),
      'bytes/row': rows > 0 ? fmt((s?.bytes ?? 0) / rows) : 'n/a',
      paging: paged ? `first page (${s?.cursor})` : rows > pageRows ? `NONE: all ${fmt(rows)} rows in one answer` : 'not needed',
      n: x.summary.n,
      'p50 ms': ms(x.summary.p50),
      'p95 ms': ms(p95),
      'max ms': ms(x.summary.max),
      statuses: x.statuses,
      goal: store === 'history' ? `p95 <= ${LIST_GOAL_MS} ms: ${p95 <= LIST_GOAL_MS ? 'met' : 'MISSED'}` : '',
    };
  });
}

const errors = (figures: Array<[string, Map<string, Measured>]>) =>
  figures.flatMap(([label, m]) => [...m].filter(([, x]) => x.firstError).map(([store, x]) => `${label}, ${store}: first unexpected answer ${x.firstError}`));

export function printHttpTables(h: HttpFigures, o: HistoryOptions, heavyId: number): void {
  const commands: Array<[string, Map<string, Measured>]> = [
    [`POST /factory/stop_events (equipment ${heavyId}, ${fmt(h.heavyStops)} past stops)`, h.stop],
    ['POST /factory/planned_stops', h.planned],
    ['POST /factory/shift_notes/save', h.save],
  ];
  printTable(
    `4c. Commands through HTTP (admin), history store vs empty store, ${o.samples} requests each after ${o.warmup} warm-up, alternating stores`,
    commands.flatMap(([label, m]) => commandRows(label, m)),
    [
      'Latency: request sent until the whole response arrived, read-your-writes wait included (the route waits for its projections).',
      'Each request is a valid new command: stops and planned stops on free slots (12:00-12:30, never used by the history) of distinct past days;',
      'report saves are drafts of the extra shift E, which the history never reports. Both stores get the same requests, as admin',
      '(the history submitted every regular shift, and only the improvement roles may add a stop to a submitted shift).',
      `loadavg before: ${h.loadBefore}; after: ${h.loadAfter}`,
      ...errors(commands),
    ],
  );
  const lists: Array<[string, Map<string, Measured>]> = [
    ['GET /factory/stop_events/unplanned, 365 days x 1 line', h.yearOneLine],
    [`GET /factory/stop_events/unplanned, 30 days x ${o.lines} lines`, h.monthAllLines],
  ];
  printTable(
    `4d. Stop list through HTTP, ${o.listSamples} requests each after 3 warm-up, alternating stores`,
    lists.flatMap(([label, m]) => listRows(label, m, o.pageRows)),
    [
      `Sent with limit=${o.pageRows}; an API that pages answers the first page and a next-cursor header, one that does not ignores it.`,
      "The empty store's rows are the stops the command measurements above recorded on it.",
      `loadavg after: ${h.loadAfter}`,
      ...errors(lists),
    ],
  );
  printTable(
    `4e. The admin's Projections page (GET /admin/projections), ${h.projections.get('history')!.summary.n} requests after 3 warm-up, alternating stores`,
    commandRows('GET /admin/projections', h.projections),
    [
      `Row figures: exact for a table under ${EXACT_COUNT_LIMIT.toLocaleString('en-US')} rows, the planner's estimate above (analyzed when a rebuild loads it).`,
      ...errors([['GET /admin/projections', h.projections]]),
    ],
  );
}
