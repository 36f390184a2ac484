import type { Knex } from 'knex';
import { DBR_FIELDS, type DbrConstants } from '../../domain/dbr/constants.js';

const pick = (r: Record<string, unknown>) => Object.fromEntries(DBR_FIELDS.map((f) => [f, Number(r[f])])) as DbrConstants;

export async function findDbrConstants(knex: Knex, lineId: number): Promise<DbrConstants | null> {
  const row = await knex('dbr_constants').where({ line_id: lineId }).first();
  return row ? pick(row) : null;
}

/** The constants of these lines, by line (lines without any are absent): one query. */
export async function findDbrConstantsOf(knex: Knex, lineIds: readonly number[]): Promise<Map<number, DbrConstants>> {
  const rows = await knex('dbr_constants').whereIn('line_id', [...lineIds]);
  return new Map(rows.map((r: Record<string, unknown>) => [Number(r.line_id), pick(r)]));
}

/** Field-wise average over the lines that have constants, with the lines it covered. */
export async function averageDbrConstants(knex: Knex, lineIds: number[]): Promise<{ constants: DbrConstants | null; lineIds: number[] }> {
  const rows = await knex('dbr_constants').whereIn('line_id', lineIds).orderBy('line_id');
  if (rows.length === 0) return { constants: null, lineIds: [] };
  const sums = Object.fromEntries(DBR_FIELDS.map((f) => [f, 0])) as DbrConstants;
  for (const r of rows) for (const f of DBR_FIELDS) sums[f] += Number(r[f]);
  const constants = Object.fromEntries(DBR_FIELDS.map((f) => [f, sums[f] / rows.length])) as DbrConstants;
  return { constants, lineIds: rows.map((r: { line_id: number }) => Number(r.line_id)) };
}
