/**
 * Station defaults (shop floor, line, equipment) kept in local storage. Most screens start
 * from them, so login sends the user to /setup until they are complete (foundations §4, §5).
 * The server keeps a copy per user (GET/PUT /factory/default_station), so a new device can be
 * filled from it at login instead of asking again.
 */

/** Local storage keys the spec names for the default station. */
export const STATION_KEYS = ['shop_floor_name', 'shop_floor_id', 'line_name', 'line_id', 'equipment_name', 'equipment_id'] as const;

/** The stored ids that decide whether setup is complete. */
export interface StoredStation {
  shop_floor_id?: string | null;
  line_id?: string | null;
  equipment_id?: string | null;
}

/** A whole station as the server answers it; equipment is null for a support user without one. */
export interface StationDefaults {
  shopFloorId: number | string;
  lineId: number | string;
  equipmentId: number | string | null;
  shopFloorName: string;
  lineName: string;
  equipmentName: string | null;
}

/** What the screens show of the stored station: ids and names as strings, '' when missing. */
export interface StoredStationNames {
  shopFloorId: string;
  shopFloorName: string;
  lineId: string;
  lineName: string;
  equipmentId: string;
  equipmentName: string;
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

/** True when the station the server keeps is enough for the role (the same rule as local storage). */
export function isStationComplete(role: string | null | undefined, station: StationDefaults): boolean {
  return !needsStationSetup(role, {
    shop_floor_id: String(station.shopFloorId),
    line_id: String(station.lineId),
    equipment_id: station.equipmentId === null ? null : String(station.equipmentId),
  });
}

/** Reads the stored station ids from the browser (not usable in node unit tests). */
export function readStoredStation(): StoredStation {
  return {
    shop_floor_id: localStorage.getItem('shop_floor_id'),
    line_id: localStorage.getItem('line_id'),
    equipment_id: localStorage.getItem('equipment_id'),
  };
}

/** Ids and names of the stored station, '' for what is missing. */
export function readStoredStationNames(): StoredStationNames {
  const get = (key: (typeof STATION_KEYS)[number]) => localStorage.getItem(key) ?? '';
  return {
    shopFloorId: get('shop_floor_id'),
    shopFloorName: get('shop_floor_name'),
    lineId: get('line_id'),
    lineName: get('line_name'),
    equipmentId: get('equipment_id'),
    equipmentName: get('equipment_name'),
  };
}

/** One id/name pair to store; null removes both keys (a cleared choice). */
export type StoredChoice = { id: string | number; name: string } | null;

function storePair(idKey: string, nameKey: string, choice: StoredChoice): void {
  if (choice === null || !present(String(choice.id))) {
    localStorage.removeItem(idKey);
    localStorage.removeItem(nameKey);
    return;
  }
  localStorage.setItem(idKey, String(choice.id));
  localStorage.setItem(nameKey, choice.name);
}

/** Stores the shop floor choice; a new shop floor clears line and equipment (foundations §4 Setup). */
export function storeShopFloorChoice(choice: StoredChoice): void {
  storePair('shop_floor_id', 'shop_floor_name', choice);
  storePair('line_id', 'line_name', null);
  storePair('equipment_id', 'equipment_name', null);
}

/** Stores the line choice; a new line clears the equipment. */
export function storeLineChoice(choice: StoredChoice): void {
  storePair('line_id', 'line_name', choice);
  storePair('equipment_id', 'equipment_name', null);
}

/** Stores the equipment choice. */
export function storeEquipmentChoice(choice: StoredChoice): void {
  storePair('equipment_id', 'equipment_name', choice);
}

/** Stores a whole station (the server's answer), replacing whatever was there. */
export function storeStation(station: StationDefaults): void {
  storePair('shop_floor_id', 'shop_floor_name', { id: station.shopFloorId, name: station.shopFloorName });
  storePair('line_id', 'line_name', { id: station.lineId, name: station.lineName });
  storePair('equipment_id', 'equipment_name', station.equipmentId === null ? null : { id: station.equipmentId, name: station.equipmentName ?? '' });
}
