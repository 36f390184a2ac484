import { newEventId } from './eventId.js';

describe('newEventId', () => {
  it('is a version 7 UUID with the RFC variant', () => {
    const id = newEventId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('carries the milliseconds in its first 48 bits', () => {
    // 2026-11-23T12:00:00.000Z = 1795435200000 ms = 0x01a2_0846_fe00
    expect(newEventId(Date.UTC(2026, 10, 23, 12)).slice(0, 13)).toBe('01a20846-fe00');
    expect(newEventId(0).slice(0, 13)).toBe('00000000-0000');
  });

  it('sorts by time across milliseconds and never repeats', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => newEventId(1_700_000_000_000 + i));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 10000 }, () => newEventId(1)))).toHaveProperty('size', 10000);
  });
});
