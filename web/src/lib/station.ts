/**
 * Station defaults (shop floor, line, equipment) kept in local storage. Most screens start
 * from them, so login sends the user to /setup until they are complete (foundations §4, §5).
 */

/** Local storage keys the spec names for the default station. */
export const STATION_KEYS = ['shop_floor_name', 'shop_floor_id', 'line_name', 'line_id', 'equipment_name', 'equipment_id'] as const;

/** The stored ids that decide whether setup is complete. */
export interface StoredStation {
  shop_floor_id?: string | null;
  line_id?: string | null;
  equipment_id?: string | null;
}

function present(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && value.trim() !== '';
}

/** True when the user must choose a station first; the support role needs no equipment. */
export function needsStationSetup(role: string | null | undefined, station: StoredStation): boolean {
  if (!present(station.shop_floor_id) || !present(station.line_id)) return true;
  if (role === 'support') return false;
  return !present(station.equipment_id);
}

/** Reads the stored station ids from the browser (not usable in node unit tests). */
export function readStoredStation(): StoredStation {
  return {
    shop_floor_id: localStorage.getItem('shop_floor_id'),
    line_id: localStorage.getItem('line_id'),
    equipment_id: localStorage.getItem('equipment_id'),
  };
}
