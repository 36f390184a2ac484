/**
 * Counts failed logins per key in a sliding window. In memory: a restart forgets,
 * which is acceptable for slowing down guessing from one address at one name.
 */
export class LoginRateLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly maxAttempts: number, private readonly windowMs: number) {}

  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.maxAttempts;
  }

  fail(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
    if (this.failures.size > 10_000) this.sweep(now);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private sweep(now: number): void {
    for (const [k, v] of this.failures) if (v.every((t) => now - t >= this.windowMs)) this.failures.delete(k);
  }
}
