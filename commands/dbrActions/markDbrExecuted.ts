import type { DbrActionEvent } from '../../domain/dbrActions/events.js';
import { dbrActionNotFound } from '../../domain/dbrActions/rules.js';
import type { DbrActionState } from '../../domain/dbrActions/state.js';
import type { CommandContext, runCommand } from '../handleCommand.js';
import { handleOnAction, type DbrActionResult } from './actionStream.js';

/** The checkbox of 'Attività giornaliere' ticked (foundations §4). */
export interface MarkDbrExecuted {
  type: 'MarkDbrExecuted';
  actionId: number;
}

/**
 * Unknown or deleted: 404. Already executed: nothing changes (a double tap on a tablet is
 * not an error; the first time stays). Otherwise executed now, by the command's clock.
 */
export function decideMarkDbrExecuted(command: MarkDbrExecuted, state: DbrActionState, now: Date): DbrActionEvent[] {
  if (state.status !== 'active') throw dbrActionNotFound();
  if (state.action.executedAt !== null) return [];
  return [{ type: 'DbrActionMarkedExecuted', data: { actionId: command.actionId, executedAt: now.toISOString() } }];
}

export function handleMarkDbrExecuted(deps: Parameters<typeof runCommand>[0], input: { actionId: number }, ctx: CommandContext): Promise<DbrActionResult> {
  return handleOnAction(deps, input.actionId, ctx, (state, now) => decideMarkDbrExecuted({ type: 'MarkDbrExecuted', ...input }, state, now));
}
