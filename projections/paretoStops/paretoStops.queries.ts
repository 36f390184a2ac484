import type { Knex } from 'knex';

/** One bar of a Pareto: what the stops share, their downtime in minutes and how many they are. */
export interface ParetoBar {
  key: string;
  label: string;
  downtime_minutes: number;
  count: number;
}

export interface ParetoStops {
  month: string;
  by_stop_code: ParetoBar[];
  by_failure_mode: ParetoBar[];
}

/**
 * The Pareto of unplanned stops of some lines in one plant month: by stop code and by failure
 * mode, longest downtime first (then most stops, then name), deleted stops left out.
 */
export async function paretoStops(knex: Knex, lineIds: readonly number[], month: string): Promise<ParetoStops> {
  const base = () => knex('pareto_stops as p').whereIn('p.line_id', lineIds).andWhere('p.month', month).andWhere('p.deleted', false);
  const totals = (q: Knex.QueryBuilder) =>
    q
      .sum({ minutes: 'p.downtime_minutes' })
      .count({ n: '*' })
      .orderBy([
        { column: 'minutes', order: 'desc' },
        { column: 'n', order: 'desc' },
        { column: 'label', order: 'asc' },
      ]);
  const byCode = (await totals(
    base()
      .leftJoin('plant_stop_codes as c', 'c.id', 'p.stop_code_id')
      .groupBy('p.stop_code_id', 'c.name')
      .select({ key: 'p.stop_code_id', label: knex.raw("coalesce(c.name, '')") }),
  )) as Array<{ key: number; label: string; minutes: string; n: string }>;
  const byMode = (await totals(base().groupBy('p.failure_mode').select({ key: 'p.failure_mode', label: 'p.failure_mode' }))) as Array<{
    key: string;
    label: string;
    minutes: string;
    n: string;
  }>;
  const bar = (r: { key: number | string; label: string; minutes: string; n: string }): ParetoBar => ({
    key: String(r.key),
    label: r.label,
    downtime_minutes: Number(r.minutes),
    count: Number(r.n),
  });
  return { month, by_stop_code: byCode.map(bar), by_failure_mode: byMode.map(bar) };
}
