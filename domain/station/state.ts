import type { StationEvent } from './events.js';
import type { Fold } from '../shared/fold.js';

export interface StationState {
  station: { shopFloorId: number; lineId: number; equipmentId: number | null } | null;
}

export const initialStationState: StationState = { station: null };

export function evolveStation(state: StationState, event: StationEvent): StationState {
  switch (event.type) {
    case 'DefaultStationChosen': {
      const { shopFloorId, lineId, equipmentId } = event.data;
      return { station: { shopFloorId, lineId, equipmentId } };
    }
    default: {
      const never: never = event.type;
      return never;
    }
  }
}

/** How the aggregate's stream folds into StationState: what its commands decide on. */
export const stationFold: Fold<StationState, StationEvent> = {
  initialState: initialStationState,
  evolve: evolveStation,
};
