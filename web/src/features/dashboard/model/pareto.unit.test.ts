import { paretoData, periodLabel } from './pareto.js';

const bar = (label: string, minutes: number, count: number, cumulative_share: number) => ({ key: label, label, minutes, count, cumulative_share });

describe('Pareto fermate chart data', () => {
  it('keeps the longest first with the cumulative share the call gave', () => {
    expect(paretoData([bar('Coclea', 35, 2, 0.875), bar('Sensore', 5, 1, 1)])).toEqual([
      { key: 'Coclea', label: 'Coclea', Minuti: 35, Fermate: 2, share: 0.875 },
      { key: 'Sensore', label: 'Sensore', Minuti: 5, Fermate: 1, share: 1 },
    ]);
  });

  it('keeps eight bars and sums the rest into Altro, last, at the full share', () => {
    const bars = Array.from({ length: 11 }, (_, i) => bar(`C${i + 1}`, 100 - i, 1, (i + 1) / 11));
    const data = paretoData(bars);
    expect(data).toHaveLength(9);
    expect(data[0]).toMatchObject({ label: 'C1', Minuti: 100 });
    expect(data.at(-1)).toEqual({ key: '__altro', label: 'Altro', Minuti: 92 + 91 + 90, Fermate: 3, share: 1 });
  });

  it('names a bar without a label and rounds the minutes to one decimal', () => {
    expect(paretoData([bar('', 12.345, 1, 1)])).toEqual([{ key: '', label: '(senza nome)', Minuti: 12.3, Fermate: 1, share: 1 }]);
  });

  it('names the period in Italian dates', () => {
    expect(periodLabel('2030-06-05', '2030-06-05')).toBe('05/06/2030');
    expect(periodLabel('2030-06-01', '2030-06-30')).toBe('01/06/2030 – 30/06/2030');
  });
});
