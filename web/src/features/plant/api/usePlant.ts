/**
 * Reads of the plant's structure (foundations §7): shop floors, lines, equipments, a line's
 * reference machine and a shop floor's units. SWR keys are `[path, query]` pairs, so every screen
 * asking for the same list shares one request and one cache entry.
 */
import useSWR from 'swr';
import { apiFetch } from '../../../lib/api.js';

/** A shop floor (Reparto); `manageExtraShift`: it schedules the extra 'Turno E' (foundations §3, default false). */
export interface ShopFloor {
  id: number;
  name: string;
  manageExtraShift: boolean;
}

/** A production line of a shop floor. */
export interface Line {
  id: number;
  name: string;
  shop_floor_id: number;
}

/** A machine of a line (the setup's Stazione). */
export interface Equipment {
  id: number;
  name: string;
  line_id: number;
}

/** The reference machine of a line. */
export interface LineRefMachine {
  name: string;
}

/** Units of measurement of a shop floor; unit1 names the production volume (e.g. 'pz'). */
export interface UnitsOfMeasurement {
  unit1: string;
  unit2: string;
  unit3: string;
  shopfloor_id: number;
}

/** An id from a select or local storage ('' or null when nothing is chosen). */
export type IdInput = string | number | null | undefined;

function hasId(id: IdInput): id is string | number {
  return id !== null && id !== undefined && String(id).trim() !== '';
}

/** Every active shop floor. */
export function useShopFloors() {
  return useSWR<ShopFloor[]>('/factory/shop_floors');
}

/** The lines of a shop floor; with `all` and no shop floor, every line of the plant. */
export function useLines(shopFloorId: IdInput, options: { all?: boolean } = {}) {
  const key = hasId(shopFloorId) ? ['/factory/lines', { shop_floor_id: String(shopFloorId) }] : options.all ? ['/factory/lines', {}] : null;
  return useSWR<Line[]>(key);
}

/** The equipments of a line; nothing is fetched until a line is chosen. */
export function useEquipments(lineId: IdInput) {
  return useSWR<Equipment[]>(hasId(lineId) ? ['/factory/equipments', { line_id: String(lineId) }] : null);
}

/** The reference machine of a line, whose name labels the setup's Stazione options. */
export function useLineRefMachine(lineId: IdInput) {
  return useSWR<LineRefMachine>(hasId(lineId) ? `/factory/line_ref_machine/${encodeURIComponent(String(lineId))}` : null);
}

/** The units of a shop floor; a failure is only logged (foundations §8), the caller falls back. */
export function useUnits(shopFloorId: IdInput) {
  return useSWR<UnitsOfMeasurement>(
    hasId(shopFloorId) ? `/factory/units_of_measurement/${encodeURIComponent(String(shopFloorId))}` : null,
    (path: string) => apiFetch<UnitsOfMeasurement>(path),
    { onError: (err: unknown) => console.error('Caricamento delle unità di misura non riuscito', err) },
  );
}

/** A stop code of a machine, with the area (workpoint) it belongs to. */
export interface MachineStopCode {
  id: number;
  name: string;
  area: string;
}

/**
 * The stop codes of a machine over all its areas (`GET /factory/workpoints`, then
 * `GET /factory/stop_codes` per area), in the areas' order; nothing is fetched until a machine is chosen.
 */
export function useMachineStopCodes(equipmentId: IdInput) {
  return useSWR<MachineStopCode[]>(hasId(equipmentId) ? ['machine-stop-codes', String(equipmentId)] : null, async ([, id]: [string, string]) => {
    const areas = await apiFetch<Array<{ id: number; name: string }>>('/factory/workpoints', { query: { equipment_id: id } });
    const codes = await Promise.all(
      areas.map(async (a) =>
        (await apiFetch<Array<{ id: number; name: string }>>('/factory/stop_codes', { query: { workpoint_id: a.id } })).map((c) => ({ id: c.id, name: c.name, area: a.name })),
      ),
    );
    return codes.flat();
  });
}
