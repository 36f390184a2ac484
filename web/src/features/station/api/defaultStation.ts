/**
 * The signed-in user's default station on the server (docs/plant.md "Default station"): the setup
 * page saves it there as well as in local storage, so it follows the user to another device.
 */
import useSWR from 'swr';
import { apiFetch } from '../../../lib/api.js';
import { getToken } from '../../../lib/session.js';
import type { StationDefaults } from '../../../lib/station.js';

/** The station as the server answers it (ids are numbers, equipment null for support). */
export interface DefaultStation extends StationDefaults {
  shopFloorId: number;
  lineId: number;
  equipmentId: number | null;
}

/** What PUT /factory/default_station takes; equipment may be null only for the support role. */
export interface DefaultStationInput {
  shopFloorId: number | string;
  lineId: number | string;
  equipmentId: number | string | null;
}

/** The path of both calls, also the SWR key. */
export const DEFAULT_STATION_PATH = '/factory/default_station';

/** The saved station, or null when none is saved yet (the server answers 200 with null); errors throw. */
export async function fetchDefaultStation(): Promise<DefaultStation | null> {
  return (await apiFetch<DefaultStation | null>(DEFAULT_STATION_PATH)) ?? null;
}

/** Saves the station on the server; the answer carries the names to store locally. */
export function saveDefaultStation(input: DefaultStationInput): Promise<DefaultStation> {
  return apiFetch<DefaultStation>(DEFAULT_STATION_PATH, { method: 'PUT', json: input });
}

/**
 * The saved station for screens that start from it when local storage has none (null: none
 * saved). The token is part of the key: the station is the user's, and a cached answer must not
 * outlive the login it belongs to (another user may log in on the same tab).
 */
export function useDefaultStation(enabled = true) {
  const token = getToken();
  return useSWR<DefaultStation | null>(enabled && token ? [DEFAULT_STATION_PATH, token] : null, () => fetchDefaultStation());
}
