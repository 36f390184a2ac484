import { monthLabel, paretoData } from './pareto.js';

const bar = (label: string, downtime_minutes: number, count: number) => ({ key: label, label, downtime_minutes, count });

describe('Pareto fermate chart data', () => {
  it('draws the longest downtime on top (nivo draws the first datum at the bottom)', () => {
    expect(paretoData([bar('Coclea', 35, 2), bar('Sensore', 5, 1)])).toEqual([
      { label: 'Sensore', Minuti: 5, Fermate: 1 },
      { label: 'Coclea', Minuti: 35, Fermate: 2 },
    ]);
  });

  it('keeps eight bars and sums the rest into Altro', () => {
    const bars = Array.from({ length: 11 }, (_, i) => bar(`C${i + 1}`, 100 - i, 1));
    const data = paretoData(bars);
    expect(data).toHaveLength(9);
    expect(data[0]).toEqual({ label: 'Altro', Minuti: 92 + 91 + 90, Fermate: 3 });
    expect(data.at(-1)).toEqual({ label: 'C1', Minuti: 100, Fermate: 1 });
  });

  it('names the month in Italian', () => {
    expect(monthLabel('2030-06')).toBe('giugno 2030');
    expect(monthLabel('2026-12')).toBe('dicembre 2026');
  });
});
