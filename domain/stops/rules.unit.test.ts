import { parseStopId, sequenceOf, stopId } from './ids.js';
import { durationMinutes, formatSpan, overlaps } from './rules.js';

describe('stop ids', () => {
  it('are unique per equipment and kind, and give back their equipment and kind', () => {
    expect([stopId('unplanned', 7, 1), stopId('planned', 7, 1), stopId('unplanned', 12, 499_999)]).toEqual([7_000_001, 7_500_001, 12_499_999]);
    expect([parseStopId(7_000_001), parseStopId(7_500_001)]).toEqual([{ kind: 'unplanned', equipmentId: 7 }, { kind: 'planned', equipmentId: 7 }]);
    expect([sequenceOf(7_000_042), sequenceOf(7_500_042)]).toEqual([42, 42]);
  });

  it('refuse numbers no stop can have', () => {
    for (const id of [1, 500_000, 7_000_000, 7_500_000]) expect(parseStopId(id)).toBeNull();
  });
});

describe('durations and spans', () => {
  it('counts whole minutes, rounded down', () => {
    expect(durationMinutes('2030-06-05T06:10:00Z', '2030-06-05T06:25:59Z')).toBe(15);
    expect(durationMinutes('2030-06-05T06:10:00Z', '2030-06-05T06:10:40Z')).toBe(0);
  });

  it('treats intervals as half-open', () => {
    const a = { startTime: '2030-06-05T06:10:00Z', endTime: '2030-06-05T06:25:00Z' };
    expect(overlaps(a, { startTime: '2030-06-05T06:25:00Z', endTime: '2030-06-05T06:30:00Z' })).toBe(false);
    expect(overlaps(a, { startTime: '2030-06-05T06:24:00Z', endTime: '2030-06-05T06:30:00Z' })).toBe(true);
  });

  it('writes a span in Italian time, with dates when it leaves the reference day', () => {
    const span = { startTime: '2030-01-05T22:50:00Z', endTime: '2030-01-05T23:20:00Z' };
    expect(formatSpan(span, '2030-01-05T21:00:00Z')).toBe('05/01 23:50–06/01 00:20');
    expect(formatSpan({ startTime: '2030-01-05T07:10:00Z', endTime: '2030-01-05T07:25:00Z' }, '2030-01-05T07:00:00Z')).toBe('08:10–08:25');
  });
});
