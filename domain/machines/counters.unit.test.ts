import fc from 'fast-check';
import { parseMachineMessage } from '../../infra/mqtt/messages.js';
import { MachineHourCounted, type MachineEvent } from './events.js';
import { MachineTracker, type CounterTotal, type MachineSignal, type TrackerOptions } from './tracker.js';

const place = { shopFloorId: 1, lineId: 2, equipmentId: 5 };
const options: TrackerOptions = { thresholdMs: () => 120_000, silenceMs: 600_000, hourGraceMs: 120_000, lateLimitMs: 31 * 86_400_000, dedupeMs: 7_200_000, dedupeMax: 2_048 };
const START = Date.parse('2030-06-05T06:00:00Z');
const total = (at: number, good: number, reject: number): MachineSignal => ({ ...place, kind: 'total', totalGood: good, totalReject: reject, at });
const folds = (events: MachineEvent[]) => events.filter((e): e is Extract<MachineEvent, { type: 'MachineHourCounted' }> => e.type === 'MachineHourCounted');

/** The last total the recorded folds carry: what a restarted app reads back from the machine's day streams. */
function lastRecordedCounter(recorded: MachineEvent[]): CounterTotal | null {
  let last: CounterTotal | null = null;
  for (const e of folds(recorded)) {
    const c = e.data.counter;
    if (c && (!last || Date.parse(c.at) > last.at)) last = { good: c.good, reject: c.reject, at: Date.parse(c.at) };
  }
  return last;
}

type Step =
  | { kind: 'produce'; good: number; reject: number; delivered: boolean }
  | { kind: 'reset'; good: number; reject: number }
  | { kind: 'restart'; resend: number | null }
  | { kind: 'tick' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('produce' as const), good: fc.nat(400), reject: fc.nat(20), delivered: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const), good: fc.nat(400), reject: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), resend: fc.option(fc.nat()) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'tick' as const }) },
);

