import { clockText } from './clockText.js';

describe('clockText', () => {
  it.each([
    [new Date(2025, 2, 3, 14, 5), 'lunedì 03/03/2025', '14:05'],
    [new Date(2024, 11, 29, 0, 7, 59), 'domenica 29/12/2024', '00:07'],
    [new Date(2026, 0, 1, 9, 0), 'giovedì 01/01/2026', '09:00'],
    [new Date(2026, 10, 28, 23, 59), 'sabato 28/11/2026', '23:59'],
    [new Date(2026, 10, 25, 12, 30), 'mercoledì 25/11/2026', '12:30'],
  ])('%s reads as it-IT writes it', (now, date, time) => {
    expect(clockText(now)).toEqual({ date, time });
  });
});
