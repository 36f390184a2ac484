/**
 * Runs the tasks of one key one after the other, in the order they were queued, within this
 * process; tasks of different keys run side by side. A failed task does not stop the next.
 * Used where the docs promise that concurrent requests are applied in order instead of
 * racing for the same stream revision (a user's own revision-less autosaves).
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task queued or running (for tests: the map empties itself). */
  get size(): number {
    return this.tails.size;
  }
}
