import { jest } from '@jest/globals';
import { callsQuiet, earliestLivePosition, noteLivePosition, trackCall, whenPageSettled } from './apiActivity.js';

const options = { quietMs: 1000, maxWaitMs: 10_000, pollMs: 250 };

describe('the live channel waits for the page to load its data', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('starts one quiet second after the last call answered, not while one is in flight', async () => {
    const start = jest.fn();
    let answer!: () => void;
    const call = trackCall(new Promise<void>((resolve) => (answer = resolve)));
    whenPageSettled(start, options);
    await jest.advanceTimersByTimeAsync(3000);
    expect(start).not.toHaveBeenCalled();
    answer();
    await call;
    await jest.advanceTimersByTimeAsync(750);
    expect(start).not.toHaveBeenCalled();
    expect(callsQuiet(1000)).toBe(false);
    await jest.advanceTimersByTimeAsync(500);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after the longest wait even while calls keep coming', async () => {
    const start = jest.fn();
    void trackCall(new Promise<void>(() => {}));
    whenPageSettled(start, options);
    await jest.advanceTimersByTimeAsync(9500);
    expect(start).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(750);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('never starts once cancelled', async () => {
    const start = jest.fn();
    const cancel = whenPageSettled(start, options);
    cancel();
    await jest.advanceTimersByTimeAsync(20_000);
    expect(start).not.toHaveBeenCalled();
  });
});

describe('where the page’s answers stood (X-Live-Position)', () => {
  it('keeps the earliest position of the answers, ignoring what is not one', () => {
    expect(earliestLivePosition()).toBeNull();
    for (const header of [null, '', 'abc', '12', '1.2.3']) noteLivePosition(header);
    expect(earliestLivePosition()).toBeNull();
    noteLivePosition('5821.7');
    noteLivePosition('5900.1');
    expect(earliestLivePosition()).toBe('5821.7');
    noteLivePosition('5821.3');
    expect(earliestLivePosition()).toBe('5821.3');
    noteLivePosition('5000.9');
    expect(earliestLivePosition()).toBe('5000.9');
  });
});
