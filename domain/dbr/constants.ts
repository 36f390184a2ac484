import { z } from 'zod';
import { DBR_FIELDS } from './fields.js';
import { DBR_VALUE_TOO_LARGE, MAX_DBR_VALUE } from '../shared/bounds.js';

/**
 * The DBR constants of a line (foundations §3) under the spec's own field names, so
 * events, read tables and API share one vocabulary. The label ranges (0-1, 0-480)
 * are advice for the editor, not rules (§5): any finite number is accepted, up to a
 * magnitude no line's target comes near (MAX_DBR_VALUE), so the dashboards' products and
 * sums of them stay finite.
 */
export { DBR_FIELDS, type DbrField } from './fields.js';

const value = z.number({ error: 'Deve essere un numero' }).min(-MAX_DBR_VALUE, DBR_VALUE_TOO_LARGE).max(MAX_DBR_VALUE, DBR_VALUE_TOO_LARGE);

export const dbrConstantsSchema = z.object({
  def_speed: value,
  def_uptime: value,
  def_mtbf: value,
  def_waste: value,
  def_volume: value,
  min_ut: value,
  max_ut: value,
  min_mtbf: value,
  max_mtbf: value,
  min_waste: value,
  max_waste: value,
  ut_threshold: value,
  mtbf_threshold: value,
  waste_threshold: value,
});
export type DbrConstants = z.infer<typeof dbrConstantsSchema>;

export function sameConstants(a: DbrConstants, b: DbrConstants): boolean {
  return DBR_FIELDS.every((f) => a[f] === b[f]);
}

export const dbrStream = (lineId: number) => `dbr-constants-${lineId}`;
