/**
 * 'Reparto' and 'Linea' as cycling selects: the line waits for a known shop floor. The station
 * setup and the DBR constants editor choose their line this way.
 */
import { CyclingSelect } from '../../../components/CyclingSelect.js';
import { namedOptions, type EquipmentLike as Named } from '../model/stationOptions.js';

export interface ShopFloorLinePickersProps {
  shopFloors: readonly Named[] | undefined;
  lines: readonly Named[] | undefined;
  shopFloorId: string;
  lineId: string;
  /** The chosen shop floor is one of `shopFloors` (else the line list stays empty and disabled). */
  shopFloorOk: boolean;
  onShopFloor(id: string): void;
  onLine(id: string): void;
}

export function ShopFloorLinePickers(p: ShopFloorLinePickersProps) {
  return (
    <>
      <CyclingSelect label="Reparto" name="shop_floor_id" placeholder="Seleziona Reparto" options={namedOptions(p.shopFloors)} value={p.shopFloorId} onChange={p.onShopFloor} />
      <CyclingSelect
        label="Linea"
        name="line_id"
        placeholder="Seleziona Linea"
        options={p.shopFloorOk ? namedOptions(p.lines) : []}
        value={p.lineId}
        onChange={p.onLine}
        disabled={!p.shopFloorOk}
      />
    </>
  );
}
