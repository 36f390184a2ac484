import { afterDaysText, changeOf, changeText, codeText, minutesPerDay } from './effectiveness.js';

const w = (days: number, count: number, minutes: number) => ({ days, count, minutes });

describe('Efficacia azioni DBR: the figures of a row', () => {
  it('reads the change on minutes per day, so a window of 10 days is not set against one of 30', () => {
    // [before, after, change]: 45 min in 30 days (1.5/day) against 18 in 10 (1.8/day) is +20 %.
    const table: Array<[ReturnType<typeof w>, ReturnType<typeof w>, number | null]> = [
      [w(30, 3, 45), w(10, 3, 18), 0.2],
      [w(30, 6, 90), w(30, 2, 30), -2 / 3],
      [w(5, 2, 30), w(5, 2, 30), 0],
      [w(30, 0, 0), w(30, 2, 10), null],
      [w(30, 2, 10), w(0, 0, 0), null],
    ];
    for (const [before, after, change] of table) {
      const got = changeOf({ before, after });
      if (change === null) expect(got).toBeNull();
      else expect(got).toBeCloseTo(change, 12);
    }
    expect(minutesPerDay(w(10, 3, 18))).toBeCloseTo(1.8, 12);
  });

  it('writes the change, the days observed and the code as the table shows them', () => {
    expect([changeText(0.2), changeText(-2 / 3), changeText(0), changeText(null), changeText(-0.004)]).toEqual(['+20 %', '−67 %', '0 %', '–', '0 %']);
    expect(afterDaysText({ after: w(10, 3, 18), complete: false }, 30)).toBe('10 di 30 gg (in corso)');
    expect(afterDaysText({ after: w(4.5, 0, 0), complete: false }, 30)).toBe('4,5 di 30 gg (in corso)');
    expect(afterDaysText({ after: w(30, 3, 18), complete: true }, 30)).toBe('30 gg');
    expect([codeText({ target_stop_code_name: 'Valvola bloccata' }), codeText({ target_stop_code_name: null })]).toEqual(['Valvola bloccata', 'Tutti i codici']);
  });
});
