import type { ShiftEvent } from './events.js';
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
