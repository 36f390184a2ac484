import { DBR_FIELDS, type DbrConstants } from '../../../domain/dbr/constants.js';

/** All fourteen fields under the spec's names; null when the line has none yet (the editor then starts empty). */
export function presentConstants(constants: DbrConstants | null) {
  return Object.fromEntries(DBR_FIELDS.map((f) => [f, constants ? constants[f] : null])) as Record<keyof DbrConstants, number | null>;
}
