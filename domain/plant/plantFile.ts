import { maxChars, plantIdSchema, stopThresholdMinutesSchema } from '../shared/bounds.js';
import { z } from 'zod';
import { dbrConstantsSchema } from '../dbr/constants.js';
import { hhmm } from './events.js';
import { oeeCategorySchema } from '../oee/categories.js';

/**
 * The plant file: a whole plant as JSON, the input of `npm run plant:import` and the
 * shape of the shipped demo plant. Items are matched to the recorded structure by
 * `id` when given (which allows a rename) and otherwise by name among their siblings;
 * whatever the file no longer lists is retired. See docs/plant.md.
 */
const name = z.string().trim().min(1, 'Obbligatorio').pipe(maxChars(120));
const id = plantIdSchema;

/** A leaf item: a plain name, or `{ id, name }` to pin (and rename) a recorded one. */
const leaf = z.union([name, z.object({ id: id.optional(), name }).strict()]).transform((v) => (typeof v === 'string' ? { name: v } : v));

/** Sibling names must differ, or matching by name would be ambiguous. */
function uniqueNames(items: Array<{ name: string }>, ctx: z.RefinementCtx, what = 'name') {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.name)) ctx.addIssue({ code: 'custom', path: what === 'name' ? [i, 'name'] : [i], message: `Nome ripetuto: ${item.name}` });
    seen.add(item.name);
  });
}

const uniqueLeaves = z.array(leaf).superRefine((items, ctx) => uniqueNames(items, ctx, 'leaf'));

/**
 * A planned stop reason: a leaf that may also say its OEE category (docs/oee.md); without
 * one, a new reason gets its name's default and a recorded one keeps what it has.
 */
const reason = z
  .union([name, z.object({ id: id.optional(), name, oeeCategory: oeeCategorySchema.optional() }).strict()])
  .transform((v) => (typeof v === 'string' ? { name: v } : v));

const workpoint = z.object({ id: id.optional(), name, stopCodes: uniqueLeaves.default([]) }).strict();
const equipment = z.object({ id: id.optional(), name, workpoints: z.array(workpoint).superRefine(uniqueNames).default([]) }).strict();
const line = z
  .object({
    id: id.optional(),
    name,
    referenceMachine: name,
    /** The machine whose count is the line's output (docs/machine-signals.md); left out: the line's last machine. */
    countingEquipment: name.optional(),
    equipments: z.array(equipment).superRefine(uniqueNames).default([]),
    dbrConstants: dbrConstantsSchema.strict().optional(),
    /** Minutes a machine stop lasts before it is a detected stop on this line; absent, the plant's MACHINE_STOP_THRESHOLD_MINUTES. */
    stopThresholdMinutes: stopThresholdMinutesSchema.optional(),
  })
  .strict()
  .refine((l) => l.countingEquipment === undefined || l.equipments.some((e) => e.name === l.countingEquipment), {
    message: 'Nessuna macchina della linea ha questo nome',
    path: ['countingEquipment'],
  });

const unit = z.string().trim().pipe(maxChars(20));
const shift = z
  .object({
    name: z.string().trim().min(1, 'Obbligatorio').pipe(maxChars(60)),
    code: z.string().trim().min(1, 'Obbligatorio').pipe(maxChars(10)),
    start: hhmm,
    end: hhmm,
    extra: z.boolean().default(false),
  })
  .strict()
  .refine((s) => s.start !== s.end, { message: "L'inizio e la fine del turno coincidono", path: ['end'] });

const shopFloor = z
  .object({
    id: id.optional(),
    name,
    units: z.object({ unit1: z.string().trim().min(1, 'Obbligatorio').pipe(maxChars(20)), unit2: unit.default(''), unit3: unit.default('') }).strict(),
    reportLabels: z
      .array(z.string().trim().min(1, 'Obbligatorio').pipe(maxChars(60)))
      .max(20)
      .default([]),
    manageExtraShift: z.boolean().default(false),
    shifts: z.array(shift).default([]),
    lines: z.array(line).superRefine(uniqueNames).default([]),
  })
  .strict()
  .superRefine((floor, ctx) => {
    const codes = new Set<string>();
    floor.shifts.forEach((s, i) => {
      if (codes.has(s.code)) ctx.addIssue({ code: 'custom', path: ['shifts', i, 'code'], message: `Codice turno ripetuto: ${s.code}` });
      codes.add(s.code);
    });
    const labels = new Set<string>();
    floor.reportLabels.forEach((l, i) => {
      if (labels.has(l)) ctx.addIssue({ code: 'custom', path: ['reportLabels', i], message: `Etichetta ripetuta: ${l}` });
      labels.add(l);
    });
  });

export const plantFileSchema = z
  .object({
    shopFloors: z.array(shopFloor).min(1, 'Almeno un reparto').superRefine(uniqueNames),
    triggeringEvents: uniqueLeaves.default([]),
    plannedStopReasons: z
      .array(reason)
      .superRefine((items, ctx) => uniqueNames(items, ctx, 'leaf'))
      .default([]),
  })
  .strict();

export type PlantFile = z.infer<typeof plantFileSchema>;
export type PlantFileShopFloor = PlantFile['shopFloors'][number];
export type PlantFileLine = PlantFileShopFloor['lines'][number];

/** `shopFloors[0].lines[1].name`: the JSON path of a bad field, as the import reports it. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || '$';
}

export interface PlantFileIssue {
  path: string;
  message: string;
}

/** Validates a parsed JSON value; the issues name each bad field's path. */
export function parsePlantFile(raw: unknown): { ok: true; plant: PlantFile } | { ok: false; issues: PlantFileIssue[] } {
  const r = plantFileSchema.safeParse(raw);
  if (r.success) return { ok: true, plant: r.data };
  return { ok: false, issues: r.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })) };
}
