/** Thrown when the gate's queue is full: the caller refuses at once instead of piling up. */
export class GateFullError extends Error {
  constructor() {
    super('Too many password checks waiting');
  }
}

/**
 * At most `limit` tasks at a time, at most `queueLimit` more waiting in arrival order, the
 * rest refused at once. Around scrypt: a login flood would otherwise fill Node's thread pool
 * with hashes of 50 ms each and a real login would wait behind all of them; bounded, it waits
 * for at most the hashes queued before it, and the flood past the queue is refused unhashed.
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly limit: number,
    readonly queueLimit: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else if (this.waiting.length < this.queueLimit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw new GateFullError();
    try {
      return await task();
    } finally {
      // A waiting task takes the slot over; otherwise the slot is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
