import {
  addDays,
  formatDayMonth,
  formatItalianDate,
  formatPlantDateTime,
  formatTime,
  isFutureDay,
  isIsoDay,
  PLANT_ZONE,
  plantOffsetMinutes,
  plantWallClock,
  stepDay,
  todayInRome,
} from './dates.js';
import { webSourcesMatching } from '../../../test/support/webSources.js';

describe('isIsoDay', () => {
  it('accepts real YYYY-MM-DD days only', () => {
    expect(isIsoDay('2025-03-03')).toBe(true);
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2025-3-3')).toBe(false);
    expect(isIsoDay('03/03/2025')).toBe(false);
    expect(isIsoDay('')).toBe(false);
  });
});

describe('addDays on YYYY-MM-DD strings', () => {
  it('moves across months, years and leap days', () => {
    expect(addDays('2025-03-03', 1)).toBe('2025-03-04');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-03-03', 0)).toBe('2025-03-03');
    expect(addDays('2025-03-03', 30)).toBe('2025-04-02');
  });

  it('does not drift over the daylight-saving changes in Rome', () => {
    expect(addDays('2025-03-30', 1)).toBe('2025-03-31');
    expect(addDays('2025-03-31', -1)).toBe('2025-03-30');
    expect(addDays('2025-10-26', 1)).toBe('2025-10-27');
    expect(addDays('2025-10-27', -1)).toBe('2025-10-26');
  });

  it('refuses a value that is not a day', () => {
    expect(() => addDays('', 1)).toThrow(RangeError);
    expect(() => addDays('2025-13-01', 1)).toThrow(RangeError);
  });
});

describe('todayInRome', () => {
  it('gives the Rome day, not the UTC one, around midnight', () => {
    expect(todayInRome(new Date('2025-03-03T23:30:00Z'))).toBe('2025-03-04'); // 00:30 CET
    expect(todayInRome(new Date('2025-03-03T22:59:00Z'))).toBe('2025-03-03'); // 23:59 CET
    expect(todayInRome(new Date('2025-07-14T22:10:00Z'))).toBe('2025-07-15'); // 00:10 CEST
    expect(todayInRome(new Date('2025-07-14T21:50:00Z'))).toBe('2025-07-14'); // 23:50 CEST
  });
});

describe('isFutureDay (foundations §5)', () => {
  it('is true only for a valid day after today', () => {
    expect(isFutureDay('2025-03-04', '2025-03-03')).toBe(true);
    expect(isFutureDay('2025-03-03', '2025-03-03')).toBe(false);
    expect(isFutureDay('2025-03-02', '2025-03-03')).toBe(false);
    expect(isFutureDay('04/03/2025', '2025-03-03')).toBe(false);
    expect(isFutureDay('2099-1-1', '2025-03-03')).toBe(false);
  });
});

describe('formatItalianDate (dd/mm/yyyy)', () => {
  it('rewrites a day without any time zone', () => {
    expect(formatItalianDate('2025-03-04')).toBe('04/03/2025');
  });

  it('takes a zoneless date-time as written', () => {
    expect(formatItalianDate('2025-03-04T23:45:00')).toBe('04/03/2025');
    expect(formatItalianDate('2025-03-04 23:45')).toBe('04/03/2025');
  });

  it('shows an instant with a zone as its Rome day', () => {
    expect(formatItalianDate('2025-03-03T23:30:00Z')).toBe('04/03/2025');
    expect(formatItalianDate('2025-03-04T00:30:00+01:00')).toBe('04/03/2025');
    expect(formatItalianDate(new Date('2025-03-03T23:30:00Z'))).toBe('04/03/2025');
  });

  it('gives empty for empty and the input for unreadable values', () => {
    expect(formatItalianDate('')).toBe('');
    expect(formatItalianDate(null)).toBe('');
    expect(formatItalianDate(undefined)).toBe('');
    expect(formatItalianDate('domani')).toBe('domani');
  });
});

describe('formatDayMonth (dd/mm)', () => {
  it('keeps day and month', () => {
    expect(formatDayMonth('2025-03-04')).toBe('04/03');
    expect(formatDayMonth('2025-12-31T23:30:00Z')).toBe('01/01');
  });
});

describe('formatTime (HH:MM)', () => {
  it('shortens a time of day and pads the hour', () => {
    expect(formatTime('14:05:33')).toBe('14:05');
    expect(formatTime('8:05')).toBe('08:05');
    expect(formatTime('06:00:00.000')).toBe('06:00');
  });

  it('takes the time of a zoneless date-time as written', () => {
    expect(formatTime('2025-03-04T06:07:08')).toBe('06:07');
    expect(formatTime('2025-03-04 22:00:00')).toBe('22:00');
  });

  it('shows an instant with a zone in Rome time, summer and winter', () => {
    expect(formatTime('2025-03-04T13:05:00Z')).toBe('14:05');
    expect(formatTime('2025-07-04T13:05:00Z')).toBe('15:05');
    expect(formatTime('2025-07-04T13:05:00.123+00:00')).toBe('15:05');
    expect(formatTime(new Date('2025-03-03T23:30:00Z'))).toBe('00:30');
  });

  it('gives empty for empty values and for a bare day', () => {
    expect(formatTime('')).toBe('');
    expect(formatTime(null)).toBe('');
    expect(formatTime('2025-03-04')).toBe('');
    expect(formatTime('presto')).toBe('presto');
  });
});

