import type { MachineEvent } from './events.js';

/** A machine's day stream as the recorder decides on it: which stops and hour folds it already holds. */
export interface MachineDayState {
  /** Detected stops by start instant (ISO, UTC): null while the machine is still stopped. */
  stops: Map<string, string | null>;
  /** The hour folds recorded, by `${hour}|${firstAt}`. */
  folds: Set<string>;
  /** The latest running total its folds carry (machines that send totals), with the machine's time of it. */
  counter: { good: number; reject: number; at: number } | null;
}

export const foldKey = (hour: string, firstAt: string) => `${hour}|${firstAt}`;

export const machineDayFold = {
  initialState: { stops: new Map(), folds: new Set(), counter: null } as MachineDayState,
  evolve(state: MachineDayState, event: MachineEvent): MachineDayState {
    switch (event.type) {
      case 'MachineStopDetected':
        return state.stops.has(event.data.startTime) ? state : { ...state, stops: new Map(state.stops).set(event.data.startTime, null) };
      case 'MachineRestarted':
        return { ...state, stops: new Map(state.stops).set(event.data.startTime, event.data.endTime) };
      case 'MachineHourCounted': {
        const folds = new Set(state.folds).add(foldKey(event.data.hour, event.data.firstAt));
        const c = event.data.counter;
        const newer = c && (!state.counter || Date.parse(c.at) > state.counter.at);
        return { ...state, folds, counter: newer ? { good: c.good, reject: c.reject, at: Date.parse(c.at) } : state.counter };
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};
