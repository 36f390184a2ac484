import type { MachineEvent } from './events.js';

/** A machine's day stream as the recorder decides on it: which stops and hour folds it already holds. */
export interface MachineDayState {
  /** Detected stops by start instant (ISO, UTC): null while the machine is still stopped. */
  stops: Map<string, string | null>;
  /** The hour folds recorded, by `${hour}|${firstAt}`. */
  folds: Set<string>;
}

export const foldKey = (hour: string, firstAt: string) => `${hour}|${firstAt}`;

export const machineDayFold = {
  initialState: { stops: new Map(), folds: new Set() } as MachineDayState,
  evolve(state: MachineDayState, event: MachineEvent): MachineDayState {
    switch (event.type) {
      case 'MachineStopDetected':
        return state.stops.has(event.data.startTime) ? state : { ...state, stops: new Map(state.stops).set(event.data.startTime, null) };
      case 'MachineRestarted':
        return { ...state, stops: new Map(state.stops).set(event.data.startTime, event.data.endTime) };
      case 'MachineHourCounted':
        return { ...state, folds: new Set(state.folds).add(foldKey(event.data.hour, event.data.firstAt)) };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};
