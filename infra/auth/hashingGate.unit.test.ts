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

  describe('with one task running and room for 2 waiting (fairness)', () => {
    /** A gate whose only slot is held until `release()`; `ran` lists the tasks in the order they ran. */
    function heldGate() {
      const gate = new ConcurrencyGate(1, 2);
      let release = () => {};
      const held = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
      const ran: string[] = [];
      const send = (name: string, key: string, weight: number) =>
        gate
          .run(async () => void ran.push(name), { key, weight })
          .then(
            () => 'ran',
            (err: unknown) => (err instanceof GateFullError ? 'full' : 'other'),
          );
      return { gate, ran, send, done: async () => (release(), held) };
    }

    it('keeps one waiting task per address: the second from the same address is refused, another address waits', async () => {
      const { send, ran, done } = heldGate();
      const a1 = send('a1', '10.0.0.1', 1);
      const a2 = send('a2', '10.0.0.1', 1);
      const b1 = send('b1', '10.0.0.2', 1);
      expect(await a2).toBe('full');
      await done();
      expect([await a1, await b1]).toEqual(['ran', 'ran']);
      expect(ran).toEqual(['a1', 'b1']);
    });

    it('lets people trying once take the places of flooding addresses in a full queue, and refuses equals', async () => {
      const { send, ran, done } = heldGate();
      const flood1 = send('flood1', '10.0.0.1', 40);
      const flood2 = send('flood2', '10.0.0.2', 30);
      const person = send('person', '192.168.1.7', 1);
      // The heaviest waiting address was refused for the person; the next flooder finds no lighter one.
      expect(await flood1).toBe('full');
      expect(await send('flood3', '10.0.0.3', 30)).toBe('full');
      const colleague = send('colleague', '192.168.1.8', 1);
      expect(await flood2).toBe('full');
      // Two people waiting: a third of the same weight waits for no one's place.
      expect(await send('third', '192.168.1.9', 1)).toBe('full');
      await done();
      expect([await person, await colleague]).toEqual(['ran', 'ran']);
      expect(ran).toEqual(['person', 'colleague']);
    });

    it('runs the lightest waiting task first', async () => {
      const { send, ran, done } = heldGate();
      const heavy = send('heavy', '10.0.0.1', 7);
      const light = send('light', '10.0.0.2', 2);
      await done();
      expect([await heavy, await light]).toEqual(['ran', 'ran']);
      expect(ran).toEqual(['light', 'heavy']);
    });

    it('counts a refused retry against the waiting task of its address, which can then be displaced', async () => {
      const { send, ran, done } = heldGate();
      const a = send('a', '10.0.0.1', 1);
      const b = send('b', '10.0.0.2', 1);
      expect(await send('a-again', '10.0.0.1', 9)).toBe('full');
      const person = send('person', '192.168.1.7', 2);
      expect(await a).toBe('full');
      await done();
      expect([await b, await person]).toEqual(['ran', 'ran']);
      expect(ran).toEqual(['b', 'person']);
    });

    it('puts a signed-in user’s task (no ticket) before anonymous logins', async () => {
      const { gate, send, ran, done } = heldGate();
      const a = send('a', '10.0.0.1', 1);
      const b = send('b', '10.0.0.2', 1);
      const mine = gate.run(async () => void ran.push('mine'));
      expect(await b).toBe('full');
      await done();
      await mine;
      expect(await a).toBe('ran');
      expect(ran).toEqual(['mine', 'a']);
    });
  });
});