describe('stepDay (the DayPicker arrows)', () => {
  const today = '2025-03-03';

  it('moves one day either way', () => {
    expect(stepDay('2025-03-01', -1, {}, today)).toBe('2025-02-28');
    expect(stepDay('2025-02-28', 1, {}, today)).toBe('2025-03-01');
  });

  it('allows future days without a max', () => {
    expect(stepDay(today, 1, {}, today)).toBe('2025-03-04');
  });

  it('stops at the max and the min', () => {
    expect(stepDay(today, 1, { max: today }, today)).toBeNull();
    expect(stepDay('2025-03-02', 1, { max: today }, today)).toBe(today);
    expect(stepDay('2025-01-01', -1, { min: '2025-01-01' }, today)).toBeNull();
  });

  it('starts from today when the value is empty', () => {
    expect(stepDay('', -1, {}, today)).toBe('2025-03-02');
    expect(stepDay('', 1, { max: today }, today)).toBeNull();
  });
});

describe('the plant zone', () => {
  it("is 'Europe/Rome', as on the server, and no other web source writes it as a constant", async () => {
    const { PLANT_ZONE: serverZone } = await import('../../../domain/shifts/calendar.js');
    expect(PLANT_ZONE).toBe('Europe/Rome');
    expect(PLANT_ZONE).toBe(serverZone);
    const writers = webSourcesMatching(/['"`]Europe\/Rome['"`]/);
    expect(writers).toEqual(['lib/dates.ts']);
  });

  it('reads an instant on the plant clock', () => {
    expect(formatPlantDateTime(new Date('2025-07-14T22:10:00Z'))).toBe('15/07/2025 00:10');
    expect(formatPlantDateTime('2026-11-23T23:15:00Z')).toBe('24/11/2026 00:15');
    expect(plantWallClock('2025-03-30T00:59:00Z')).toBe('2025-03-30T01:59');
    expect(plantWallClock('2025-03-30T01:00:00Z')).toBe('2025-03-30T03:00');
    expect(plantWallClock('2025-10-26T00:59:00Z')).toBe('2025-10-26T02:59');
    expect(plantWallClock('2025-10-26T01:00:00+00:00')).toBe('2025-10-26T02:00');
    expect(plantWallClock('2025-10-26T03:30:00+0200')).toBe('2025-10-26T02:30');
    expect(plantWallClock('ieri')).toBe('');
  });

  it('changes clocks at 01:00 UTC on the last Sunday of March and of October', () => {
    // Italy's changes, from the published calendar (UTC instants).
    const changes: [string, number][] = [
      ['2024-03-31T01:00:00Z', 120],
      ['2024-10-27T01:00:00Z', 60],
      ['2025-03-30T01:00:00Z', 120],
      ['2025-10-26T01:00:00Z', 60],
      ['2026-03-29T01:00:00Z', 120],
      ['2026-10-25T01:00:00Z', 60],
      ['2027-03-28T01:00:00Z', 120],
      ['2027-10-31T01:00:00Z', 60],
    ];
    for (const [at, after] of changes) {
      const ms = Date.parse(at);
      expect([at, plantOffsetMinutes(ms - 1), plantOffsetMinutes(ms)]).toEqual([at, after === 120 ? 60 : 120, after]);
    }
  });

  it('agrees with the tz database hour by hour around every change from 1997 to 2040', () => {
    const rome = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' });
    const tzOffset = (ms: number) => {
      const name = rome.formatToParts(ms).find((p) => p.type === 'timeZoneName')!.value; // 'GMT+01:00'
      return Number(name.slice(4, 6)) * 60 + Number(name.slice(7, 9));
    };
    const differences: string[] = [];
    for (let year = 1997; year <= 2040; year++) {
      for (const [month, first] of [
        [2, 20],
        [9, 20],
      ] as const) {
        const from = Date.UTC(year, month, first);
        for (let ms = from; ms < from + 16 * 86_400_000; ms += 3_600_000) {
          if (plantOffsetMinutes(ms) !== tzOffset(ms)) differences.push(new Date(ms).toISOString());
        }
      }
      for (let m = 0; m < 12; m++) {
        const ms = Date.UTC(year, m, 15, 12);
        if (plantOffsetMinutes(ms) !== tzOffset(ms)) differences.push(new Date(ms).toISOString());
      }
    }
    expect(differences).toEqual([]);
  });
});
