import type { Knex } from 'knex';
import type { EventCatalog } from '../../domain/shared/catalog.js';
import type { EventStore } from '../../domain/shared/eventStore.js';
import { shiftReportStream, type ReportContent, type ShiftReportEvent } from '../../domain/shiftReports/events.js';
import { handleCommand, type CommandContext, type CommandResult } from '../handleCommand.js';
import { KeyedQueue } from '../keyedQueue.js';
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

/** Revision-less report commands of one user on one report, in arrival order. */
const revisionless = new KeyedQueue();

/**
 * Conflicts a revision-less command may still meet after the queue: another instance, or
 * another user (whose write the author rule then refuses with 409 on the retry).
 */
const REVISIONLESS_RETRIES = 10;

/**
 * The whole report command (autosave, submit, amend): resolves the line by name and the
 * shift's length and labels from the read models (404 for an unknown line or shift),
 * then decides on the report's stream. The user is the command's.
 *
 * Without a `revision`, one user's concurrent commands on one report are applied in the
 * order they arrived (docs/line-log.md): this process runs them one at a time, and a
 * conflict with a write from elsewhere is retried on fresh state. With a `revision`, a
 * mismatch is a 409 at once.
 */
export async function handleShiftReport(
  deps: { store: EventStore; catalog: EventCatalog; knex: Knex },
  input: ShiftReportInput,
  ctx: CommandContext,
): Promise<CommandResult<ShiftReportEvent> & { context: ReportContext }> {
  if (input.revision !== undefined) return decideReport(deps, input, ctx, {});
  const key = JSON.stringify([ctx.username, input.lineName, input.day, input.shiftCode]);
  return revisionless.run(key, () => decideReport(deps, input, ctx, { maxRetries: REVISIONLESS_RETRIES }));
}

async function decideReport(
  deps: { store: EventStore; catalog: EventCatalog; knex: Knex },
  input: ShiftReportInput,
  ctx: CommandContext,
  options: { maxRetries?: number },
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
  const result = await handleCommand(deps, stream, shiftReportDecider, command, ctx, { expectedRevision: input.revision, ...options });
  return { ...result, context };
}
