import { detectedStopId, parseDetectedStopId, type MachineEvent } from '../../domain/machines/events.js';
import { lineThresholdMs, MachineTracker, type MachineSignal } from '../../domain/machines/tracker.js';
import { plantStateFrom, smallPlantFile } from '../../test/builders/plantFixtures.js';
import { parseMachineMessage } from '../../infra/mqtt/messages.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';
import { machineDayDecider, machineStreamOf } from './recordMachineEvent.js';

const place = { shopFloorId: 1, lineId: 2, equipmentId: 5 };
const t = (iso: string) => Date.parse(iso);
const state = (at: string, s: 'running' | 'stopped'): MachineSignal => ({ ...place, kind: 'state', state: s, at: t(at) });
const count = (at: string, good: number, reject = 0): MachineSignal => ({ ...place, kind: 'count', good, reject, at: t(at) });
const options = { thresholdMs: () => 120_000, silenceMs: 600_000, hourGraceMs: 120_000, lateLimitMs: 7_200_000, dedupeMs: 7_200_000, dedupeMax: 2_048 };

/** Feeds the messages at `now` and ticks once. */
function run(tracker: MachineTracker, now: string, signals: MachineSignal[]): { events: MachineEvent[]; outcomes: string[] } {
  const outcomes = signals.map((s) => tracker.accept(s, t(now)));
  return { events: tracker.tick(t(now)), outcomes };
}

