/**
 * The DBR constants editor's fields (foundations §2 "DBR constants editor", §3, §5): the spec's
 * field names, their labels (ranges are advice, not enforced) and the conversion between the
 * server's numbers and what the inputs hold. Pure, so it is unit tested.
 */

import { DBR_FIELDS, type DbrField } from '../../../../../domain/dbr/fields.js';

/** The 14 constants in the spec's order (shared with the server); line_id is not an input. */
export { DBR_FIELDS, type DbrField };

/** The constants as the server sends them; a line without constants yet has every field null. */
export type DbrConstants = { line_id: number } & Record<DbrField, number | null>;

/** What the inputs hold: the text the user typed, per field. */
export type DbrDraft = Record<DbrField, string>;

/** What the PUT sends: numbers, or the raw text / null the server will name in its 400. */
export type DbrPayload = Record<DbrField, number | string | null>;

/** The unit shown while the shop floor's unit1 is unknown (its loading error is only logged). */
export const UNIT_FALLBACK = 'unità';

/** Labels per field; def_speed carries the shop floor's unit1. */
export function fieldLabel(field: DbrField, unit1?: string | null): string {
  switch (field) {
    case 'def_speed':
      return `Design Speed (${unit1?.trim() || UNIT_FALLBACK} / ora)`;
    case 'def_uptime':
      return 'Default Uptime (set to 0)';
    case 'def_mtbf':
      return 'Default MTBF (set to 0)';
    case 'def_waste':
      return 'Default Waste (set to 0)';
    case 'def_volume':
      return 'Default Volume (set to 0)';
    case 'min_ut':
      return 'Dashboard Uptime min (0-1)';
    case 'max_ut':
      return 'Dashboard Uptime max (0-1)';
    case 'min_mtbf':
      return 'Dashboard MTBF min (0-480)';
    case 'max_mtbf':
      return 'Dashboard MTBF max (0-480)';
    case 'min_waste':
      return 'Dashboard Waste min (0-1)';
    case 'max_waste':
      return 'Dashboard Waste max (0-1)';
    case 'ut_threshold':
      return 'Target Uptime (0-1)';
    case 'mtbf_threshold':
      return 'Target MTBF (0-480)';
    case 'waste_threshold':
      return 'Target Waste (0-1)';
    default: {
      const never: never = field;
      return never;
    }
  }
}

/** The form's sections, in order. */
export const FIELD_GROUPS: ReadonlyArray<{ id: string; title: string; fields: readonly DbrField[] }> = [
  { id: 'design', title: 'Design', fields: ['def_speed'] },
  { id: 'defaults', title: 'Default values', fields: ['def_uptime', 'def_mtbf', 'def_waste', 'def_volume'] },
  { id: 'dashboard', title: 'Dashboard', fields: ['min_ut', 'max_ut', 'min_mtbf', 'max_mtbf', 'min_waste', 'max_waste'] },
  { id: 'targets', title: 'Targets', fields: ['ut_threshold', 'mtbf_threshold', 'waste_threshold'] },
];

/** The inputs' text for the server's constants ('' where a field has no value yet). */
export function toDraft(constants: Partial<Record<DbrField, number | null>>): DbrDraft {
  return Object.fromEntries(
    DBR_FIELDS.map((f) => {
      const v = constants[f];
      return [f, v === null || v === undefined || Number.isNaN(v) ? '' : String(v)];
    }),
  ) as DbrDraft;
}

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * The body of the PUT: a decimal comma is read as a point (Italian keyboards), a number goes
 * as a number, an empty field as null and anything else as typed, so the server's 400 names it.
 */
export function toPayload(draft: DbrDraft): DbrPayload {
  return Object.fromEntries(
    DBR_FIELDS.map((f) => {
      const text = draft[f].trim();
      if (text === '') return [f, null];
      const normalized = text.replace(',', '.');
      if (DECIMAL.test(normalized) && Number.isFinite(Number(normalized))) return [f, Number(normalized)];
      return [f, text];
    }),
  ) as DbrPayload;
}

/**
 * The marks the form puts on its own before sending, with the server's words (every constant is
 * a required number): an empty field is 'Obbligatorio', text that is not a number 'Deve essere un
 * numero'. The server keeps the same rule; this only saves a refused round trip.
 */
export function draftErrors(draft: DbrDraft): Partial<Record<DbrField, string>> {
  const payload = toPayload(draft);
  const out: Partial<Record<DbrField, string>> = {};
  for (const f of DBR_FIELDS) {
    const value = payload[f];
    if (value === null) out[f] = 'Obbligatorio';
    else if (typeof value === 'string') out[f] = 'Deve essere un numero';
  }
  return out;
}

/** The field messages of a 400 that belong to this form (other keys are ignored). */
export function fieldErrors(fields: Record<string, unknown> | undefined): Partial<Record<DbrField, string>> {
  const out: Partial<Record<DbrField, string>> = {};
  if (!fields) return out;
  for (const f of DBR_FIELDS) {
    const message = fields[f];
    if (message !== undefined && message !== null) out[f] = typeof message === 'string' ? message : 'Valore non valido';
  }
  return out;
}
