import type { Knex } from 'knex';
import type { TableNames } from '../types.js';
import { insertShiftFigures } from './oeeFigures.js';
import { indexMonthPareto, loadMonthFigures, loadMonthPareto } from './oeeMonths.js';
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
 * tables; the rollups summed over the whole tables (the same rows the batches would have left:
 * each is a function of the facts); then marked kept. Given a rebuild's pool, the work runs on
 * three connections at once, on however many cores the database has: the shift and month
 * figures (one after the other, each reads the one before), and beside them the month Pareto's
 * two statements (they read the stops and reports alone), the stops' index by shift after the
 * second, and the Pareto's index once both are in.
 */
export async function loadRollups(knex: Knex | Knex.Transaction, tables: TableNames, pool?: Knex): Promise<void> {
  // A rebuild's sums sort and hash a year of stops at once, and its indexes sort them: in memory rather than on disk.
  const memory = async (k: Knex | Knex.Transaction) => {
    if (k.isTransaction) await k.raw(`set local work_mem = '64MB'; set local maintenance_work_mem = '256MB'`);
  };
  const figures = async () => {
    await memory(knex);
    await insertShiftStops(knex, tables, null);
    await insertShiftFigures(knex, tables, null);
    await loadMonthFigures(knex, tables);
  };
  // The per-batch rollups find a shift's stops and machine folds by it; a whole-table sum reads them all and needs it not.
  const byShift = async (k: Knex | Knex.Transaction) => {
    for (const t of [tables.oee_stops!, tables.oee_machine_hours!]) await k.raw('create index ?? on ?? (line_id, day, shift_code)', [`${t}_line_day_code`, t]);
  };
  if (!pool) {
    await byShift(knex);
    await figures();
    await loadMonthPareto.codes(knex, tables);
    await loadMonthPareto.reported(knex, tables);
    await indexMonthPareto(knex, tables);
  } else {
    const apart = (work: (k: Knex.Transaction) => Promise<void>) =>
      pool.transaction(async (trx) => {
        await memory(trx);
        await work(trx);
      });
    const codes = apart((k) => loadMonthPareto.codes(k, tables));
    // A whole-table sum joins every stop to its report by hash (175 ms here). The tables have no statistics yet (they are
    // analyzed after afterLoad), and with the stops' index by shift there this was once planned as a loop over it, once per
    // report (400 ms): that index now comes after it on the same connection, and the hint keeps the hash join whatever the guesses.
    const reported = apart(async (k) => {
      await k.raw('set local enable_nestloop = off');
      await loadMonthPareto.reported(k, tables);
    });
    const paretoIndexed = Promise.all([codes, reported]).then(() => apart((k) => indexMonthPareto(k, tables)));
    const done = await Promise.allSettled([figures(), codes, reported.then(() => apart(byShift)), paretoIndexed]);
    for (const d of done) if (d.status === 'rejected') throw d.reason;
  }
  await knex(tables.oee_rollup_state!).insert({ kept: true });
}
