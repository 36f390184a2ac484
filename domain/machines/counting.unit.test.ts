import { clockHours, countingEquipmentOf } from './counting.js';

describe('the machine that counts a line’s output', () => {
  it.each([
    // named by the plant file, the line's active machines in order → counting machine
    [null, [1, 2, 3], 3],
    [1, [1, 2, 3], 1],
    [2, [1, 3], 3],
    [null, [], null],
    [4, [], null],
  ])('named %p among %p: %p', (named, machines, expected) => {
    expect(countingEquipmentOf(named, machines)).toBe(expected);
  });
});

describe('the clock hours of a window', () => {
  const t = (s: string) => new Date(s).getTime();
  it('are those that start in it, across midnight and from a half hour', () => {
    expect(clockHours(new Date('2030-06-05T22:00:00+02:00'), new Date('2030-06-06T01:00:00+02:00'))).toEqual([
      t('2030-06-05T22:00:00+02:00'),
      t('2030-06-05T23:00:00+02:00'),
      t('2030-06-06T00:00:00+02:00'),
    ]);
    expect(clockHours(new Date('2030-06-05T05:30:00+02:00'), new Date('2030-06-05T07:30:00+02:00'))).toEqual([t('2030-06-05T06:00:00+02:00'), t('2030-06-05T07:00:00+02:00')]);
  });
  it('are 23 on the day the clock goes forward', () => {
    expect(clockHours(new Date('2030-03-31T00:00:00+01:00'), new Date('2030-04-01T00:00:00+02:00'))).toHaveLength(23);
  });
});
