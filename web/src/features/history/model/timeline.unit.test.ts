import { formatAt, newestFirst, valueText } from './timeline.js';

describe('the history timeline texts', () => {
  it('writes the Rome time the call gives as dd/MM/yyyy HH:mm:ss, dropping offset and milliseconds', () => {
    expect(formatAt('2031-06-10T11:05:00.250+02:00')).toBe('10/06/2031 11:05:00');
    expect(formatAt('2031-01-10T23:59:59+01:00')).toBe('10/01/2031 23:59:59');
  });

  it('names an empty value and writes decimals with a comma', () => {
    expect([valueText(null), valueText(''), valueText(7.5), valueText(120), valueText('Pulizia')]).toEqual(['(vuoto)', '(vuoto)', '7,5', '120', 'Pulizia']);
  });

  it('puts the newest step first without changing the answer', () => {
    const entries = [0, 1, 2].map((revision) => ({ revision, type: 'T', label: 'L', at: '', by: { username: 'u', role: 'r' }, changes: [] }));
    expect(newestFirst(entries).map((e) => e.revision)).toEqual([2, 1, 0]);
    expect(entries.map((e) => e.revision)).toEqual([0, 1, 2]);
  });
});
