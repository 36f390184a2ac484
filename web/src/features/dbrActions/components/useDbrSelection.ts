/**
 * Day, shift, line and equipment of a DBR screen (the daily activities filters, the DBR page's
 * insert form and its filters), with the spec's loading rules (foundations §4): the line and
 * equipment start from the default station, found by name in the server's lists; a new line
 * clears the equipment; a new day reloads the shifts and keeps the chosen shift by its code when
 * the new day has it; a list that fails to load is empty and its choice cleared.
 */
import { useState } from 'react';
import type { CyclingOption } from '../../../components/CyclingSelect.js';
import type { StoredStationNames } from '../../../lib/station.js';
import { useShifts, type Shift } from '../../lineLog/index.js';
import { useEquipments, useLines, useShopFloors, type Equipment, type Line } from '../../plant/index.js';
import { matchStored } from '../model/dbrFilters.js';

export interface DbrSelection {
  shopFloorId: string;
  day: string;
  setDay(day: string): void;
  /** The chosen shift of the day, null for 'Tutti' / 'Fine gg'. */
  shift: Shift | null;
  shiftCode: string;
  setShiftCode(code: string): void;
  /** The day's shifts by start time ('Turno A', 'Turno E', 'Turno B', 'Turno C'). */
  shiftOptions: CyclingOption[];
  /** Start time of each of the day's shifts by id: the Turno column sorts by it. */
  shiftStarts: ReadonlyMap<number, string>;
  shiftsLoading: boolean;
  line: Line | null;
  lineId: string;
  setLineId(id: string): void;
  lineOptions: CyclingOption[];
  equipment: Equipment | null;
  equipmentId: string;
  setEquipmentId(id: string): void;
  equipmentOptions: CyclingOption[];
  /** Sets all four at once (e.g. to show an action just created). */
  show(next: { day: string; shiftCode: string; lineId: string; equipmentId: string }): void;
}

/**
 * `useStationEquipment`: whether the station's equipment is the default equipment (daily activities) or none is.
 * `initialLineId`: a line to start on instead of the station's (a link that names one).
 */
export function useDbrSelection(station: StoredStationNames, initialDay: string, useStationEquipment: boolean, initialLineId: string | null = null): DbrSelection {
  const [day, setDay] = useState(initialDay);
  const [shiftCode, setShiftCode] = useState('');
  const [chosenLine, setChosenLine] = useState<string | null>(initialLineId);
  const [chosenEquipment, setChosenEquipment] = useState<string | null>(null);

  const shopFloors = useShopFloors();
  const shopFloorId = matchStored(shopFloors.data, station.shopFloorName, station.shopFloorId) || (shopFloors.data ? '' : station.shopFloorId);
  const lines = useLines(shopFloorId || null);
  const lineList = lines.error ? [] : (lines.data ?? []);
  const defaultLineId = matchStored(lines.data, station.lineName, station.lineId);
  const wantedLine = chosenLine ?? defaultLineId;
  const line = lineList.find((l) => String(l.id) === wantedLine) ?? null;
  const lineId = line ? String(line.id) : '';

  const equipments = useEquipments(lineId || null);
  const equipmentList = equipments.error ? [] : (equipments.data ?? []);
  const defaultEquipmentId = useStationEquipment && lineId === defaultLineId ? matchStored(equipments.data, station.equipmentName, station.equipmentId) : '';
  const wantedEquipment = chosenEquipment ?? defaultEquipmentId;
  const equipment = equipmentList.find((e) => String(e.id) === wantedEquipment) ?? null;

  const shifts = useShifts(day, shopFloorId || null);
  const shiftList = !shifts.error && shifts.data && shifts.data.every((s) => s.shift_day === day) ? shifts.data : [];
  const shift = shiftList.find((s) => s.code === shiftCode) ?? null;

  return {
    shopFloorId,
    day,
    setDay,
    shift,
    shiftCode: shift?.code ?? '',
    setShiftCode,
    shiftOptions: shiftList.map((s) => ({ value: s.code, label: s.name })),
    shiftStarts: new Map(shiftList.map((s) => [s.id, s.start_time])),
    shiftsLoading: shifts.isLoading,
    line,
    lineId,
    setLineId(id) {
      setChosenLine(id);
      setChosenEquipment('');
    },
    lineOptions: lineList.map((l) => ({ value: String(l.id), label: l.name })),
    equipment,
    equipmentId: equipment ? String(equipment.id) : '',
    setEquipmentId: setChosenEquipment,
    equipmentOptions: equipmentList.map((e) => ({ value: String(e.id), label: e.name })),
    show(next) {
      setDay(next.day);
      setShiftCode(next.shiftCode);
      setChosenLine(next.lineId);
      setChosenEquipment(next.equipmentId);
    },
  };
}
