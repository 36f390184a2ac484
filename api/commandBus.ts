import type { Context } from 'koa';
import type { EventOf } from '../domain/shared/catalog.js';
import { handleCommand, type Decider, type HandleOptions } from '../commands/handleCommand.js';
import type { AppDeps } from './deps.js';
import type { AuthUser } from './middlewares/auth.js';

/**
 * Runs a command for the request's user, wakes the projections its events touch and
 * waits (bounded) until they have caught up, so the page that reloads sees the change.
 */
export async function execute<C, S, E extends EventOf>(
  deps: AppDeps,
  ctx: Context,
  stream: string,
  decider: Decider<C, S, E>,
  command: C,
  options: HandleOptions = {},
) {
  const user = ctx.state.user as AuthUser;
  const result = await handleCommand(deps, stream, decider, command, {
    userId: user.userId,
    username: user.username,
    role: user.role,
    correlationId: ctx.state.correlationId as string,
    now: deps.clock(),
  }, options);
  if (result.position) {
    const affected = deps.engine.affectedBy(result.events.map((e) => e.type));
    deps.scheduler.wake(affected);
    const caughtUp = await deps.waiter.waitFor(affected, result.position, deps.readYourWritesMs);
    if (!caughtUp) deps.log.warn({ stream, affected }, 'read models did not catch up within the read-your-writes bound');
  }
  return result;
}
