import type { Position } from '../../domain/shared/eventStore.js';
import type { ProjectionEngine } from '../../workers/projectionEngine.js';

/**
 * Catches a projection up until it has passed `position`. An event becomes readable
 * only once every older transaction in the cluster has ended, and parallel test files
 * share the cluster, so a single catch-up may legitimately stop short, and on a loaded machine
 * another file's long transaction can hide the events for many seconds.
 */
export async function catchUpTo(engine: ProjectionEngine, name: string, position: Position, timeoutMs = 45_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let processed = 0;
  for (;;) {
    processed += await engine.catchUp(name);
    if ((await engine.reached([name], position)).includes(name)) return processed;
    if (Date.now() > deadline) throw new Error(`${name} did not reach ${position.commit}/${position.prepare} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
