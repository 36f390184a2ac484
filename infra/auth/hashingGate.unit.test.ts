import { verifyPassword, hashPassword } from './passwords.js';
import { ConcurrencyGate, GateFullError } from './hashingGate.js';

/** The real scrypt verification, counting how many run at once. */
function countedVerify() {
  const seen = { now: 0, most: 0, calls: 0 };
  const verify = async (password: string, stored: string) => {
    seen.calls++;
    seen.most = Math.max(seen.most, ++seen.now);
    try {
      return await verifyPassword(password, stored);
    } finally {
      seen.now--;
    }
  };
  return { seen, verify };
}

describe('the password hashing gate', () => {
  let stored: string;
  beforeAll(async () => {
    stored = await hashPassword('demo');
  });

  it('runs at most 2 scrypt verifications at once out of 6 sent together, and answers all 6', async () => {
    const gate = new ConcurrencyGate(2, 4);
    const { seen, verify } = countedVerify();
    const answers = await Promise.all(['demo', 'x', 'demo', 'y', 'demo', 'z'].map((p) => gate.run(() => verify(p, stored))));
    expect(answers).toEqual([true, false, true, false, true, false]);
    expect([seen.calls, seen.most]).toEqual([6, 2]);
  });

  it('refuses at once what comes past 2 running and 2 waiting, running no scrypt for it', async () => {
    const gate = new ConcurrencyGate(2, 2);
    const { seen, verify } = countedVerify();
    const results = await Promise.allSettled(Array.from({ length: 7 }, () => gate.run(() => verify('demo', stored))));
    expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : r.reason instanceof GateFullError ? 'full' : 'other'))).toEqual(['ok', 'ok', 'ok', 'ok', 'full', 'full', 'full']);
    expect([seen.calls, seen.most]).toEqual([4, 2]);
  });

  it('serves again once the queue has drained, also after a failed task', async () => {
    const gate = new ConcurrencyGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    const { seen, verify } = countedVerify();
    expect(await gate.run(() => verify('demo', stored))).toBe(true);
    expect(seen.calls).toBe(1);
  });
});
