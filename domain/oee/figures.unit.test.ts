import { idealMinutes, oeeFigures, ZERO_SUMS, type OeeSums } from './figures.js';

/** One shift's sums from its plain facts, as the read model keeps them. */
function shift(f: { planned: number; excluded: number; setup: number; unplanned: number[]; ratePerHour: number; made: number; rejected: number }): OeeSums {
  const good = f.made - f.rejected;
  const unplanned = f.unplanned.reduce((a, b) => a + b, 0);
  const breakdown = f.unplanned.filter((m) => m >= 5).reduce((a, b) => a + b, 0);
  return {
    ...ZERO_SUMS,
    planned_operating_minutes: f.planned,
    excluded_minutes: f.excluded,
    setup_minutes: f.setup,
    unplanned_minutes: unplanned,
    breakdown_minutes: breakdown,
    minor_stop_minutes: unplanned - breakdown,
    failures: f.unplanned.length,
    produced: f.made,
    good,
    ideal_minutes: idealMinutes(f.made, f.ratePerHour),
    good_ideal_minutes: idealMinutes(good, f.ratePerHour),
    calendar_minutes: 1440,
  };
}

const pct = (x: number | null) => Math.round(x! * 10000) / 100;

describe('the OEE figures against published worked examples', () => {
  it('gives Vorne’s example: A 88.81 %, P 86.11 %, Q 97.80 %, OEE 74.79 %', () => {
    // 480-minute shift, two 30-minute breaks, 47 minutes of unplanned stops, 60 a minute, 19,271 made, 423 rejected.
    const f = oeeFigures(shift({ planned: 480, excluded: 60, setup: 0, unplanned: [47], ratePerHour: 3600, made: 19271, rejected: 423 }));
    expect(f.planned_busy_minutes).toBe(420);
    expect(f.run_minutes).toBe(373);
    expect(pct(f.availability)).toBeCloseTo(88.81, 2);
    expect(pct(f.performance)).toBeCloseTo(86.11, 2);
    expect(pct(f.quality)).toBeCloseTo(97.8, 2);
    expect(pct(f.oee)).toBeCloseTo(74.79, 2);
    // OEE = (good / ideal rate) / planned busy: 18,848 pieces at 60 a minute over 420 minutes.
    expect(Math.abs(f.oee! - 18848 / 60 / 420)).toBeLessThan(1e-12);
    expect(f.ideal_rate_per_hour).toBeCloseTo(3600, 9);
  });

  it('gives the example with a setup loss: A 90.0 %, P 79.4 %, Q 98.0 %, OEE 70.0 %', () => {
    // 480 min, 60 min of breaks, a 20-minute changeover and 22 minutes of unplanned stops, 1 minute a piece, 300 made, 6 scrap.
    const f = oeeFigures(shift({ planned: 480, excluded: 60, setup: 20, unplanned: [12, 7, 3], ratePerHour: 60, made: 300, rejected: 6 }));
    expect(f.run_minutes).toBe(378);
    expect(Math.round(f.availability! * 1000) / 10).toBe(90.0);
    expect(Math.round(f.performance! * 1000) / 10).toBe(79.4);
    expect(Math.round(f.quality! * 1000) / 10).toBe(98.0);
    expect(Math.round(f.oee! * 1000) / 10).toBe(70.0);
    expect(f.losses).toEqual({
      planned_busy_minutes: 420,
      setup_minutes: 20,
      breakdown_minutes: 19,
      minor_stop_minutes: 3,
      micro_stop_minutes: 0,
      speed_loss_minutes: 78,
      quality_loss_minutes: 6,
      fully_productive_minutes: 294,
    });
    expect(f.failures).toBe(3);
    expect(f.mttr_minutes).toBeCloseTo(22 / 3, 12);
    expect(f.mtbf_minutes).toBe(126);
  });

  describe('micro-stops the machines detected, as a part of the speed loss (ISO 22400)', () => {
    // 480 min, 60 min of breaks, a 20-minute changeover, no unplanned stops: run 400 minutes.
    // 340 made at 60 an hour is 340 ideal minutes: 60 minutes of speed loss; 10 rejected.
    const base = shift({ planned: 480, excluded: 60, setup: 20, unplanned: [], ratePerHour: 60, made: 340, rejected: 10 });

    it('takes 12 measured minutes out of the 60 of speed loss: 12 and 48', () => {
      const f = oeeFigures({ ...base, micro_stops: 9, micro_stop_minutes: 12 });
      expect(f.run_minutes).toBe(400);
      expect(f.losses).toEqual({
        planned_busy_minutes: 420,
        setup_minutes: 20,
        breakdown_minutes: 0,
        minor_stop_minutes: 0,
        micro_stop_minutes: 12,
        speed_loss_minutes: 48,
        quality_loss_minutes: 10,
        fully_productive_minutes: 330,
      });
      expect([f.micro_stops, f.micro_stop_minutes]).toEqual([9, 12]);
      // A, P and Q do not move: micro-stops were always inside the performance loss.
      expect(f.availability).toBeCloseTo(400 / 420, 12);
      expect(f.performance).toBeCloseTo(340 / 400, 12);
    });

    it('never takes more than the speed loss: 75 measured minutes make a step of 60 and no speed loss left', () => {
      const f = oeeFigures({ ...base, micro_stops: 40, micro_stop_minutes: 75 });
      expect([f.losses.micro_stop_minutes, f.losses.speed_loss_minutes, f.micro_stop_minutes]).toEqual([60, 0, 75]);
    });

    it('takes nothing from a speed gain: 420 made in 400 minutes run is −20 of speed loss and a step of 0', () => {
      const f = oeeFigures({ ...shift({ planned: 480, excluded: 60, setup: 20, unplanned: [], ratePerHour: 60, made: 420, rejected: 0 }), micro_stops: 9, micro_stop_minutes: 12 });
      expect([f.losses.micro_stop_minutes, f.losses.speed_loss_minutes, f.micro_stop_minutes]).toEqual([0, -20, 12]);
    });

    it('without signals is 0 and leaves the speed loss whole', () => {
      const f = oeeFigures(base);
      expect([f.losses.micro_stop_minutes, f.losses.speed_loss_minutes, f.micro_stops, f.micro_stop_minutes]).toEqual([0, 60, 0, 0]);
    });
  });

  it('answers null for ratios of nothing, never 0 % or a division by zero', () => {
    const f = oeeFigures(ZERO_SUMS);
    expect([f.availability, f.performance, f.quality, f.oee, f.teep, f.mtbf_minutes, f.mttr_minutes, f.ideal_rate_per_hour]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
