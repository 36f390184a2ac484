import type { ScheduledShift, ShiftEvent } from './events.js';
import type { Fold } from '../shared/fold.js';

export interface ShiftCalendarState {
  /** Shifts given so far on this calendar; the next id continues from it. */
  count: number;
  /** `day|code` of every scheduled shift. */
  keys: ReadonlySet<string>;
}

export const initialShiftCalendarState: ShiftCalendarState = { count: 0, keys: new Set() };

export const shiftKey = (day: string, code: string) => `${day}|${code}`;

export function evolveShiftCalendar(state: ShiftCalendarState, event: ShiftEvent): ShiftCalendarState {
  switch (event.type) {
    case 'ShiftsScheduled': {
      const keys = new Set(state.keys);
      for (const s of event.data.shifts) keys.add(shiftKey(s.shiftDay, s.code));
      return { count: state.count + event.data.shifts.length, keys };
    }
    default: {
      const never: never = event.type;
      return never;
    }
  }
}

/** How the aggregate's stream folds into ShiftCalendarState: what its commands decide on. */
export const shiftCalendarFold: Fold<ShiftCalendarState, ShiftEvent> = {
  initialState: initialShiftCalendarState,
  evolve: evolveShiftCalendar,
};

/** A shop floor's scheduled shifts by the plant day they start on. */
export type ShiftsByDay = ReadonlyMap<string, readonly ScheduledShift[]>;

/**
 * The calendar indexed by day, so finding a day's shifts, or the shifts that hold an
 * instant, looks at one or two days, not at every shift ever generated. Commands keep it
 * in their cache (commands/shifts/readCalendar.ts).
 */
export const shiftsByDayFold: Fold<ShiftsByDay, ShiftEvent> = {
  initialState: new Map(),
  evolve: (state, event) => shiftsByDayFold.evolveMany!(state, [event]),
  evolveMany(state, events) {
    const next = new Map(state);
    for (const event of events) {
      for (const s of event.data.shifts) next.set(s.shiftDay, [...(next.get(s.shiftDay) ?? []), s]);
    }
    return next;
  },
};
