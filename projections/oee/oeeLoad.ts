import type { Knex } from 'knex';
import type { TableNames } from '../types.js';
import { insertShiftFigures } from './oeeFigures.js';
import { loadMonthFigures, loadMonthPareto } from './oeeMonths.js';
import { insertShiftStops } from './oeeRollup.js';

/**
 * A generation's rollups (`oee_shift_stops`, `oee_shift_figures` and the two month tables) are
 * either kept by every batch or not yet summed. A rebuild loads the facts alone (stops, reports,
 * shifts, speeds, reasons, folds of micro-stops), and `afterLoad` sums the rollups once over
 * the loaded tables and marks them kept in `oee_rollup_state`: summing again at each batch the
 * keys and whole months it touched summed each month two to three times over a rebuild. A new
 * live generation runs `afterLoad` on its empty tables, so it keeps them from its first batch.
 */
export const rollupState = (t: Knex.CreateTableBuilder) => t.boolean('kept').notNullable();

/** Whether the batches of this generation keep the rollups (its load is done). */
export async function rollupsKept(trx: Knex.Transaction, tables: TableNames): Promise<boolean> {
  return (await trx(tables.oee_rollup_state!).first('kept')) !== undefined;
}

/**
 * The indexes only the per-batch rollups and the readers use, built once over the loaded
 * stops; then the rollups summed over the whole tables (the same rows the batches would have
 * left: each is a function of the facts), and marked kept. Given a rebuild's pool, the month
 * Pareto (which reads the stops and reports alone) is summed on another connection meanwhile.
 */
export async function loadRollups(knex: Knex | Knex.Transaction, tables: TableNames, pool?: Knex): Promise<void> {
  // A rebuild's sums sort and hash a year of stops at once: in memory rather than on disk.
  const memory = async (k: Knex | Knex.Transaction) => {
    if (k.isTransaction) await k.raw(`set local work_mem = '64MB'`);
  };
  const pareto = async (k: Knex | Knex.Transaction) => {
    await memory(k);
    await loadMonthPareto(k, tables);
  };
  const figures = async () => {
    await memory(knex);
    for (const t of [tables.oee_stops!, tables.oee_machine_hours!]) await knex.raw('create index ?? on ?? (line_id, day, shift_code)', [`${t}_line_day_code`, t]);
    await insertShiftStops(knex, tables, null);
    await insertShiftFigures(knex, tables, null);
    await loadMonthFigures(knex, tables);
    if (!pool) await pareto(knex);
  };
  // On its own connection the Pareto starts while the stops' index by shift is being built, and the
  // machines' rows, planned after it exists, looped over it once per report (400 ms here, against
  // 175 ms for a hash join of every stop and report): a whole-table sum joins by hash.
  const alone = async (trx: Knex.Transaction) => {
    await trx.raw('set local enable_nestloop = off');
    await pareto(trx);
  };
  const done = await Promise.allSettled([figures(), pool ? pool.transaction(alone) : null]);
  for (const d of done) if (d.status === 'rejected') throw d.reason;
  await knex(tables.oee_rollup_state!).insert({ kept: true });
}
