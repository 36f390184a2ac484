/**
 * The OEE figures of docs/oee.md from the sums of some shifts: pure, shared by the API and
 * the page. The sums are taken first and the ratios after, so a group of shifts weighs each
 * by its time (and its design speed by the ideal time it gives).
 */
export interface OeeSums {
  planned_operating_minutes: number;
  excluded_minutes: number;
  setup_minutes: number;
  unplanned_minutes: number;
  /** Unplanned stops of at least the minor-stop threshold, and the shorter ones: together unplanned_minutes. */
  breakdown_minutes: number;
  minor_stop_minutes: number;
  failures: number;
  produced: number;
  good: number;
  /** Minutes the produced pieces take at the ideal rate of their shifts (produced × 60 / def_speed). */
  ideal_minutes: number;
  /** The same for the good pieces. */
  good_ideal_minutes: number;
  /** Calendar minutes for TEEP (24 h per day and line); null where TEEP is not given. */
  calendar_minutes: number | null;
  /** Micro-stops the machines detected (docs/machine-signals.md) and their minutes: 0 for lines without signals. */
  micro_stops: number;
  micro_stop_minutes: number;
}

export interface OeeLosses {
  planned_busy_minutes: number;
  setup_minutes: number;
  breakdown_minutes: number;
  minor_stop_minutes: number;
  /**
   * The micro-stops the machines detected, as a part of the speed loss (ISO 22400: minor stops
   * nobody recorded are a performance loss): the measured minutes, but never more than the
   * speed loss, so the rest of it is never below 0. 0 without signals.
   */
  micro_stop_minutes: number;
  /** Run − ideal time of what was produced, less the micro-stops above (negative when performance > 1). */
  speed_loss_minutes: number;
  quality_loss_minutes: number;
  fully_productive_minutes: number;
}

export interface OeeFigures {
  planned_operating_minutes: number;
  excluded_minutes: number;
  planned_busy_minutes: number;
  setup_minutes: number;
  unplanned_minutes: number;
  run_minutes: number;
  produced: number;
  good: number;
  ideal_rate_per_hour: number | null;
  availability: number | null;
  performance: number | null;
  quality: number | null;
  oee: number | null;
  teep: number | null;
  mtbf_minutes: number | null;
  mttr_minutes: number | null;
  failures: number;
  /** Micro-stops the machines detected and their minutes as measured (the waterfall's step is `losses.micro_stop_minutes`). */
  micro_stops: number;
  micro_stop_minutes: number;
  losses: OeeLosses;
}

/** A row of GET /factory/oee: a line, a machine, a day or a shift code (docs/oee.md). */
export interface OeeRow extends OeeFigures {
  key: string;
  label: string;
  line_id: number | null;
  mtbf_target_minutes: number | null;
  /** The line's `ut_threshold` (Target Uptime, 0..1) shown beside the OEE; for day and shift rows the average over the chosen lines. */
  ut_target: number | null;
}

/** The answer of GET /factory/oee. */
export interface OeeAnswer extends OeeFigures {
  mtbf_target_minutes: number | null;
  ut_target: number | null;
  rows: OeeRow[];
}

/** a / b, or null when b is 0 (a ratio of nothing is not 0 %). */
export const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);

/** Sums of no shift. */
export const ZERO_SUMS: Readonly<OeeSums> = Object.freeze({
  planned_operating_minutes: 0,
  excluded_minutes: 0,
  setup_minutes: 0,
  unplanned_minutes: 0,
  breakdown_minutes: 0,
  minor_stop_minutes: 0,
  failures: 0,
  produced: 0,
  good: 0,
  ideal_minutes: 0,
  good_ideal_minutes: 0,
  calendar_minutes: null,
  micro_stops: 0,
  micro_stop_minutes: 0,
});

export function oeeFigures(s: OeeSums): OeeFigures {
  const busy = s.planned_operating_minutes - s.excluded_minutes;
  const run = busy - s.setup_minutes - s.unplanned_minutes;
  const availability = ratio(run, busy);
  const performance = ratio(s.ideal_minutes, run);
  const quality = ratio(s.good, s.produced);
  const oee = availability === null || performance === null || quality === null ? null : availability * performance * quality;
  const speedLoss = run - s.ideal_minutes;
  const micro = Math.min(s.micro_stop_minutes, Math.max(speedLoss, 0));
  return {
    planned_operating_minutes: s.planned_operating_minutes,
    excluded_minutes: s.excluded_minutes,
    planned_busy_minutes: busy,
    setup_minutes: s.setup_minutes,
    unplanned_minutes: s.unplanned_minutes,
    run_minutes: run,
    produced: s.produced,
    good: s.good,
    ideal_rate_per_hour: ratio(s.produced * 60, s.ideal_minutes),
    availability,
    performance,
    quality,
    oee,
    teep: oee === null || !s.calendar_minutes ? null : (oee * busy) / s.calendar_minutes,
    mtbf_minutes: ratio(run, s.failures),
    mttr_minutes: ratio(s.unplanned_minutes, s.failures),
    failures: s.failures,
    micro_stops: s.micro_stops,
    micro_stop_minutes: s.micro_stop_minutes,
    losses: {
      planned_busy_minutes: busy,
      setup_minutes: s.setup_minutes,
      breakdown_minutes: s.breakdown_minutes,
      minor_stop_minutes: s.minor_stop_minutes,
      micro_stop_minutes: micro,
      speed_loss_minutes: speedLoss - micro,
      quality_loss_minutes: s.ideal_minutes - s.good_ideal_minutes,
      fully_productive_minutes: s.good_ideal_minutes,
    },
  };
}

/** A shift's ideal minutes for some pieces at a rate per hour; no rate gives no ideal time. */
export const idealMinutes = (pieces: number, ratePerHour: number | null): number => (ratePerHour && ratePerHour > 0 ? (pieces * 60) / ratePerHour : 0);
