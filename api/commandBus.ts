import type { Context } from 'koa';
import type { EventOf } from '../domain/shared/catalog.js';
import type { CommandContext, CommandResult } from '../commands/handleCommand.js';
import type { Position } from '../domain/shared/eventStore.js';
import { validationError } from '../domain/shared/errors.js';
import type { AppDeps } from './deps.js';
import type { AuthUser } from './middlewares/auth.js';

const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The event a client acted on, from `X-Causation-Id`: an assistant or integration that issues
 * a command because of an event it read (a stop it was shown, a report it was asked to correct)
 * names that event's id, and the command's events carry it as their causation id. Absent: null.
 */
export function causationFrom(ctx: Context): string | null {
  // Read from the request's headers as Koa parsed them; a context built by hand (tests, scripts) may have none.
  const raw = ctx.request?.headers?.['x-causation-id'];
  const header = (Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '')).trim();
  if (!header) return null;
  if (!EVENT_ID.test(header)) throw validationError('Causation id non valido', { 'X-Causation-Id': "Atteso l'id di un evento (UUID)" });
  return header.toLowerCase();
}

/** The request's user, correlation and causation ids and the app's clock, as a command's context. */
export function commandContext(deps: AppDeps, ctx: Context): CommandContext {
  const user = ctx.state.user as AuthUser;
  return { userId: user.userId, username: user.username, role: user.role, correlationId: ctx.state.correlationId as string, causationId: causationFrom(ctx), now: deps.clock() };
}

/**
 * The API's way to run a command: the handler runs for the request's user, then the
 * projections its events touch are woken and awaited (bounded) until they have caught up,
 * so the page that reloads sees the change.
 * The handler's own result comes back whole (a handler may add what the route presents).
 */
export async function runWithReadYourWrites<R extends CommandResult<EventOf>>(deps: AppDeps, ctx: Context, handler: (context: CommandContext) => Promise<R>): Promise<R> {
  const result = await handler(commandContext(deps, ctx));
  if (result.position) {
    const affected = deps.engine.affectedBy(result.events.map((e) => e.type));
    const caughtUp = await waitForReadModels(deps, affected, result.position);
    if (!caughtUp) deps.log.warn({ path: ctx.path, affected }, 'read models did not catch up within the read-your-writes bound');
  }
  return result;
}

/**
 * Wakes the projections and waits for them, waking them again every 100 ms: an event
 * becomes readable only once every older transaction in the cluster has ended, so a
 * runner woken a moment too early may find nothing and must be woken once more.
 * One wait for the whole bound (one look at the checkpoints, then their notifications):
 * when the read models lag under load, fifty waiting commands must not each read the
 * checkpoints ten times a second on top of the work that would let them catch up.
 */
export async function waitForReadModels(deps: AppDeps, names: string[], position: Position): Promise<boolean> {
  if (names.length === 0) return true;
  const caughtUp = deps.waiter.waitFor(names, position, deps.readYourWritesMs);
  deps.scheduler.wake(names);
  const again = setInterval(() => deps.scheduler.wake(names), 100);
  try {
    return await caughtUp;
  } finally {
    clearInterval(again);
  }
}
