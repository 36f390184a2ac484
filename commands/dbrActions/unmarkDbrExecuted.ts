import type { DbrActionEvent } from '../../domain/dbrActions/events.js';
import { dbrActionNotFound } from '../../domain/dbrActions/rules.js';
import type { DbrActionState } from '../../domain/dbrActions/state.js';
import type { CommandContext, runCommand } from '../handleCommand.js';
import { handleOnAction, type DbrActionResult } from './actionStream.js';

/** The checkbox unticked: the action is open again (foundations §4). */
export interface UnmarkDbrExecuted {
  type: 'UnmarkDbrExecuted';
  actionId: number;
}

/** Unknown or deleted: 404. Not executed: nothing changes. Otherwise open again. */
export function decideUnmarkDbrExecuted(command: UnmarkDbrExecuted, state: DbrActionState): DbrActionEvent[] {
  if (state.status !== 'active') throw dbrActionNotFound();
  if (state.action.executedAt === null) return [];
  return [{ type: 'DbrActionUnmarkedExecuted', data: { actionId: command.actionId } }];
}

export function handleUnmarkDbrExecuted(deps: Parameters<typeof runCommand>[0], input: { actionId: number }, ctx: CommandContext): Promise<DbrActionResult> {
  return handleOnAction(deps, input.actionId, ctx, (state) => decideUnmarkDbrExecuted({ type: 'UnmarkDbrExecuted', ...input }, state));
}
