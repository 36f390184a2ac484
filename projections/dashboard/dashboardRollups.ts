import type { Knex } from 'knex';
import type { TableNames } from '../types.js';

/** A generated table name as a SQL string literal (DDL takes no bind parameters). */
const literal = (name: string) => {
  if (!/^\w+$/.test(name)) throw new Error(`Unexpected table name ${name}`);
  return `'${name}'`;
};

/**
 * The trigger function, named per shape of the rollups: one function serves every generation
 * of that shape, and a generation of an older shape (still live while a rebuild fills the new
 * one) keeps calling its own, which knows only its columns.
 */
const ROLLUPS_FUNCTION = 'dashboard_rollups_sync_rated';

/**
 * Keeps `dashboard_months` and `dashboard_line_days` (arguments 0 and 1, physical names)
 * equal to the sums of `dashboard_days`: after each statement on it, the rows it inserted
 * count positively and the rows it removed negatively (an update is both), added to the
 * rollup keys they touch; keys left all zero are deleted. Statement-level, so a batch's
 * multi-row upsert costs two statements per rollup, not one per row, and the rollups change
 * in the same transaction as the day rows.
 */
const ROLLUPS_SQL = `create or replace function ${ROLLUPS_FUNCTION}() returns trigger language plpgsql as $fn$
declare
  delta text;
begin
  delta := case tg_op
    when 'INSERT' then 'select 1 as sign, * from new_rows'
    when 'UPDATE' then 'select 1 as sign, * from new_rows union all select -1, * from old_rows'
    else 'select -1 as sign, * from old_rows' end;
  execute format(
    'insert into %1$I as t (line_id, month, shift_code, shop_floor_id, volume, waste, working_minutes, stop_count, unplanned_minutes, planned_minutes, rated_volume)
     select line_id, date_trunc(''month'', day)::date, shift_code, min(shop_floor_id), sum(sign * volume::numeric), sum(sign * waste::numeric),
            sum(sign * working_minutes::numeric), sum(sign * stop_count), sum(sign * unplanned_minutes), sum(sign * planned_minutes), sum(sign * rated_volume::numeric)
       from (%2$s) d group by 1, 2, 3
     on conflict (line_id, month, shift_code) do update set volume = t.volume + excluded.volume, waste = t.waste + excluded.waste,
       working_minutes = t.working_minutes + excluded.working_minutes, stop_count = t.stop_count + excluded.stop_count,
       unplanned_minutes = t.unplanned_minutes + excluded.unplanned_minutes, planned_minutes = t.planned_minutes + excluded.planned_minutes,
       rated_volume = t.rated_volume + excluded.rated_volume', tg_argv[0], delta);
  execute format(
    'delete from %1$I t using (select distinct line_id, date_trunc(''month'', day)::date as month, shift_code from (%2$s) d) k
      where t.line_id = k.line_id and t.month = k.month and t.shift_code = k.shift_code
        and t.volume = 0 and t.waste = 0 and t.working_minutes = 0 and t.stop_count = 0 and t.unplanned_minutes = 0 and t.planned_minutes = 0 and t.rated_volume = 0', tg_argv[0], delta);
  execute format(
    'insert into %1$I as t (line_id, day, shop_floor_id, volume)
     select line_id, day, min(shop_floor_id), sum(sign * volume::numeric) from (%2$s) d group by 1, 2 having sum(sign * volume::numeric) <> 0
     on conflict (line_id, day) do update set volume = t.volume + excluded.volume', tg_argv[1], delta);
  execute format(
    'delete from %1$I t using (select distinct line_id, day from (%2$s) d) k where t.line_id = k.line_id and t.day = k.day and t.volume = 0', tg_argv[1], delta);
  return null;
end
$fn$`;

/**
 * Only the dashboard's reads use these, so a rebuild builds them after its load: the covering
 * indexes, the rollups' first sums and the triggers that keep them from then on.
 */
export async function buildRollups(knex: Knex | Knex.Transaction, tables: TableNames): Promise<void> {
  const days = tables.dashboard_days!;
  // The summary and the volume history: a shop floor's lines over a range of days, read from the index alone.
  await knex.raw(
    `create index ?? on ?? (shop_floor_id, line_id, day) include (shift_code, volume, waste, working_minutes, stop_count, unplanned_minutes, planned_minutes, rated_volume)`,
    [`${days}_floor_line_day`, days],
  );
  const months = tables.dashboard_months!;
  const lineDays = tables.dashboard_line_days!;
  await knex.raw(
    `create index ?? on ?? (shop_floor_id, line_id, month) include (shift_code, volume, waste, working_minutes, stop_count, unplanned_minutes, planned_minutes, rated_volume)`,
    [`${months}_floor_line_month`, months],
  );
  await knex.raw(`create index ?? on ?? (shop_floor_id, line_id, day) include (volume)`, [`${lineDays}_floor_line_day`, lineDays]);
  // A rebuild loaded its day rows before the triggers existed: the rollups start as their sums
  // (nothing on a new, empty generation), then the triggers keep them. Summed as numeric, as the
  // triggers add them: doubles added as doubles would lose the 16th digit.
  await knex.raw(
    `insert into ?? (line_id, month, shift_code, shop_floor_id, volume, waste, working_minutes, stop_count, unplanned_minutes, planned_minutes, rated_volume)
     select * from (
       select line_id, date_trunc('month', day)::date, shift_code, min(shop_floor_id), sum(volume::numeric) as v, sum(waste::numeric) as w, sum(working_minutes::numeric) as m,
              sum(stop_count) as n, sum(unplanned_minutes) as u, sum(planned_minutes) as p, sum(rated_volume::numeric) as r
         from ?? group by 1, 2, 3) s
      where v <> 0 or w <> 0 or m <> 0 or n <> 0 or u <> 0 or p <> 0 or r <> 0`,
    [months, days],
  );
  await knex.raw(
    `insert into ?? (line_id, day, shop_floor_id, volume) select line_id, day, min(shop_floor_id), sum(volume::numeric) from ?? group by 1, 2 having sum(volume::numeric) <> 0`,
    [lineDays, days],
  );
  await knex.raw(ROLLUPS_SQL);
  // One trigger per kind of statement (a trigger with transition tables takes one event); `insert ... on conflict do update` fires both.
  for (const [op, ref] of [
    ['insert', 'new table as new_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
    ['delete', 'old table as old_rows'],
  ] as const) {
    await knex.raw(`create trigger ?? after ${op} on ?? referencing ${ref} for each statement execute function ${ROLLUPS_FUNCTION}(${literal(months)}, ${literal(lineDays)})`, [
      `${days}_rollups_${op}`,
      days,
    ]);
  }
}
