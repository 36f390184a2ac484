import { z } from 'zod';
import { validationError } from '../../../domain/shared/errors.js';
import { incompleteReport, MESSAGES } from '../../../domain/shiftReports/errors.js';
import type { ReportContent } from '../../../domain/shiftReports/events.js';
import { missingForSubmit } from '../../../domain/shiftReports/rules.js';
import { charCount } from '../../../domain/shared/text.js';
import { tooLong } from '../../../domain/shared/bounds.js';
import { dayCheck } from '../../params.js';

const absent = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** A figure as JSON number or as form text ('7,5' or '7.5'); empty means not filled in yet. */
const figure = z.preprocess(
  (v) => (absent(v) ? null : v),
  z.union(
    [
      z.null(),
      z.number(),
      z
        .string()
        .trim()
        .regex(NUMBER)
        .transform((s) => Number(s.replace(',', '.'))),
    ],
    { error: 'Deve essere un numero' },
  ),
);

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()], { error: 'Ogni cella deve essere un testo' }).transform((v) => (v === null ? '' : String(v)));

/** machine_notes as a JSON array of rows, or the same array as a JSON string (form posts). */
const machineNotes = z.preprocess(
  (v) => {
    if (absent(v)) return [];
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.array(z.record(z.string(), cell, { error: 'Ogni riga deve essere un oggetto colonna: testo' }), { error: 'Atteso un elenco di righe (JSON)' }),
);

const optionalKey = (max: number) =>
  z.preprocess(
    (v) => (absent(v) ? undefined : v),
    z
      .string({ error: 'Deve essere un testo' })
      .trim()
      .refine((v) => charCount(v) <= max, tooLong(max))
      .optional(),
  );

/**
 * Body of save, submit and update: the spec's payload plus the optional `revision` the
 * client last read (GET's `revision`), parsed into the report command's input (the key
 * fields under the domain's names, the content, the revision). `confirmed` is accepted and
 * ignored: the endpoint decides it. Key fields may be blank here so a submit can name them
 * with the other missing fields.
 */
export const shiftNoteBody = z
  .object({
    day: optionalKey(10).superRefine((v, ctx) => {
      if (v !== undefined) dayCheck(v, ctx);
    }),
    shift_code: optionalKey(10),
    line_name: optionalKey(120),
    notes: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'Deve essere un testo' })),
    machine_notes: machineNotes,
    production_volume: figure,
    waste: figure,
    working_time: figure,
    revision: z.preprocess(
      (v) => (absent(v) ? undefined : v),
      z
        .union(
          [
            z.number(),
            z
              .string()
              .trim()
              .regex(/^-?\d{1,9}$/)
              .transform(Number),
          ],
          { error: 'Revisione non valida' },
        )
        .pipe(z.number().int('Revisione non valida').min(-1, 'Revisione non valida'))
        .optional(),
    ),
  })
  .transform((b): ShiftNoteInput => ({
    day: b.day,
    shiftCode: b.shift_code,
    lineName: b.line_name,
    content: { notes: b.notes, machineNotes: b.machine_notes, productionVolume: b.production_volume, waste: b.waste, workingTime: b.working_time },
    revision: b.revision,
  }));

/** A report write as the body gives it: the key may still be incomplete (see requireKey). */
export interface ShiftNoteInput {
  day?: string;
  shiftCode?: string;
  lineName?: string;
  content: ReportContent;
  revision?: number;
}

/**
 * Day, line and shift are required for every write. For a submit or an amend their
 * absence is part of "fill everything in" (INCOMPLETE_REPORT naming every missing field).
 */
export function requireKey(input: ShiftNoteInput, confirming: boolean): { day: string; shiftCode: string; lineName: string } {
  const { day, shiftCode, lineName } = input;
  if (day && shiftCode && lineName) return { day, shiftCode, lineName };
  const missing: Record<string, string> = {};
  if (!day) missing.day = 'Obbligatorio';
  if (!lineName) missing.line_name = 'Obbligatorio';
  if (!shiftCode) missing.shift_code = 'Obbligatorio';
  if (confirming) throw incompleteReport({ ...missing, ...missingForSubmit(input.content) });
  throw validationError(MESSAGES.invalidDraft, missing);
}
