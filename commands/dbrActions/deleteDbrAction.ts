import type { DbrActionEvent } from '../../domain/dbrActions/events.js';
import { dbrActionNotFound } from '../../domain/dbrActions/rules.js';
import type { DbrActionState } from '../../domain/dbrActions/state.js';
import type { CommandContext, runCommand } from '../handleCommand.js';
import { handleOnAction, type DbrActionResult } from './actionStream.js';

/** 'Elimina' in the 'Conferma eliminazione' modal of the DBR actions page. */
export interface DeleteDbrAction {
  type: 'DeleteDbrAction';
  actionId: number;
}

/** Unknown or already deleted: 404. Executed or not, the action may be deleted; the stream keeps it. */
export function decideDeleteDbrAction(command: DeleteDbrAction, state: DbrActionState): DbrActionEvent[] {
  if (state.status !== 'active') throw dbrActionNotFound();
  return [{ type: 'DbrActionDeleted', data: { actionId: command.actionId } }];
}

export function handleDeleteDbrAction(deps: Parameters<typeof runCommand>[0], input: { actionId: number }, ctx: CommandContext): Promise<DbrActionResult> {
  return handleOnAction(deps, input.actionId, ctx, (state) => decideDeleteDbrAction({ type: 'DeleteDbrAction', ...input }, state));
}
