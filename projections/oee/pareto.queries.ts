import type { Knex } from 'knex';

export const PARETO_BY = ['stop_code', 'failure_mode', 'equipment', 'shift'] as const;
export type ParetoBy = (typeof PARETO_BY)[number];

export interface ParetoFilter {
  shopFloorId: number;
  lineNames: string[];
  shiftIds: number[];
  /** Instead of ids: every shift of these codes in the range. */
  shiftCodes?: string[];
  from: string;
  to: string;
}

/** One bar: what its stops share, their minutes and count, and the share of all minutes up to and including it. */
export interface LossParetoBar {
  key: string;
  label: string;
  minutes: number;
  count: number;
  cumulative_share: number;
}

export interface LossPareto {
  by: ParetoBy;
  total_minutes: number;
  total_count: number;
  bars: LossParetoBar[];
}

/**
 * Each grouping's columns of a stop, its key and its label, read after the stops are summed
 * (so a name is looked up once per bar, not once per stop; names from the plant views, kept
 * for retired items).
 */
const GROUPS: Record<ParetoBy, { columns: string; key: string; label: string; join: string }> = {
  stop_code: { columns: 's.stop_code_id', key: 'g.stop_code_id::text', label: "coalesce(c.name, '')", join: 'left join plant_stop_codes c on c.id = g.stop_code_id' },
  failure_mode: { columns: 's.failure_mode', key: 'g.failure_mode', label: 'g.failure_mode', join: '' },
  equipment: {
    columns: 's.equipment_id, s.line_id',
    key: 'g.equipment_id::text',
    label: "l.name || ' · ' || coalesce(e.name, '')",
    join: 'join plant_lines l on l.id = g.line_id left join plant_equipments e on e.id = g.equipment_id',
  },
  shift: { columns: 's.shift_code', key: 'g.shift_code', label: 'g.shift_code', join: '' },
};

/**
 * The Pareto of the unplanned stops that count for the chosen shifts (a shift id stands for
 * its day and code) of the chosen lines: longest downtime first (then most stops, then label),
 * with the cumulative share of the minutes. Deleted stops are left out. The chosen lines' ids
 * are looked up first, so the stops are filtered by a list the planner can weigh. By codes, the
 * stops are filtered on their own (day, code): a stop only ever counts for a regular shift
 * scheduled on that day with that code (or for none, code ''), so that is every shift of the codes.
 */
export async function lossPareto(knex: Knex, f: ParetoFilter, by: ParetoBy): Promise<LossPareto> {
  const g = GROUPS[by];
  const lineIds = (await knex('plant_lines').where({ shop_floor_id: f.shopFloorId }).whereIn('name', f.lineNames).select('id')).map((r: { id: number }) => Number(r.id));
  const rows = (
    await knex.raw<{ rows: Array<{ key: string; label: string; minutes: number; n: string }> }>(
      `with ${f.shiftCodes ? '' : `p as (select distinct shift_day, code from oee_shifts where shop_floor_id = :floor and id = any(:shifts) and shift_day between :from and :to),`}
            g as (
              select ${g.columns}, sum(s.minutes) as minutes, count(*) as n
                from oee_stops s
                ${f.shiftCodes ? '' : 'join p on p.shift_day = s.day and p.code = s.shift_code'}
               where s.kind = 'u' and not s.deleted and s.day between :from and :to and s.line_id = any(:lines) ${f.shiftCodes ? 'and s.shift_code = any(:codes)' : ''}
               group by ${g.columns})
       select ${g.key} as key, ${g.label} as label, g.minutes, g.n
         from g ${g.join}
        order by minutes desc, n desc, label`,
      { floor: f.shopFloorId, lines: lineIds, shifts: f.shiftIds, codes: f.shiftCodes ?? [], from: f.from, to: f.to },
    )
  ).rows;
  const total = rows.reduce((a, r) => a + Number(r.minutes), 0);
  let running = 0;
  const bars = rows.map((r) => {
    running += Number(r.minutes);
    return { key: String(r.key), label: r.label, minutes: Number(r.minutes), count: Number(r.n), cumulative_share: total > 0 ? running / total : 0 };
  });
  return { by, total_minutes: total, total_count: bars.reduce((a, b) => a + b.count, 0), bars };
}
