import { legacyStopId } from '../../test/builders/stopIds.js';
import { parseStopId, sequenceOf, stopId } from './ids.js';
import { durationMinutes, formatSpan, overlaps, plantDay } from './rules.js';

describe('stop ids', () => {
  it('encode equipment, plant day, kind and sequence, and give them back', () => {
    // 2000-01-01 is day 0, 2030-06-05 day 11113.
    expect([stopId('unplanned', 7, '2030-06-05', 1), stopId('planned', 7, '2030-06-05', 1), stopId('unplanned', 12, '2000-01-01', 999)]).toEqual([
      1_000_007_111_130_001, 1_000_007_111_131_001, 1_000_012_000_000_999,
    ]);
    expect([parseStopId(1_000_007_111_130_001), parseStopId(1_000_007_111_131_042)]).toEqual([
      { scheme: 'day', kind: 'unplanned', equipmentId: 7, day: '2030-06-05', sequence: 1 },
      { scheme: 'day', kind: 'planned', equipmentId: 7, day: '2030-06-05', sequence: 42 },
    ]);
    expect(sequenceOf(1_000_007_111_131_042)).toBe(42);
    expect(stopId('planned', 999_999, '2273-10-15', 999)).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('still read the ids of stops recorded before day streams', () => {
    expect([legacyStopId('unplanned', 7, 1), legacyStopId('planned', 7, 1)]).toEqual([7_000_001, 7_500_001]);
    expect([parseStopId(7_000_001), parseStopId(7_500_042)]).toEqual([
      { scheme: 'legacy', kind: 'unplanned', equipmentId: 7, sequence: 1 },
      { scheme: 'legacy', kind: 'planned', equipmentId: 7, sequence: 42 },
    ]);
    expect([sequenceOf(7_000_042), sequenceOf(7_500_042)]).toEqual([42, 42]);
  });

  it('refuse numbers no stop can have', () => {
    for (const id of [0, -5, 1, 500_000, 7_000_000, 7_500_000, 1_000_007_111_130_000, 1_000_007_111_132_001, 1_000_000_111_130_001, 1.5, 2 ** 60]) {
      expect(parseStopId(id)).toBeNull();
    }
  });

  it('refuse to make an id out of range', () => {
    expect(() => stopId('unplanned', 7, '2030-06-05', 1000)).toThrow(RangeError);
    expect(() => stopId('unplanned', 1_000_000, '2030-06-05', 1)).toThrow(RangeError);
    expect(() => stopId('unplanned', 7, '1999-12-31', 1)).toThrow(RangeError);
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

describe('plantDay', () => {
  it('gives the Italian day of an instant written with Z or an offset, across both clock changes of 2030', () => {
    // Summer time from 2030-03-31 01:00 UTC, winter time from 2030-10-27 01:00 UTC.
    expect(
      [
        '2030-03-30T22:59:59.999Z',
        '2030-03-30T23:00:00Z',
        '2030-03-31T21:59:59Z',
        '2030-03-31T22:00:00.000Z',
        '2030-10-26T21:59Z',
        '2030-10-26T22:00:00Z',
        '2030-10-27T22:59:59Z',
        '2030-10-27T23:00:00Z',
        '2030-06-05T00:30:00+02:00',
        '2030-06-04T23:30:00+01:00',
        '2030-06-05T00:10',
      ].map(plantDay),
    ).toEqual(['2030-03-30', '2030-03-31', '2030-03-31', '2030-04-01', '2030-10-26', '2030-10-27', '2030-10-27', '2030-10-28', '2030-06-05', '2030-06-05', '2030-06-05']);
  });
});
