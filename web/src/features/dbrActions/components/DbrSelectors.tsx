/**
 * Giorno, Turno, Linea and Dispositivo of a DBR screen, each with its previous/next arrows
 * (the shared DayPicker and CyclingSelect). The first option of Turno and Dispositivo is a real
 * choice: 'Tutti' in the filters, 'Fine gg' and 'Non specificato' in the insert form.
 */
import { CyclingSelect } from '../../../components/CyclingSelect.js';
import { DayPicker } from '../../../components/DayPicker.js';
import type { DbrSelection } from './useDbrSelection.js';

export interface DbrSelectorsProps {
  selection: DbrSelection;
  /** Prefix of the controls' names, so two sets on one page stay apart ('filter', 'form'). */
  name: string;
  shiftFirst: string;
  equipmentFirst: string;
  disabled?: boolean;
}

export function DbrSelectors({ selection: s, name, shiftFirst, equipmentFirst, disabled = false }: DbrSelectorsProps) {
  return (
    <div className="filter-grid dbra-selectors">
      <DayPicker label="Giorno" name={`${name}_day`} value={s.day} onChange={(d) => d && s.setDay(d)} disabled={disabled} />
      <CyclingSelect
        label="Turno"
        name={`${name}_shift`}
        firstOption={{ value: '', label: shiftFirst }}
        options={s.shiftOptions}
        value={s.shiftCode}
        onChange={s.setShiftCode}
        disabled={disabled}
      />
      <CyclingSelect label="Linea" name={`${name}_line`} placeholder="Seleziona linea" options={s.lineOptions} value={s.lineId} onChange={s.setLineId} disabled={disabled} />
      <CyclingSelect
        label="Dispositivo"
        name={`${name}_equipment`}
        firstOption={{ value: '', label: equipmentFirst }}
        options={s.equipmentOptions}
        value={s.equipmentId}
        onChange={s.setEquipmentId}
        disabled={disabled}
      />
    </div>
  );
}
