import type { DomainError } from '../../domain/shared/errors.js';
import { deciderSpec } from '../support/deciderSpec.js';
import type { ReportContent, ReportKey, ShiftReportEvent } from '../../domain/shiftReports/events.js';
import { shiftReportDecider, type ShiftReportCommand } from '../../commands/shiftReports/decider.js';
import type { ReportCommandBase } from '../../commands/shiftReports/reportCommand.js';

/** 11:00 in Rome on 10 March 2030: "today" for the plant. */
export const NOW = new Date('2030-03-10T10:00:00Z');
export const KEY: ReportKey = { lineId: 1, shopFloorId: 1, day: '2030-03-10', shiftCode: 'A' };
/** Shift A of KEY's day began at 06:00 in Rome. */
export const SHIFT_START = '2030-03-10T05:00:00.000Z';
export const LABELS = ['Macchina', 'Nota'];
export const FULL: ReportContent = {
  notes: 'Turno regolare, cambio formato alle 10',
  machineNotes: [{ Macchina: 'Riempitrice', Nota: 'Valvola sostituita' }],
  productionVolume: 11000,
  waste: 120,
  workingTime: 7.5,
};
export const EMPTY: ReportContent = { notes: '', machineNotes: [], productionVolume: null, waste: null, workingTime: null };

/** A command of the given type with sensible defaults: frontline, the full content, an 8-hour shift begun at 06:00, no revision. */
export function command<T extends ShiftReportCommand['type']>(type: T, over: Partial<ReportCommandBase> = {}): Extract<ShiftReportCommand, { type: T }> {
  return { type, key: KEY, content: FULL, labels: LABELS, shiftHours: 8, shiftStart: SHIFT_START, username: 'frontline', revisionPinned: false, ...over } as Extract<
    ShiftReportCommand,
    { type: T }
  >;
}

const event =
  (type: ShiftReportEvent['type']) =>
  (content: ReportContent = FULL, by = 'frontline'): ShiftReportEvent => ({ type, data: { ...KEY, ...content, by } });
export const draftSaved = event('ShiftReportDraftSaved');
export const submitted = event('ShiftReportSubmitted');
export const amended = event('ShiftReportAmended');

/** The report decider's given/when/then, deciding at NOW unless a case names its own time. */
export const spec = deciderSpec(shiftReportDecider, NOW);

/** code, status, message and the named fields (sorted) of a refusal, for one-line expectations. */
const summary = (e: DomainError) => ({ code: e.code, status: e.status, message: e.message, fields: Object.keys(e.fields ?? {}).sort() });

/** A refusal whose summary is exactly this. */
export const refusedWith = (expected: ReturnType<typeof summary>) => (e: DomainError) => expect(summary(e)).toEqual(expected);

/** A refusal whose summary has these values (`fields` as the whole sorted list of named fields). */
export const refusedLike = (expected: Partial<ReturnType<typeof summary>>) => (e: DomainError) => expect(summary(e)).toMatchObject(expected);
