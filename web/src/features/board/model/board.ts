/** The TV board's answer (GET /factory/board, docs/board.md) and how the board words it. */
import { formatNumber } from '../../../lib/numbers.js';
export interface BoardStop {
  kind: 'planned' | 'unplanned';
  start_time: string;
  end_time: string;
  minutes: number;
  equipment: string;
  reason: string;
}

export interface BoardAction {
  id: number;
  activity: string;
  owner: string;
  equipment: string | null;
  due_shift: string | null;
  executed: boolean;
}

/** One clock hour of the shift so far (short-interval control, docs/board.md). */
export interface BoardHour {
  hour: string;
  good: number;
  reject: number;
  target: number | null;
  counted: boolean;
}

export interface BoardLine {
  line_id: number;
  line_name: string;
  shift: { id: number; name: string; code: string; day: string; start_time: string; end_time: string } | null;
  def_speed?: number | null;
  pieces?: number | null;
  waste?: number | null;
  /** Whether 'Pezzi' is the report's or the counting machine's (no report figure yet). */
  pieces_source?: 'report' | 'machine' | null;
  target_now?: number | null;
  rendimento?: number | null;
  scarto?: number | null;
  ut_threshold?: number | null;
  waste_threshold?: number | null;
  stop_count?: number;
  stop_minutes?: number;
  stops?: BoardStop[];
  dbr_actions?: BoardAction[];
  hours?: BoardHour[];
}

export interface BoardAnswer {
  shop_floor_id: number;
  generated_at: string;
  lines: BoardLine[];
}

/** Where the board looks: a shop floor and one line, or all its lines in turn. Kept on the device. */
export interface BoardChoice {
  shopFloorId: number;
  lineId: number | null;
}

const CHOICE_KEY = 'linea.tabellone';

export function readChoice(storage: Pick<Storage, 'getItem'> = localStorage): BoardChoice | null {
  try {
    const v = JSON.parse(storage.getItem(CHOICE_KEY) ?? 'null') as Partial<BoardChoice> | null;
    if (!v || !Number.isInteger(v.shopFloorId)) return null;
    return { shopFloorId: v.shopFloorId!, lineId: Number.isInteger(v.lineId) ? v.lineId! : null };
  } catch {
    return null;
  }
}

export function saveChoice(choice: BoardChoice, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(CHOICE_KEY, JSON.stringify(choice));
}

/** With every line shown in turn, each stays this long. */
export const ROTATE_MS = 15_000;
/** The board asks again at least this often: the target to this minute moves with the clock. */
export const REFRESH_MS = 60_000;

export const pieces = (n: number | null | undefined) => (n === null || n === undefined ? '–' : formatNumber(n, { max: 0 }));
export const percent = (f: number | null | undefined) => (f === null || f === undefined ? '–' : `${formatNumber(f * 100, { min: 1, max: 1 })} %`);

/** Green, or red, against the line's thresholds: Rendimento at or above, Scarto at or below (the gauges' rule). */
export function tone(value: number | null | undefined, threshold: number | null | undefined, higherIsBetter: boolean): 'good' | 'bad' | 'none' {
  if (value === null || value === undefined || threshold === null || threshold === undefined) return 'none';
  return (higherIsBetter ? value >= threshold : value <= threshold) ? 'good' : 'bad';
}

/** 'Pezzi' against the target to this minute: green at or above, red below; neither while the pieces (or the target) are unknown. */
export function piecesTone(pieces: number | null | undefined, target: number | null | undefined): 'good' | 'bad' | 'none' {
  if (pieces === null || pieces === undefined || target === null || target === undefined) return 'none';
  return pieces >= target ? 'good' : 'bad';
}

/** Which line to show now when they rotate, from the time since the board opened. */
export const rotatingIndex = (count: number, elapsedMs: number) => (count === 0 ? 0 : Math.floor(elapsedMs / ROTATE_MS) % count);

/** The hours to show: none when the line's machine counted nothing in the shift (a line without signals shows no row). */
export const countedHours = (hours: readonly BoardHour[] | undefined): BoardHour[] => (hours?.some((h) => h.counted) ? [...hours] : []);

/** An hour at or above its target is green, below it red; an hour not counted, or without a target, neither. */
export function hourTone(h: BoardHour): 'good' | 'bad' | 'none' {
  if (!h.counted || h.target === null) return 'none';
  return h.good >= h.target ? 'good' : 'bad';
}
