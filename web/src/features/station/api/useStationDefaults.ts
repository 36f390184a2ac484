/**
 * The default station as screens show it: local storage first (what setup and login wrote on
 * this device), else the station saved on the server for this user.
 */
import { useState } from 'react';
import { readStoredStationNames, type StoredStationNames } from '../../../lib/station.js';
import { useDefaultStation } from './defaultStation.js';

/** The station's ids and names ('' when missing) and whether the server is still being asked. */
export interface StationDefaultsState {
  station: StoredStationNames;
  loading: boolean;
}

/** Reads local storage once; asks the server only when no shop floor is stored. */
export function useStationDefaults(): StationDefaultsState {
  const [stored] = useState(readStoredStationNames);
  const needServer = !stored.shopFloorId;
  const { data, isLoading } = useDefaultStation(needServer);
  if (!needServer || !data) return { station: stored, loading: needServer && isLoading };
  return {
    station: {
      shopFloorId: String(data.shopFloorId),
      shopFloorName: data.shopFloorName,
      lineId: String(data.lineId),
      lineName: data.lineName,
      equipmentId: data.equipmentId === null ? '' : String(data.equipmentId),
      equipmentName: data.equipmentName ?? '',
    },
    loading: false,
  };
}
