import { dbrActionStream, type DbrActionEvent } from '../../domain/dbrActions/events.js';
import { dbrActionFold, evolveDbrAction, type DbrActionFacts, type DbrActionState } from '../../domain/dbrActions/state.js';
import { runCommand, type CommandContext, type CommandResult } from '../handleCommand.js';
import type { ReadSet } from '../readSet.js';

/** What every DBR action command answers: the command's result and the action as it now stands. */
export interface DbrActionResult extends CommandResult<DbrActionEvent> {
  /** After the command; for a deletion, the action as it was. */
  action: DbrActionFacts;
}

/** The state after the decided events: the answer of a command that changed nothing is the current state. */
export function factsAfter(state: DbrActionState, events: readonly DbrActionEvent[]): DbrActionFacts {
  const after = events.reduce(evolveDbrAction, state);
  if (after.status === 'none') throw new Error('A DBR action command decided on an action that does not exist');
  return after.action;
}

/**
 * Reads, decides and appends on one action's stream. Shared by the commands that touch
 * one existing action (one that needs more, e.g. the plant, reads it through `reads`); the answer carries the action as it stands afterwards.
 */
export function handleOnAction(
  deps: Parameters<typeof runCommand>[0],
  actionId: number,
  ctx: CommandContext,
  decide: (state: DbrActionState, now: Date, reads: ReadSet) => DbrActionEvent[] | Promise<DbrActionEvent[]>,
): Promise<DbrActionResult> {
  let answer: DbrActionResult['action'] | null = null;
  return runCommand(deps, ctx, async (reads) => {
    const stream = dbrActionStream(actionId);
    const state = await reads.read(stream, dbrActionFold);
    const events = await decide(state, ctx.now, reads);
    answer = factsAfter(state, events);
    return { stream, events };
  }).then((result) => ({ ...result, action: answer! }));
}
