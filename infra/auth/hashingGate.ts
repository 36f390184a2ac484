/** Thrown when the gate's queue is full: the caller refuses at once instead of piling up. */
export class GateFullError extends Error {
  constructor() {
    super('Too many password checks waiting');
  }
}

/**
 * Who a task is for: `key` is the caller's address (one waiting task per address), `weight` how
 * many attempts it made lately (the address's login count). Without a ticket a task is a
 * signed-in user's (a password change, an account created) and weighs nothing.
 */
export interface GateTicket {
  key: string;
  weight: number;
}

interface Waiting {
  key: string | null;
  weight: number;
  order: number;
  start: () => void;
  refuse: (err: Error) => void;
}

/**
 * At most `limit` tasks at a time, at most `queueLimit` more waiting, the rest refused at once.
 * Around scrypt: a login flood would otherwise fill Node's thread pool with hashes of 50 ms
 * each and a real login would wait behind all of them; bounded, the flood past the queue is
 * refused unhashed. Fair, so a flood from many addresses cannot keep a real user out:
 * - per address: one task waiting per key; a second from the same key is refused (and makes its
 *   waiting task weigh as much as the key's latest count);
 * - globally: the lightest waiting task runs first (then in arrival order), and a newcomer that
 *   finds the queue full takes the place of the heaviest waiting task when it weighs less, that
 *   task being refused instead. A person trying once weighs 1; a flooding address, its count.
 */
export class ConcurrencyGate {
  private running = 0;
  private arrivals = 0;
  private readonly waiting: Waiting[] = [];

  constructor(
    readonly limit: number,
    readonly queueLimit: number,
  ) {}

  /** How many tasks wait for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>, ticket?: GateTicket): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await this.wait(ticket);
    try {
      return await task();
    } finally {
      // The lightest waiting task takes the slot over; otherwise the slot is freed.
      const next = this.takeLightest();
      if (next) next.start();
      else this.running--;
    }
  }

  private wait(ticket: GateTicket | undefined): Promise<void> {
    const key = ticket?.key ?? null;
    const weight = ticket?.weight ?? 0;
    if (key !== null) {
      const same = this.waiting.find((w) => w.key === key);
      if (same) {
        same.weight = Math.max(same.weight, weight);
        throw new GateFullError();
      }
    }
    if (this.waiting.length >= this.queueLimit) {
      const heaviest = this.heaviest();
      if (!heaviest || heaviest.weight <= weight) throw new GateFullError();
      this.waiting.splice(this.waiting.indexOf(heaviest), 1);
      heaviest.refuse(new GateFullError());
    }
    return new Promise<void>((start, refuse) => this.waiting.push({ key, weight, order: this.arrivals++, start, refuse }));
  }

  /** The heaviest waiting task, the latest of equals (the earliest keeps its place). */
  private heaviest(): Waiting | undefined {
    return this.waiting.reduce<Waiting | undefined>(
      (worst, w) => (!worst || w.weight > worst.weight || (w.weight === worst.weight && w.order > worst.order) ? w : worst),
      undefined,
    );
  }

  private takeLightest(): Waiting | undefined {
    const best = this.waiting.reduce<Waiting | undefined>((b, w) => (!b || w.weight < b.weight || (w.weight === b.weight && w.order < b.order) ? w : b), undefined);
    if (best) this.waiting.splice(this.waiting.indexOf(best), 1);
    return best;
  }
}
