import { defaultShiftCode, shiftWindows, type ShiftLike } from './defaultShift.js';

/** The demo plant's day: A 06-14, E 08-16 (extra), B 14-22, C 22-06; summer time (+02:00). */
const day = (d: string, offset = '+02:00'): ShiftLike[] => {
  const next = `${d.slice(0, 8)}${String(Number(d.slice(8)) + 1).padStart(2, '0')}`;
  return [
    { name: 'Turno A', code: 'A', start_time: `${d}T06:00:00${offset}`, end_time: `${d}T14:00:00${offset}` },
    { name: 'Turno E', code: 'E', start_time: `${d}T08:00:00${offset}`, end_time: `${d}T16:00:00${offset}` },
    { name: 'Turno B', code: 'B', start_time: `${d}T14:00:00${offset}`, end_time: `${d}T22:00:00${offset}` },
    { name: 'Turno C', code: 'C', start_time: `${d}T22:00:00${offset}`, end_time: `${next}T06:00:00${offset}` },
  ];
};
const at = (iso: string) => new Date(iso);

describe('defaultShiftCode', () => {
  const shifts = day('2031-06-10');

  it.each([
    ['2031-06-10T06:30:00+02:00', 'A'],
    ['2031-06-10T09:00:00+02:00', 'A'],
    ['2031-06-10T14:29:59+02:00', 'A'],
    ['2031-06-10T14:30:00+02:00', 'B'],
    ['2031-06-10T22:29:00+02:00', 'B'],
    ['2031-06-10T22:30:00+02:00', 'C'],
    ['2031-06-11T03:00:00+02:00', 'C'],
    ['2031-06-11T06:29:00+02:00', 'C'],
  ])('at %s picks the shift whose window (start + 30 min to next start + 30 min) holds it: %s', (now, code) => {
    expect(defaultShiftCode(shifts, at(now))).toBe(code);
  });

  it('falls back to the first shift before the first window opens and after the last one closes', () => {
    expect(defaultShiftCode(shifts, at('2031-06-10T06:29:00+02:00'))).toBe('A');
    expect(defaultShiftCode(shifts, at('2031-06-10T01:00:00+02:00'))).toBe('A');
    expect(defaultShiftCode(shifts, at('2031-06-11T06:30:00+02:00'))).toBe('A');
    expect(defaultShiftCode(shifts, at('2031-05-01T10:00:00+02:00'))).toBe('A');
  });

  it('never picks Turno E, which does not shorten the window of A either', () => {
    expect(defaultShiftCode(shifts, at('2031-06-10T08:45:00+02:00'))).toBe('A');
    expect(defaultShiftCode(shifts, at('2031-06-10T15:59:00+02:00'))).toBe('B');
    expect(shiftWindows(shifts).map((w) => w.code)).toEqual(['A', 'B', 'C']);
  });

  it('does not depend on the order of the list, and compares instants (Rome offsets, UTC input)', () => {
    expect(defaultShiftCode([...shifts].reverse(), at('2031-06-10T13:00:00Z'))).toBe('B'); // 15:00 in Rome
    expect(defaultShiftCode([...shifts].reverse(), at('2031-06-10T04:00:00Z'))).toBe('A'); // 06:00: before A's window
  });

  it('handles the winter offset and the night of the change to summer time', () => {
    const winter = day('2031-01-15', '+01:00');
    expect(defaultShiftCode(winter, at('2031-01-15T21:40:00Z'))).toBe('C'); // 22:40 in Rome
    // 30 March 2031: clocks go forward at 02:00; C of the 29th ends at 06:00 +02:00.
    const change: ShiftLike[] = [
      { name: 'Turno B', code: 'B', start_time: '2031-03-29T14:00:00+01:00', end_time: '2031-03-29T22:00:00+01:00' },
      { name: 'Turno C', code: 'C', start_time: '2031-03-29T22:00:00+01:00', end_time: '2031-03-30T06:00:00+02:00' },
    ];
    expect(defaultShiftCode(change, at('2031-03-30T06:15:00+02:00'))).toBe('C');
    expect(defaultShiftCode(change, at('2031-03-30T06:30:00+02:00'))).toBe('B');
  });

  it('gives nothing when no shift can be the default', () => {
    expect(defaultShiftCode([], at('2031-06-10T09:00:00+02:00'))).toBeUndefined();
    expect(
      defaultShiftCode(
        shifts.filter((s) => s.code === 'E'),
        at('2031-06-10T09:00:00+02:00'),
      ),
    ).toBeUndefined();
  });
});
