/**
 * After login: a device without the station defaults asks the server for the user's saved
 * station, so a user who chose it elsewhere does not have to choose it again (foundations §4
 * Login: "/setup if the station defaults are missing, otherwise /").
 */
import { fetchDefaultStation } from '../../station/index.js';
import { isStationComplete, needsStationSetup, readStoredStation, storeStation } from '../../../lib/station.js';

/**
 * Fills local storage from GET /factory/default_station when the stored station is incomplete
 * for the role. Never throws: without a saved station (null) or on any failure the login goes on
 * and the user lands on /setup.
 */
export async function restoreStationDefaults(role: string): Promise<void> {
  if (!needsStationSetup(role, readStoredStation())) return;
  try {
    const station = await fetchDefaultStation();
    if (station && isStationComplete(role, station)) storeStation(station);
  } catch (err) {
    console.error('Lettura della stazione di default non riuscita', err);
  }
}
