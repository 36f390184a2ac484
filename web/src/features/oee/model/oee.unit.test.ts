import type { UnplannedStop } from '../../../lib/stops.js';
import { belowTarget, minutes, overSpeed, percent, stopsOfBar, trendSeries, waterfallSteps, type OeeRow } from './oee.js';

describe('Italian figures', () => {
  it.each([
    [0.7479, '74,8 %'],
    [1.0623, '106,2 %'],
    [0, '0,0 %'],
    [null, '–'],
  ])('percent(%p) = %p', (x, text) => {
    expect(percent(x)).toBe(text);
  });
  it.each([
    [12.25, '12,3'],
    [12345.5, '12.345,5'],
    [null, '–'],
  ])('minutes(%p) = %p', (x, text) => {
    expect(minutes(x)).toBe(text);
  });
  it('flags performance above 100 % and an MTBF under its target', () => {
    expect([overSpeed(1.0001), overSpeed(1), overSpeed(null)]).toEqual([true, false, false]);
    expect([belowTarget(90, 120), belowTarget(120, 120), belowTarget(null, 120), belowTarget(90, null)]).toEqual([true, false, false, false]);
  });
});

describe('waterfallSteps', () => {
  it('steps down from the planned busy time to the fully productive time (the setup-loss example of docs/oee.md)', () => {
    // 420 busy, 20 setup, 22 breakdowns, 0 minor; 378 run, 300 made in 300 ideal minutes: 78 speed loss, 6 quality loss, 294 fully productive.
    const steps = waterfallSteps({
      planned_busy_minutes: 420,
      setup_minutes: 20,
      breakdown_minutes: 22,
      minor_stop_minutes: 0,
      micro_stop_minutes: 0,
      speed_loss_minutes: 78,
      quality_loss_minutes: 6,
      fully_productive_minutes: 294,
    });
    expect(steps.map((s) => [s.label, s.base, s.size, s.kind, s.delta])).toEqual([
      ['Tempo disponibile', 0, 420, 'total', 420],
      ['Setup', 400, 20, 'loss', -20],
      ['Guasti', 378, 22, 'loss', -22],
      ['Microfermate (registrate)', 378, 0, 'loss', 0],
      ['Perdita di velocità', 300, 78, 'loss', -78],
      ['Perdita di qualità', 294, 6, 'loss', -6],
      ['Tempo pienamente produttivo', 0, 294, 'total', 294],
    ]);
  });
  it('draws a negative speed loss (performance above 100 %) as a step up', () => {
    const steps = waterfallSteps({
      planned_busy_minutes: 100,
      setup_minutes: 0,
      breakdown_minutes: 10,
      minor_stop_minutes: 0,
      micro_stop_minutes: 0,
      speed_loss_minutes: -5,
      quality_loss_minutes: 0,
      fully_productive_minutes: 95,
    });
    expect(steps[4]).toEqual({ label: 'Perdita di velocità', base: 90, size: 5, kind: 'gain', delta: 5 });
  });
  it('shows the detected micro-stops as their own step out of the speed loss, only when the machines measured some', () => {
    // Run 400 minutes, 340 made at 60 an hour (340 ideal minutes): 60 of speed loss, 12 of them micro-stops the machines detected.
    const losses = {
      planned_busy_minutes: 420,
      setup_minutes: 20,
      breakdown_minutes: 0,
      minor_stop_minutes: 0,
      micro_stop_minutes: 12,
      speed_loss_minutes: 48,
      quality_loss_minutes: 10,
      fully_productive_minutes: 330,
    };
    expect(waterfallSteps(losses, 12).map((s) => [s.label, s.base, s.size, s.delta])).toEqual([
      ['Tempo disponibile', 0, 420, 420],
      ['Setup', 400, 20, -20],
      ['Guasti', 400, 0, 0],
      ['Microfermate (registrate)', 400, 0, 0],
      ['Microfermate (rilevate)', 388, 12, -12],
      ['Perdita di velocità', 340, 48, -48],
      ['Perdita di qualità', 330, 10, -10],
      ['Tempo pienamente produttivo', 0, 330, 330],
    ]);
    // Without signals the waterfall is the one it always was: no step for them.
    expect(waterfallSteps({ ...losses, micro_stop_minutes: 0, speed_loss_minutes: 60 }).map((s) => s.label)).not.toContain('Microfermate (rilevate)');
  });
});

const row = (key: string, oee: number | null, a: number | null): OeeRow =>
  ({ key, label: key, line_id: null, oee, availability: a, performance: a === null ? null : 1, quality: a === null ? null : 1 }) as OeeRow;

describe('trendSeries', () => {
  it('gives OEE, A, P and Q per day in percent, leaving out days without a ratio', () => {
    expect(trendSeries([row('2031-06-01', 0.7479, 0.8881), row('2031-06-02', null, null)])).toEqual([
      { id: 'OEE', data: [{ x: '2031-06-01', y: 74.8 }] },
      { id: 'Disponibilità', data: [{ x: '2031-06-01', y: 88.8 }] },
      { id: 'Prestazioni', data: [{ x: '2031-06-01', y: 100 }] },
      { id: 'Qualità', data: [{ x: '2031-06-01', y: 100 }] },
    ]);
  });
});

const stop = (id: number, code: number, mode: string, equipment: number) =>
  ({
    id,
    stop_code_id: code,
    failure_mode: mode,
    workpoint_rel: { id: 1, name: 'A', equipment_rel: { id: equipment, name: 'M', line_rel: { id: 1, name: 'L' } } },
  }) as UnplannedStop;

describe('stopsOfBar', () => {
  const stops = [stop(1, 7, 'Usura', 3), stop(2, 8, 'Usura', 4), stop(3, 7, 'Rottura', 4)];
  it.each([
    ['stop_code', '7', [1, 3]],
    ['failure_mode', 'Usura', [1, 2]],
    ['equipment', '4', [2, 3]],
    ['shift', 'B', [1, 2, 3]],
  ] as const)('by %s, bar %s: stops %j', (by, key, ids) => {
    expect(stopsOfBar(stops, by, key).map((s) => s.id)).toEqual(ids);
  });
});
