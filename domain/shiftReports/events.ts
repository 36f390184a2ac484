import { z } from 'zod';
import { defineEvent } from '../shared/catalog.js';
import type { EventFromDefinition } from '../plant/events.js';
import { isoDay } from '../shifts/events.js';
import { MAX_PIECES, MAX_REPORT_HOURS, MAX_USERNAME, maxChars, plantIdSchema } from '../shared/bounds.js';

/**
 * One machine-note row: column label -> cell text. The labels are the shop floor's
 * report labels when the row is written; the stored shape stays open (labels may be
 * renamed later, and an old report must still be readable).
 */
export const machineNoteRowSchema = z.record(z.string(), z.string());
export type MachineNoteRow = z.infer<typeof machineNoteRowSchema>;

/**
 * What the operator writes in a shift report. Every event carries it whole, so the
 * read model is an upsert of the last event and a replay never has to merge patches.
 * Text limits live in rules.ts, not here: a limit changed later must not make old events
 * unreadable. The figures' bounds are here (domain/shared/bounds.ts): every read model sums
 * them, so a figure no plant can produce must never reach one.
 */
export const reportContentSchema = z.object({
  notes: z.string(),
  machineNotes: z.array(machineNoteRowSchema),
  /** Pieces in the shop floor's unit1; null while a draft leaves it empty. */
  productionVolume: z.number().nonnegative().max(MAX_PIECES).nullable(),
  waste: z.number().nonnegative().max(MAX_PIECES).nullable(),
  /** Hours, decimals allowed. */
  workingTime: z.number().nonnegative().max(MAX_REPORT_HOURS).nullable(),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

/** The report's natural key; the line determines the shop floor, which is kept for the readers. */
export const reportKeySchema = z.object({
  lineId: plantIdSchema,
  shopFloorId: plantIdSchema,
  day: isoDay,
  shiftCode: z.string().min(1).pipe(maxChars(10)),
});
export type ReportKey = z.infer<typeof reportKeySchema>;

/** `by` is the author's username: the concurrency rule compares it (line-log.md), metadata keeps the rest. */
const reportData = reportKeySchema.extend({ ...reportContentSchema.shape, by: z.string().min(1).max(MAX_USERNAME) });

/** The operator's autosave: the report stays a draft (confirmed false). */
export const ShiftReportDraftSaved = defineEvent('ShiftReportDraftSaved', 1, reportData);
/**
 * The report became confirmed: submitted by an operator, or created by the improvement
 * role where none was confirmed. The stops decide "is this shift closed?" by this type.
 */
export const ShiftReportSubmitted = defineEvent('ShiftReportSubmitted', 1, reportData);
/** The improvement role changed a confirmed report. */
export const ShiftReportAmended = defineEvent('ShiftReportAmended', 1, reportData);

export const shiftReportEvents = [ShiftReportDraftSaved, ShiftReportSubmitted, ShiftReportAmended] as const;
export type ShiftReportEvent = EventFromDefinition<(typeof shiftReportEvents)[number]>;

/** Derived from the natural key, so two clients can never create the same report twice. */
export const shiftReportStream = (lineId: number, day: string, shiftCode: string) => `shift-report-${lineId}-${day}-${shiftCode}`;
