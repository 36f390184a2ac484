import type { EventOf } from '../../domain/shared/catalog.js';
import { onStream, runCommand, type CommandContext, type CommandDeps, type CommandResult, type Decider } from '../../commands/handleCommand.js';

/**
 * Records on one stream what an aggregate's decider decides there, through the command
 * runner: test state built from commands where the test wants the decision alone (a
 * calendar with patterns of its own, a plant-less store), not the handler's other reads.
 */
export function decideOn<C, S, E extends EventOf>(deps: CommandDeps, stream: string, decider: Decider<C, S, E>, command: C, ctx: CommandContext): Promise<CommandResult<E>> {
  return runCommand(
    deps,
    ctx,
    onStream(stream, decider, (state) => decider.decide(command, state, ctx.now)),
  );
}
