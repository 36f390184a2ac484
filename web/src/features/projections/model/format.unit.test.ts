import { formatCount, formatEta, formatFailure, formatLastMessage, formatPosition, formatReadUpTo, formatRows, formatWhen, signalStateLabel, signalTopicLabel } from './format.js';

describe('projection page formatting', () => {
  it.each([
    [null, '–'],
    [0, '0 s'],
    [42, '42 s'],
    [65, '1 min 05 s'],
    [3600, '60 min 00 s'],
  ])('ETA %p is %p', (s, text) => expect(formatEta(s)).toBe(text));

  it('writes counts the Italian way and positions as commit/prepare', () => {
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatPosition({ commit: 12, prepare: 3 })).toBe('12/3');
    expect(formatPosition(null)).toBe('–');
  });

  it.each([
    [null, false, '–'],
    [5, false, '5'],
    [250004, false, '250.004'],
    [973412, true, 'circa 973.412'],
  ])('rows %p (estimated: %p) read %p', (rows, estimated, text) => expect(formatRows(rows, estimated)).toBe(text));

  it('shows instants in Rome time', () => {
    expect(formatWhen('2026-11-23T23:15:00Z')).toBe('24/11/2026 00:15');
    expect(formatWhen(null)).toBe('–');
  });

  it.each([
    [
      { position: { commit: 12, prepare: 3 }, eventType: 'RootCauseRecorded', stream: 'root-cause-7', duringRebuild: false },
      "Bloccata all'evento 12/3 (RootCauseRecorded, stream root-cause-7)",
    ],
    [
      { position: { commit: 12, prepare: 3 }, eventType: 'RootCauseRecorded', stream: 'root-cause-7', duringRebuild: true },
      "Ricostruzione non riuscita, bloccata all'evento 12/3 (RootCauseRecorded, stream root-cause-7)",
    ],
    [{ position: null, eventType: null, stream: null, duringRebuild: true }, 'Ricostruzione non riuscita'],
  ])('a failed read model reads %#', (failure, text) => expect(formatFailure(failure)).toBe(text));
  it('says how far a read model has read as the event number, not the log pair', () => {
    expect(formatReadUpTo({ commit: 3672 })).toBe('n. 3672');
    expect(formatReadUpTo({ commit: 36720 })).toBe('n. 36.720');
    expect(formatReadUpTo(null)).toBe('–');
  });
});

describe("the machines' last messages", () => {
  it('names the states and topics in Italian', () => {
    expect(['running', 'stopped', 'Segnale assente', null].map(signalStateLabel)).toEqual(['In marcia', 'Ferma', 'Segnale assente', 'Nessun messaggio']);
    expect((['state', 'count', null] as const).map(signalTopicLabel)).toEqual(['stato', 'conteggio', '']);
  });
  it('shows the time of today, the day and minute of before, in Italy', () => {
    const now = new Date('2030-06-05T12:00:00Z');
    expect(formatLastMessage('2030-06-05T12:31:05Z', now)).toBe('14:31:05');
    expect(formatLastMessage('2030-06-04T21:59:00Z', now)).toBe('04/06 23:59');
    expect(formatLastMessage(null, now)).toBe('–');
  });
});
