import { dayBefore, italianDay, ShiftIndex } from './shiftPlacement.js';

describe('placing stops into shifts in Node', () => {
  it.each([
    // Winter time (+01:00) and summer time (+02:00), and the two nights the clock changes.
    ['2030-01-15T22:59:59Z', '2030-01-15'],
    ['2030-01-15T23:00:00Z', '2030-01-16'],
    ['2030-06-12T21:59:59Z', '2030-06-12'],
    ['2030-06-12T22:00:00Z', '2030-06-13'],
    ['2030-03-30T22:59:00Z', '2030-03-30'],
    ['2030-03-30T23:00:00Z', '2030-03-31'],
    ['2030-03-31T21:59:00Z', '2030-03-31'],
    ['2030-03-31T22:00:00Z', '2030-04-01'],
    ['2030-10-26T21:59:00Z', '2030-10-26'],
    ['2030-10-26T22:00:00Z', '2030-10-27'],
    ['2030-10-27T22:59:00Z', '2030-10-27'],
    ['2030-10-27T23:00:00Z', '2030-10-28'],
    ['2030-12-31T23:00:00Z', '2031-01-01'],
  ])('the Italian day of %s is %s', (at, day) => {
    expect(italianDay(Date.parse(at))).toBe(day);
  });

  it('counts back across months and years', () => {
    expect(dayBefore('2030-03-01')).toBe('2030-02-28');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2031-01-01')).toBe('2030-12-31');
  });

  it('takes the regular shift holding the start, of that day or the day before, the earliest first', () => {
    const index = new ShiftIndex([
      { id: 11, shop_floor_id: 1, shift_day: '2030-06-12', code: 'A', start_time: '2030-06-12T04:00:00Z', end_time: '2030-06-12T12:00:00Z' },
      { id: 13, shop_floor_id: 1, shift_day: '2030-06-12', code: 'C', start_time: '2030-06-12T20:00:00Z', end_time: '2030-06-13T04:00:00Z' },
      // Overlapping the night shift, starting later: loses to it.
      { id: 10, shop_floor_id: 1, shift_day: '2030-06-13', code: 'X', start_time: '2030-06-12T23:00:00Z', end_time: '2030-06-13T04:00:00Z' },
      // Same start as shift 11, lower id: wins the tie.
      { id: 9, shop_floor_id: 1, shift_day: '2030-06-12', code: 'Z', start_time: '2030-06-12T04:00:00Z', end_time: '2030-06-12T06:00:00Z' },
      { id: 21, shop_floor_id: 2, shift_day: '2030-06-12', code: 'A', start_time: '2030-06-12T04:00:00Z', end_time: '2030-06-12T12:00:00Z' },
    ]);
    const place = (floor: number, at: string) => index.place(floor, Date.parse(at), italianDay(Date.parse(at)));
    expect(place(1, '2030-06-12T05:00:00Z')).toMatchObject({ id: 9, shift_day: '2030-06-12', code: 'Z' });
    expect(place(1, '2030-06-12T06:00:00Z')).toMatchObject({ id: 11, code: 'A' });
    // 01:30 in Italy on the 13th: the night shift of the 12th.
    expect(place(1, '2030-06-12T23:30:00Z')).toMatchObject({ id: 13, shift_day: '2030-06-12', code: 'C' });
    // An end is not held.
    expect(place(1, '2030-06-12T12:00:00Z')).toBeNull();
    expect(place(2, '2030-06-12T05:00:00Z')).toMatchObject({ id: 21 });
    expect(place(3, '2030-06-12T05:00:00Z')).toBeNull();
  });
});