describe('machine tracker: messages to events', () => {
  it('a stop past the threshold is detected while it lasts and ended by the restart; repeats change nothing', () => {
    const tracker = new MachineTracker(options);
    expect(run(tracker, '2030-06-05T08:01:00Z', [state('2030-06-05T08:00:00Z', 'running'), state('2030-06-05T08:00:30Z', 'stopped')]).events).toEqual([]);
    expect(run(tracker, '2030-06-05T08:02:40Z', [state('2030-06-05T08:00:30Z', 'stopped')])).toEqual({
      outcomes: ['duplicate'],
      events: [{ type: 'MachineStopDetected', data: { ...place, startTime: '2030-06-05T08:00:30.000Z' } }],
    });
    expect(run(tracker, '2030-06-05T08:07:00Z', [state('2030-06-05T08:06:00Z', 'running')]).events).toEqual([
      { type: 'MachineRestarted', data: { ...place, startTime: '2030-06-05T08:00:30.000Z', endTime: '2030-06-05T08:06:00.000Z' } },
    ]);
  });

  it('orders messages by the machine clock: a restart that arrives before its stop still closes it', () => {
    const tracker = new MachineTracker(options);
    run(tracker, '2030-06-05T07:59:00Z', [state('2030-06-05T07:58:00Z', 'running')]);
    expect(run(tracker, '2030-06-05T08:10:00Z', [state('2030-06-05T08:05:00Z', 'running'), state('2030-06-05T08:01:00Z', 'stopped')]).events).toEqual([
      { type: 'MachineStopDetected', data: { ...place, startTime: '2030-06-05T08:01:00.000Z' } },
      { type: 'MachineRestarted', data: { ...place, startTime: '2030-06-05T08:01:00.000Z', endTime: '2030-06-05T08:05:00.000Z' } },
    ]);
    // A stop older than the state already followed cannot be placed any more: late.
    expect(run(tracker, '2030-06-05T08:11:00Z', [state('2030-06-05T08:03:00Z', 'stopped')]).outcomes).toEqual(['late']);
  });

  it('folds counts and micro-stops into one event per hour after its grace; a duplicate count is not counted twice', () => {
    const tracker = new MachineTracker(options);
    const messages = [
      state('2030-06-05T09:00:00Z', 'running'),
      count('2030-06-05T09:10:00Z', 100, 2),
      count('2030-06-05T09:20:00Z', 120, 1),
      count('2030-06-05T09:20:00Z', 120, 1),
      state('2030-06-05T09:30:00Z', 'stopped'),
      state('2030-06-05T09:30:45Z', 'running'),
      state('2030-06-05T09:50:00Z', 'stopped'),
      state('2030-06-05T09:51:30Z', 'running'),
      count('2030-06-05T10:05:00Z', 50),
    ];
    expect(run(tracker, '2030-06-05T10:01:00Z', messages).outcomes[3]).toBe('duplicate');
    expect(run(tracker, '2030-06-05T10:02:00Z', []).events).toEqual([
      {
        type: 'MachineHourCounted',
        data: {
          ...place,
          hour: '2030-06-05T09:00:00.000Z',
          firstAt: '2030-06-05T09:10:00.000Z',
          lastAt: '2030-06-05T09:50:00.000Z',
          good: 220,
          reject: 3,
          microStops: 2,
          microStopMinutes: 2.25,
        },
      },
    ]);
    // A count late for a folded hour makes a fold of its own; the open hour waits.
    expect(run(tracker, '2030-06-05T10:30:00Z', [count('2030-06-05T09:59:00Z', 7)]).events).toEqual([
      {
        type: 'MachineHourCounted',
        data: {
          ...place,
          hour: '2030-06-05T09:00:00.000Z',
          firstAt: '2030-06-05T09:59:00.000Z',
          lastAt: '2030-06-05T09:59:00.000Z',
          good: 7,
          reject: 0,
          microStops: 0,
          microStopMinutes: 0,
        },
      },
    ]);
    expect(tracker.flush()).toEqual([
      {
        type: 'MachineHourCounted',
        data: {
          ...place,
          hour: '2030-06-05T10:00:00.000Z',
          firstAt: '2030-06-05T10:05:00.000Z',
          lastAt: '2030-06-05T10:05:00.000Z',
          good: 50,
          reject: 0,
          microStops: 0,
          microStopMinutes: 0,
        },
      },
    ]);
  });

  it('a stop across midnight belongs to the day it started; the clock change keeps the two 02:00 hours apart', () => {
    const tracker = new MachineTracker(options);
    // 23:58 to 00:04 in Italy (CEST, +02:00) on the night of 5 to 6 June 2030.
    run(tracker, '2030-06-05T21:58:10Z', [state('2030-06-05T21:50:00Z', 'running'), state('2030-06-05T21:58:00Z', 'stopped')]);
    const { events } = run(tracker, '2030-06-05T22:05:00Z', [state('2030-06-05T22:04:00Z', 'running')]);
    expect(events.map(machineStreamOf)).toEqual(['machine-5-2030-06-05', 'machine-5-2030-06-05']);
    // 27 October 2030: 02:30 CEST (00:30Z) and 02:30 CET (01:30Z) are two hours.
    const night = new MachineTracker(options);
    const ticked = run(night, '2030-10-27T01:31:00Z', [count('2030-10-27T00:30:00Z', 10), count('2030-10-27T01:30:00Z', 20)]).events;
    expect([...ticked, ...night.flush()].map((e) => e.type === 'MachineHourCounted' && [e.data.hour, e.data.good])).toEqual([
      ['2030-10-27T00:00:00.000Z', 10],
      ['2030-10-27T01:00:00.000Z', 20],
    ]);
  });

  it("a line's own threshold from the plant file: a 3-minute stop is a micro-stop on a 5-minute line, a detected stop on a 2-minute one", () => {
    // The small plant: line 1 (Filler 1) at the plant's 2 minutes, line 2 (Filler 3) at 5 minutes of its own.
    const raw = smallPlantFile() as { shopFloors: Array<{ lines: Array<Record<string, unknown>> }> };
    raw.shopFloors[0]!.lines[1]!.stopThresholdMinutes = 5;
    const plant = plantStateFrom(raw);
    const tracker = new MachineTracker({ ...options, thresholdMs: (lineId) => lineThresholdMs(plant, lineId, 120_000) });
    const onLine =
      (lineId: number, equipmentId: number) =>
      (at: string, s: 'running' | 'stopped'): MachineSignal => ({ ...place, lineId, equipmentId, kind: 'state', state: s, at: t(at) });
    const five = onLine(2, 3);
    const two = onLine(1, 1);
    const stop = (m: typeof five) => [m('2030-06-05T08:00:00Z', 'running'), m('2030-06-05T08:10:00Z', 'stopped'), m('2030-06-05T08:13:00Z', 'running')];
    expect(run(tracker, '2030-06-05T08:14:00Z', [...stop(five), ...stop(two)]).events).toEqual([
      { type: 'MachineStopDetected', data: { shopFloorId: 1, lineId: 1, equipmentId: 1, startTime: '2030-06-05T08:10:00.000Z' } },
      { type: 'MachineRestarted', data: { shopFloorId: 1, lineId: 1, equipmentId: 1, startTime: '2030-06-05T08:10:00.000Z', endTime: '2030-06-05T08:13:00.000Z' } },
    ]);
    // The 2-minute line's stop is not in its hour; the 5-minute line's is a micro-stop of 3 minutes.
    expect(tracker.flush().map((e) => e.type === 'MachineHourCounted' && [e.data.equipmentId, e.data.microStops, e.data.microStopMinutes])).toEqual([[3, 1, 3]]);
  });

  it("a machine that goes silent is 'Segnale assente', never a stop", () => {
    const tracker = new MachineTracker(options);
    run(tracker, '2030-06-05T08:00:00Z', [state('2030-06-05T08:00:00Z', 'running')]);
    expect(run(tracker, '2030-06-05T08:30:00Z', []).events).toEqual([]);
    expect(tracker.status(t('2030-06-05T08:30:00Z'))).toEqual([
      { equipmentId: 5, lineId: 2, state: 'Segnale assente', lastMessageAt: '2030-06-05T08:00:00.000Z', lastKind: 'state' },
    ]);
  });
});

