import { KeyedQueue } from './keyedQueue.js';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedQueue', () => {
  it('runs one key’s tasks one at a time, in the order queued, and other keys beside them', async () => {
    const q = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string, steps: number) => async () => {
      log.push(`${name} start`);
      for (let i = 0; i < steps; i++) await tick();
      log.push(`${name} end`);
      return name;
    };
    const done = await Promise.all([q.run('a', task('a1', 3)), q.run('a', task('a2', 1)), q.run('b', task('b1', 1)), q.run('a', task('a3', 0))]);
    expect(done).toEqual(['a1', 'a2', 'b1', 'a3']);
    const a = log.filter((l) => l.startsWith('a'));
    expect(a).toEqual(['a1 start', 'a1 end', 'a2 start', 'a2 end', 'a3 start', 'a3 end']);
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
    await tick();
    expect(q.size).toBe(0);
  });

  it('goes on after a failed task, and the failure reaches only its caller', async () => {
    const q = new KeyedQueue();
    const failed = q.run('a', async () => {
      throw new Error('no');
    });
    const next = q.run('a', async () => 'yes');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('yes');
  });
});
