import {
  effectiveHours,
  efficiency,
  efficiencyGauge,
  GAUGE_ANIMATION,
  GAUGE_LEVELS,
  summaryLines,
  wasteGauge,
  wasteRate,
  type GaugeConstants,
  type ImprovementSummary,
} from './summary.js';

const SUMMARY: ImprovementSummary = { volume: 29000, working_time: 1290, waste: 150, stop_count: 3, total_unplanned_downtime: 80, total_planned_downtime: 30, rated_volume: 43000 };
const C: GaugeConstants = { def_speed: 2000, def_uptime: 0.72, def_waste: 0.015, def_volume: 12345, max_ut: 1, ut_threshold: 0.8, max_waste: 0.05, waste_threshold: 0.02 };

describe('efficiency = Σ volume / Σ (def_speed × working hours), the latter from the server', () => {
  it.each([
    [16000, 16000, 1],
    [12000, 16000, 0.75],
    [0, 16000, 0],
  ])('%d pieces against %d at design speed → %d', (volume, rated_volume, expected) => expect(efficiency({ volume, rated_volume })).toBeCloseTo(expected, 10));
  it('is 0 without a design-speed output', () => {
    expect(efficiency({ volume: 1000, rated_volume: 0 })).toBe(0);
  });
});

describe('waste', () => {
  it('is the scrapped share of what was made, only when above 0', () => {
    expect(wasteRate(980, 20)).toBeCloseTo(0.02, 10);
    expect(wasteRate(1000, 0)).toBe(0);
    expect(wasteRate(1000, -5)).toBe(0);
  });
});

describe('effective time = working time − unplanned − planned downtime', () => {
  it('in hours', () => expect(effectiveHours(SUMMARY)).toBeCloseTo((1290 - 80 - 30) / 60, 10));
});

describe('summary lines', () => {
  it('formats volume in thousands with 2 decimals and unit1, whole hours, effective hours with 2 decimals, minutes', () => {
    expect(summaryLines(SUMMARY, 'pz', C)).toEqual([
      { label: 'Volumi Prodotti', value: '29,00 k pz' },
      { label: 'Ore lavorate', value: '22 h' },
      { label: 'Tempo lavorato effettivo', value: '19,67 h' },
      { label: 'Tempo di fermo non pianificato', value: '80 min' },
      { label: 'Tempo di fermo pianificato', value: '30 min' },
    ]);
  });
  it('falls back to the default volume without a summary', () => {
    expect(summaryLines(null, 'pz', C)[0]).toEqual({ label: 'Volumi Prodotti', value: '12,35 k pz' });
    expect(
      summaryLines(null, 'pz', C)
        .slice(1)
        .map((l) => l.value),
    ).toEqual(['0 h', '0,00 h', '0 min', '0 min']);
  });
});

describe('gauges', () => {
  it('efficiency: scale 0..max_ut, minimum ut_threshold, 1 decimal, green at or above', () => {
    const s = { ...SUMMARY, volume: 16000 * 0.85, working_time: 480, rated_volume: 16000 };
    expect(efficiencyGauge(s, C)).toEqual({
      title: 'Rendimento (minimo 80%)',
      value: expect.closeTo(0.85, 10),
      max: 1,
      threshold: 0.8,
      ok: true,
      valueText: '85,0%',
      minText: '0%',
      maxText: '100%',
    });
    const low = efficiencyGauge({ ...s, volume: 12000 }, C);
    expect([low.ok, low.valueText]).toEqual([false, '75,0%']);
    expect(efficiencyGauge({ ...s, volume: 12800 }, C).ok).toBe(true);
  });
  it('waste: scale 0..max_waste, maximum waste_threshold, 0 to 2 decimals, inverted colours', () => {
    const good = wasteGauge({ ...SUMMARY, volume: 990, waste: 10 }, C);
    expect(good).toEqual({ title: 'Scarto (massimo 2%)', value: expect.closeTo(0.01, 10), max: 0.05, threshold: 0.02, ok: true, valueText: '1%', minText: '0%', maxText: '5%' });
    const within = wasteGauge({ ...SUMMARY, volume: 9875, waste: 125 }, C);
    expect([within.ok, within.valueText]).toEqual([true, '1,25%']);
    expect(wasteGauge({ ...SUMMARY, volume: 9875, waste: 125 }, { ...C, waste_threshold: 0.01 }).ok).toBe(false);
    expect(wasteGauge({ ...SUMMARY, volume: 97, waste: 3 }, C)).toMatchObject({ ok: false, valueText: '3%' });
    expect(wasteGauge({ ...SUMMARY, volume: 1000, waste: 0 }, C)).toMatchObject({ value: 0, ok: true, valueText: '0%' });
  });
  it('use the default uptime and waste without a summary', () => {
    expect(efficiencyGauge(null, C)).toMatchObject({ value: 0.72, ok: false, valueText: '72,0%' });
    expect(wasteGauge(null, C)).toMatchObject({ value: 0.015, ok: true, valueText: '1,5%' });
  });
  it('draw 0..100% when the line has no maximum', () => {
    const none: GaugeConstants = { def_speed: null, def_uptime: null, def_waste: null, def_volume: null, max_ut: null, ut_threshold: null, max_waste: null, waste_threshold: null };
    expect(efficiencyGauge(null, none)).toMatchObject({ value: 0, max: 1, maxText: '100%', title: 'Rendimento (minimo 0%)' });
    expect(wasteGauge(null, null)).toMatchObject({ value: 0, max: 1, maxText: '100%', title: 'Scarto (massimo 0%)' });
  });
  it('keep the spec’s defaults: 3 levels, 500 ms delay, 3000 ms animation', () => {
    expect([GAUGE_LEVELS, GAUGE_ANIMATION]).toEqual([3, { delayMs: 500, durationMs: 3000 }]);
  });
});
