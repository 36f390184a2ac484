import { shiftReportStream, type ReportContent, type ShiftReportEvent } from '../../domain/shiftReports/events.js';
import { shiftReportFold } from '../../domain/shiftReports/state.js';
import { runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
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
 * The whole report command (autosave, submit, amend): resolves the line by name, the
 * shift's length and the labels from the plant and calendar streams (404 for an unknown
 * line or shift), then decides on the report's stream. The user is the command's.
 *
 * Without a `revision`, one user's concurrent commands on one report are applied in the
 * order they arrived (docs/line-log.md): this process runs them one at a time, and a
 * conflict with a write from elsewhere is retried on fresh state. With a `revision`, a
 * mismatch is a 409 at once.
 */
export async function handleShiftReport(deps: CommandDeps, input: ShiftReportInput, ctx: CommandContext): Promise<CommandResult<ShiftReportEvent> & { context: ReportContext }> {
  if (input.revision !== undefined) return decideReport(deps, input, ctx, {});
  const key = JSON.stringify([ctx.username, input.lineName, input.day, input.shiftCode]);
  return revisionless.run(key, () => decideReport(deps, input, ctx, { maxRetries: REVISIONLESS_RETRIES }));
}

async function decideReport(
  deps: CommandDeps,
  input: ShiftReportInput,
  ctx: CommandContext,
  options: { maxRetries?: number },
): Promise<CommandResult<ShiftReportEvent> & { context: ReportContext }> {
  const pinned = input.revision;
  let context: ReportContext | undefined;
  const result = await runCommand(
    deps,
    ctx,
    async (reads) => {
      context = await loadReportContext(reads, { lineName: input.lineName, day: input.day, shiftCode: input.shiftCode, username: ctx.username });
      const stream = shiftReportStream(context.key.lineId, input.day, input.shiftCode);
      const state = await reads.read(stream, shiftReportFold);
      if (pinned !== undefined) reads.requireRevision(stream, pinned);
      const command = {
        type: COMMAND[input.mode],
        key: context.key,
        content: input.content,
        labels: context.labels,
        shiftHours: context.shiftHours,
        shiftStart: context.shiftStart,
        username: ctx.username,
        revisionPinned: pinned !== undefined,
      } as ShiftReportCommand;
      return { stream, events: shiftReportDecider.decide(command, state, ctx.now) };
    },
    { maxRetries: pinned === undefined ? options.maxRetries : 0 },
  );
  return { ...result, context: context! };
}