describe('cumulative counters: the pieces are the differences of the running totals', () => {
  it('counts every piece made between the first and the last total taken, whatever is lost, reset or restarted; no fold is ever negative', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000), fc.array(step, { minLength: 1, maxLength: 120 }), (startGood, startReject, steps) => {
        let tracker = new MachineTracker(options);
        const recorded: MachineEvent[] = [];
        let now = START;
        // The machine: its counter, the pieces it made, and what the app should count.
        let counter = { good: startGood, reject: startReject };
        const made = { good: 0, reject: 0 };
        let firstTaken: { good: number; reject: number } | null = null;
        let lastTaken = { good: 0, reject: 0 };
        const sent: MachineSignal[] = [];
        const send = (force: boolean, delivered: boolean) => {
          now += 10_000;
          const s = total(now, counter.good, counter.reject);
          if (!delivered && !force) return;
          expect(tracker.accept(s, now)).toBe('accepted');
          sent.push(s);
          firstTaken ??= { ...made };
          lastTaken = { ...made };
        };
        const restart = () => {
          recorded.push(...tracker.tick(now), ...tracker.flush());
          tracker = new MachineTracker(options);
        };
        send(true, true);
        for (const s of steps) {
          if (s.kind === 'produce') {
            counter = { good: counter.good + s.good, reject: counter.reject + s.reject };
            made.good += s.good;
            made.reject += s.reject;
            send(false, s.delivered);
          } else if (s.kind === 'reset') {
            // The total just before the reset reaches the app, then the counter starts again from zero
            // and is read before it passes its old total (a reset is known by the decrease).
            send(true, true);
            const good = counter.good === 0 ? s.good : Math.min(s.good, counter.good - 1);
            const reject = counter.reject === 0 ? s.reject : Math.min(s.reject, counter.reject - 1);
            counter = { good, reject };
            made.good += good;
            made.reject += reject;
            send(true, true);
          } else if (s.kind === 'restart') {
            restart();
            // The gateway resends one of the totals it sent before the restart: already counted.
            if (s.resend !== null) tracker.accept(sent[s.resend % sent.length]!, now);
            for (const p of tracker.countersToLookUp()) tracker.primeCounter(p.equipmentId, lastRecordedCounter(recorded));
          } else {
            now += 30 * 60_000;
            recorded.push(...tracker.tick(now));
          }
          for (const p of tracker.countersToLookUp()) tracker.primeCounter(p.equipmentId, lastRecordedCounter(recorded));
        }
        restart();
        const counted = folds(recorded).reduce((sum, e) => ({ good: sum.good + e.data.good, reject: sum.reject + e.data.reject }), { good: 0, reject: 0 });
        expect(counted).toEqual({ good: lastTaken.good - firstTaken!.good, reject: lastTaken.reject - firstTaken!.reject });
        for (const e of folds(recorded)) expect(MachineHourCounted.schema.safeParse(e.data).success).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('a lost message loses nothing: the next total carries its pieces', () => {
    const tracker = new MachineTracker(options);
    tracker.accept(total(START + 10_000, 1_000, 10), START + 10_000);
    // 1,030 then 1,075 are lost; 1,100 arrives.
    tracker.accept(total(START + 40_000, 1_100, 12), START + 40_000);
    tracker.tick(START + 40_000);
    expect(tracker.openHours(2)).toEqual([{ equipmentId: 5, hourStart: START, good: 100, reject: 2, microStops: 0, microStopMinutes: 0 }]);
  });

  it('a lower total is a reset or a rollover: the new total is the pieces since', () => {
    const tracker = new MachineTracker(options);
    tracker.accept(total(START + 10_000, 65_500, 3), START + 10_000);
    tracker.accept(total(START + 20_000, 65_530, 3), START + 20_000);
    // A 16-bit counter rolls over past 65,535.
    tracker.accept(total(START + 30_000, 40, 0), START + 30_000);
    tracker.tick(START + 30_000);
    expect(tracker.openHours(2)[0]).toMatchObject({ good: 30 + 40, reject: 0 });
  });

  it('after a restart the first total counts from the last one recorded, and totals already recorded change nothing', () => {
    const before = new MachineTracker(options);
    before.accept(total(START + 10_000, 500, 0), START + 10_000);
    before.accept(total(START + 20_000, 700, 1), START + 20_000);
    before.tick(START + 20_000);
    const [fold] = folds(before.flush());
    expect(fold!.data).toMatchObject({ good: 200, reject: 1, counter: { good: 700, reject: 1, at: new Date(START + 20_000).toISOString() } });

    const after = new MachineTracker(options);
    expect(after.accept(total(START + 20_000, 700, 1), START + 60_000)).toBe('accepted');
    expect(after.accept(total(START + 50_000, 760, 1), START + 60_000)).toBe('accepted');
    expect(after.countersToLookUp()).toEqual([place]);
    after.primeCounter(5, { good: 700, reject: 1, at: START + 20_000 });
    after.tick(START + 60_000);
    expect(after.openHours(2)[0]).toMatchObject({ good: 60, reject: 0 });
    // Older than the last total taken: nothing new.
    expect(after.accept(total(START + 40_000, 740, 1), START + 61_000)).toBe('late');
  });

  it('deltas still work beside totals', () => {
    const tracker = new MachineTracker(options);
    tracker.accept({ ...place, kind: 'count', good: 120, reject: 2, at: START + 10_000 }, START + 10_000);
    tracker.tick(START + 10_000);
    expect(tracker.openHours(2)[0]).toMatchObject({ good: 120, reject: 2 });
  });
});

describe('bounds: machine data never makes an event its schema refuses', () => {
  it('two counts of 1,000,000,000 in one hour: the second is left out and counted, the fold stays valid', () => {
    const tracker = new MachineTracker(options);
    tracker.accept({ ...place, kind: 'count', good: 1_000_000_000, reject: 0, at: START + 1_000 }, START + 5_000);
    tracker.accept({ ...place, kind: 'count', good: 1_000_000_000, reject: 0, at: START + 2_000 }, START + 5_000);
    const [fold] = folds([...tracker.tick(START + 5_000), ...tracker.flush()]);
    expect(fold!.data.good).toBe(1_000_000_000);
    expect(MachineHourCounted.schema.safeParse(fold!.data).success).toBe(true);
    expect(tracker.losses().overBound).toBe(1);
  });

  it('20,100 state flips in an hour: micro-stops past 10,000 are left out and counted', () => {
    const tracker = new MachineTracker(options);
    // stopped, running, stopped, ... every 150 ms: 10,050 micro-stops of 150 ms.
    for (let i = 0; i < 20_100; i++) tracker.accept({ ...place, kind: 'state', state: i % 2 === 0 ? 'stopped' : 'running', at: START + i * 150 }, START + 3_600_000);
    const [fold] = folds([...tracker.tick(START + 3_600_000), ...tracker.flush()]);
    expect(fold!.data.microStops).toBe(10_000);
    expect(MachineHourCounted.schema.safeParse(fold!.data).success).toBe(true);
    expect(tracker.losses().overBound).toBe(50);
  });

  it('the duplicates memory keeps at most dedupeMax messages a machine; the forgotten ones are counted', () => {
    const tracker = new MachineTracker({ ...options, dedupeMax: 100 });
    for (let i = 0; i < 1_000; i++) tracker.accept({ ...place, kind: 'count', good: i, reject: 0, at: START + i }, START + 10_000);
    expect(tracker.losses()).toEqual({ overBound: 0, dedupeEntries: 100, dedupeMax: 100, dedupeEvicted: 900 });
    // The newest are still known as duplicates.
    expect(tracker.accept({ ...place, kind: 'count', good: 999, reject: 0, at: START + 999 }, START + 10_000)).toBe('duplicate');
  });
});

describe('count payloads: deltas or running totals', () => {
  const now = Date.parse('2030-06-05T08:11:00Z');
  const parse = (payload: object) => parseMachineMessage('linea/1/2/5/count', JSON.stringify(payload), now);
  it('reads running totals, reject optional', () => {
    expect(parse({ total_good: 12_345_678, at: '2030-06-05T10:10:30+02:00' })).toEqual({
      ok: true,
      message: { ...place, kind: 'total', totalGood: 12_345_678, totalReject: 0, at: Date.parse('2030-06-05T08:10:30Z') },
    });
  });
  it.each([
    ['both shapes at once', { good: 1, total_good: 5, at: '2030-06-05T10:10:30+02:00' }],
    ['a negative total', { total_good: -1, at: '2030-06-05T10:10:30+02:00' }],
    ['a fractional total', { total_good: 1.5, at: '2030-06-05T10:10:30+02:00' }],
    ['a total past 2^53 - 1', { total_good: 2 ** 53, at: '2030-06-05T10:10:30+02:00' }],
  ])('%s is junk', (_, payload) => {
    expect(parse(payload)).toEqual({ ok: false, why: 'payload' });
  });
});
