import type { Knex } from 'knex';

/**
 * Counts login attempts per key (username and address; or the address alone, `addr:<ip>`,
 * for the failures across usernames) in a fixed window, in PostgreSQL,
 * so every instance on the database shares one allowance and a restart forgets nothing.
 * An attempt is counted before the password is checked, atomically, so parallel guesses
 * on several instances cannot slip past the limit; a successful login clears the key.
 */
export class LoginRateLimiter {
  constructor(
    private readonly knex: Knex,
    private readonly maxAttempts: number,
    private readonly windowSeconds: number,
  ) {}

  /** Counts one attempt; false when the key has used up its allowance in the current window. */
  async attempt(key: string): Promise<boolean> {
    return (await this.count(key)).allowed;
  }

  /** Counts one attempt; answers whether it is within the allowance and the window's count so far (the hashing gate's weight). */
  async count(key: string): Promise<{ allowed: boolean; attempts: number }> {
    const { rows } = await this.knex.raw<{ rows: Array<{ attempts: number }> }>(
      `insert into login_attempts (key, attempts, window_started) values (?, 1, now())
       on conflict (key) do update set
         attempts = case when login_attempts.window_started <= now() - make_interval(secs => ?) then 1 else login_attempts.attempts + 1 end,
         window_started = case when login_attempts.window_started <= now() - make_interval(secs => ?) then now() else login_attempts.window_started end
       returning attempts`,
      [key, this.windowSeconds, this.windowSeconds],
    );
    const attempts = rows[0]!.attempts;
    return { allowed: attempts <= this.maxAttempts, attempts };
  }

  /**
   * Takes back one attempt counted under the key (never below zero): a successful login from
   * an address, so logins that succeed never use up the address's allowance, while the failures
   * counted there stay counted.
   */
  async giveBack(key: string): Promise<void> {
    await this.knex('login_attempts')
      .where({ key })
      .update({ attempts: this.knex.raw('greatest(attempts - 1, 0)') });
  }

  async succeed(key: string): Promise<void> {
    await this.knex('login_attempts').where({ key }).del();
  }

  /** Drops the counters of windows that have ended; called now and then by the login route. */
  async sweep(): Promise<void> {
    await this.knex.raw(`delete from login_attempts where window_started <= now() - make_interval(secs => ?)`, [this.windowSeconds]);
  }
}
