import { useTestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { IdempotencyKeys } from './idempotencyKeys.js';

/** The key table's lifecycle: claimed once, answered, given up, expired after 24 h, abandoned claims taken over after 2 min. */
describeWith(['postgres'])('IdempotencyKeys', () => {
  const db = useTestDatabase({ pool: { max: 4 } });
  let keys: IdempotencyKeys;
  const age = (key: string, interval: string) => db.knex.raw(`update idempotency_keys set created_at = now() - interval '${interval}' where key = ?`, [key]);

  beforeAll(() => {
    keys = new IdempotencyKeys(db.knex);
  });

  it('lets one request claim a key; the others see it running, then its answer', async () => {
    const claims = await Promise.all(Array.from({ length: 6 }, () => keys.claim('u-1', 'k-1', 'h')));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await keys.find('u-1', 'k-1')).toEqual({ requestHash: 'h', status: null, body: null });
    await keys.complete('u-1', 'k-1', 'h', 201, { id: 7 });
    expect(await keys.find('u-1', 'k-1')).toEqual({ requestHash: 'h', status: 201, body: { id: 7 } });
    expect(await keys.claim('u-1', 'k-1', 'h')).toBe(false);
    expect(await keys.claim('u-2', 'k-1', 'h')).toBe(true);
  });

  it('frees a given-up key for the retry', async () => {
    expect(await keys.claim('u-1', 'k-2', 'h')).toBe(true);
    await keys.release('u-1', 'k-2', 'h');
    expect(await keys.find('u-1', 'k-2')).toBeNull();
    expect(await keys.claim('u-1', 'k-2', 'h')).toBe(true);
  });

  it('forgets an answer after 24 hours, and takes over a claim left running for over 2 minutes', async () => {
    expect(await keys.claim('u-1', 'k-3', 'h')).toBe(true);
    await keys.complete('u-1', 'k-3', 'h', 200, { ok: true });
    await age('k-3', '23 hours');
    expect(await keys.claim('u-1', 'k-3', 'h2')).toBe(false);
    await age('k-3', '25 hours');
    expect(await keys.find('u-1', 'k-3')).toBeNull();
    expect(await keys.claim('u-1', 'k-3', 'h2')).toBe(true);
    expect(await keys.find('u-1', 'k-3')).toEqual({ requestHash: 'h2', status: null, body: null });

    expect(await keys.claim('u-1', 'k-4', 'h')).toBe(true);
    await age('k-4', '1 minute');
    expect(await keys.claim('u-1', 'k-4', 'h')).toBe(false);
    await age('k-4', '3 minutes');
    expect(await keys.claim('u-1', 'k-4', 'h')).toBe(true);
    // An answered key is never taken over before it expires, however old its request.
    await keys.complete('u-1', 'k-4', 'h', 200, {});
    await age('k-4', '3 minutes');
    expect(await keys.claim('u-1', 'k-4', 'h')).toBe(false);
  });
});
