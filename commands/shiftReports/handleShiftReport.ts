import type { Knex } from 'knex';
import type { EventCatalog } from '../../domain/shared/catalog.js';
import type { EventStore } from '../../domain/shared/eventStore.js';
import { shiftReportStream, type ReportContent, type ShiftReportEvent } from '../../domain/shiftReports/events.js';
import { handleCommand, type CommandContext, type CommandResult } from '../handleCommand.js';
import { shiftReportDecider, type ShiftReportCommand } from './decider.js';
import { loadReportContext, type ReportContext } from './loadReportContext.js';

export type ReportMode = 'save' | 'submit' | 'amend';
const COMMAND: Record<ReportMode, ShiftReportCommand['type']> = { save: 'SaveShiftReportDraft', submit: 'SubmitShiftReport', amend: 'AmendShiftReport' };

export interface ShiftReportInput {
  mode: ReportMode;
  lineName: string;
  day: string;
  shiftCode: string;
  content: ReportContent;
  /** The revision the client last read; when given, a mismatch is a 409. */
  revision?: number;
}

/**
 * The whole report command (autosave, submit, amend): resolves the line by name and the
 * shift's length and labels from the read models (404 for an unknown line or shift),
 * then decides on the report's stream. The user is the command's.
 */
export async function handleShiftReport(
  deps: { store: EventStore; catalog: EventCatalog; knex: Knex },
  input: ShiftReportInput,
  ctx: CommandContext,
): Promise<CommandResult<ShiftReportEvent> & { context: ReportContext }> {
  const context = await loadReportContext(deps.knex, { lineName: input.lineName, day: input.day, shiftCode: input.shiftCode, username: ctx.username });
  const command = {
    type: COMMAND[input.mode],
    key: context.key,
    content: input.content,
    labels: context.labels,
    shiftHours: context.shiftHours,
    username: ctx.username,
    revisionPinned: input.revision !== undefined,
  } as ShiftReportCommand;
  const stream = shiftReportStream(context.key.lineId, input.day, input.shiftCode);
  const result = await handleCommand(deps, stream, shiftReportDecider, command, ctx, { expectedRevision: input.revision });
  return { ...result, context };
}