describe('recording machine events: idempotent by machine and time', () => {
  const spec = deciderSpec(machineDayDecider);
  const detected: MachineEvent = { type: 'MachineStopDetected', data: { ...place, startTime: '2030-06-05T08:00:30.000Z' } };
  const restarted: MachineEvent = { type: 'MachineRestarted', data: { ...place, startTime: '2030-06-05T08:00:30.000Z', endTime: '2030-06-05T08:06:00.000Z' } };
  const hour: MachineEvent = {
    type: 'MachineHourCounted',
    data: {
      ...place,
      hour: '2030-06-05T09:00:00.000Z',
      firstAt: '2030-06-05T09:10:00.000Z',
      lastAt: '2030-06-05T09:50:00.000Z',
      good: 220,
      reject: 3,
      microStops: 2,
      microStopMinutes: 2.25,
    },
  };
  it('records a new stop, its end and an hour fold', () => {
    spec.given([]).when(detected).then([detected]);
    spec.given([detected]).when(restarted).then([restarted]);
    spec.given([detected]).when(hour).then([hour]);
  });
  it('records nothing for a stop, an end or a fold it already holds (a re-detection after a restart, a repeated message)', () => {
    spec.given([detected]).when(detected).thenNothingHappened();
    spec.given([detected, restarted]).when(restarted).thenNothingHappened();
    spec.given([hour]).when(hour).thenNothingHappened();
  });
  it('names a detected stop by machine and start minute', () => {
    expect(detectedStopId(5, '2030-06-05T08:00:30.000Z')).toBe(516_003_200);
    expect(parseDetectedStopId(516_003_200)).toEqual({ equipmentId: 5, startMinute: '2030-06-05T08:00:00.000Z' });
  });
});

describe('MQTT messages', () => {
  const now = t('2030-06-05T08:00:00Z');
  it('reads the topic scheme and the payloads', () => {
    expect(parseMachineMessage('linea/1/2/5/state', '{"state":"stopped","at":"2030-06-05T09:59:00+02:00"}', now)).toEqual({
      ok: true,
      message: { ...place, kind: 'state', state: 'stopped', at: t('2030-06-05T07:59:00Z') },
    });
    expect(parseMachineMessage('linea/1/2/5/count', '{"good":12,"reject":1,"at":"2030-06-05T07:59:00Z"}', now)).toEqual({
      ok: true,
      message: { ...place, kind: 'count', good: 12, reject: 1, at: t('2030-06-05T07:59:00Z') },
    });
  });
  it.each([
    ['linea/1/2/state', '{"state":"running","at":"2030-06-05T07:59:00Z"}', 'topic'],
    ['linea/1/x/5/state', '{"state":"running","at":"2030-06-05T07:59:00Z"}', 'topic'],
    ['linea/1/2/5/state', 'not json', 'json'],
    ['linea/1/2/5/state', '{"state":"idle","at":"2030-06-05T07:59:00Z"}', 'payload'],
    ['linea/1/2/5/count', '{"good":-1,"at":"2030-06-05T07:59:00Z"}', 'payload'],
    ['linea/1/2/5/count', '{"good":1.5,"at":"2030-06-05T07:59:00Z"}', 'payload'],
    ['linea/1/2/5/state', '{"state":"running","at":"2030-06-05T08:30:00Z"}', 'time'],
  ])('junk: %s %s is %s', (topic, payload, why) => {
    expect(parseMachineMessage(topic, payload, now)).toEqual({ ok: false, why });
  });
});
