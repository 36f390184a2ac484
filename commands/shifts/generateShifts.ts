import { conflict, notFound, validationError } from '../../domain/shared/errors.js';
import { dayProblem } from '../../domain/shared/bounds.js';
import { activeItem, settingsOf } from '../../domain/plant/state.js';
import { runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import { readPlantIn } from '../plant/readPlant.js';
import type { ShiftPattern } from '../../domain/plant/events.js';
import { daysInRange, eachDay, MAX_GENERATION_DAYS, shiftId, shiftTimes } from '../../domain/shifts/calendar.js';
import { shiftCalendarStream, type ScheduledShift, type ShiftEvent } from '../../domain/shifts/events.js';
import { shiftCalendarFold, shiftKey, type ShiftCalendarState } from '../../domain/shifts/state.js';

/**
 * Put a shop floor's shift patterns on its calendar for every day of a range. The
 * caller passes the patterns as the plant records them; days that already have a
 * shift of a code keep it, so overlapping generations never duplicate a shift.
 */
export interface GenerateShifts {
  type: 'GenerateShifts';
  shopFloorId: number;
  startDate: string;
  endDate: string;
  patterns: ShiftPattern[];
  manageExtraShift: boolean;
}

export function decideGenerateShifts(command: GenerateShifts, state: ShiftCalendarState): ShiftEvent[] {
  const { shopFloorId, startDate, endDate } = command;
  const bad: Record<string, string> = {};
  const startProblem = dayProblem(startDate);
  const endProblem = dayProblem(endDate);
  if (startProblem) bad.start_date = startProblem;
  if (endProblem) bad.end_date = endProblem;
  if (Object.keys(bad).length > 0) throw validationError('Date non valide', bad);
  if (startDate > endDate) {
    throw validationError('La data di inizio deve precedere o coincidere con la data di fine', { end_date: 'Precede la data di inizio' });
  }
  if (daysInRange(startDate, endDate) > MAX_GENERATION_DAYS) {
    throw validationError(`Intervallo troppo lungo: al massimo ${MAX_GENERATION_DAYS} giorni`, { end_date: `Al massimo ${MAX_GENERATION_DAYS} giorni` });
  }
  const patterns = command.patterns.filter((p) => !p.extra || command.manageExtraShift);
  if (patterns.length === 0) throw conflict('NO_SHIFT_PATTERNS', 'Nessun turno configurato per il reparto');

  const shifts: ScheduledShift[] = [];
  let sequence = state.count;
  for (const day of eachDay(startDate, endDate)) {
    for (const p of patterns) {
      if (state.keys.has(shiftKey(day, p.code))) continue;
      shifts.push({ shiftId: shiftId(shopFloorId, ++sequence), name: p.name, code: p.code, shiftDay: day, ...shiftTimes(day, p), extra: p.extra });
    }
  }
  if (shifts.length === 0) return [];
  return [{ type: 'ShiftsScheduled', data: { shopFloorId, startDate, endDate, shifts } }];
}

export const SHOP_FLOOR_NOT_FOUND = 'Reparto non trovato';

/**
 * The whole command: the shop floor's patterns from the plant (read as a condition of the
 * append), then its calendar, folded through the revision cache (it grows with every
 * generation, and only the new events are read).
 */
export function handleGenerateShifts(
  deps: CommandDeps,
  input: { shopFloorId: number; startDate: string; endDate: string },
  ctx: CommandContext,
): Promise<CommandResult<ShiftEvent>> {
  return runCommand(deps, ctx, async (reads) => {
    const plant = await readPlantIn(reads);
    if (!activeItem(plant, 'shopFloor', input.shopFloorId)) throw notFound(SHOP_FLOOR_NOT_FOUND);
    const { patterns, manageExtraShift } = settingsOf(plant, input.shopFloorId);
    const stream = shiftCalendarStream(input.shopFloorId);
    const state = await reads.readCached(stream, shiftCalendarFold);
    return { stream, events: decideGenerateShifts({ type: 'GenerateShifts', ...input, patterns, manageExtraShift }, state) };
  });
}
