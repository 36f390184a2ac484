/**
 * 'Macchina' and 'Codice di stop' of a DBR action (docs/dbr-actions.md, 'The loss an action
 * targets'): optional, the machines of the action's line and the chosen machine's stop codes
 * (named with their area). A new machine clears the code; without a machine there is no code
 * ('Nessuno', disabled).
 */
import { CyclingSelect } from '../../../components/CyclingSelect.js';
import { useEquipments, useMachineStopCodes } from '../../plant/index.js';

export interface DbrTarget {
  equipmentId: string;
  stopCodeId: string;
}

export const NO_DBR_TARGET: DbrTarget = { equipmentId: '', stopCodeId: '' };

interface Props {
  lineId: string;
  value: DbrTarget;
  onChange(next: DbrTarget): void;
  /** Prefix of the controls' names. */
  name: string;
  disabled?: boolean;
}

export function DbrTargetPickers({ lineId, value, onChange, name, disabled = false }: Props) {
  const machines = useEquipments(lineId || null);
  const codes = useMachineStopCodes(value.equipmentId || null);
  const codeList = codes.error ? [] : (codes.data ?? []);
  return (
    <fieldset className="dbra-target">
      <legend>Perdita da ridurre (facoltativa)</legend>
      <div className="filter-grid dbra-target-grid">
        <CyclingSelect
          label="Macchina"
          name={`${name}_target_equipment`}
          firstOption={{ value: '', label: 'Nessuna' }}
          options={(machines.error ? [] : (machines.data ?? [])).map((m) => ({ value: String(m.id), label: m.name }))}
          value={value.equipmentId}
          onChange={(equipmentId) => onChange({ equipmentId, stopCodeId: '' })}
          disabled={disabled || !lineId}
        />
        <CyclingSelect
          label="Codice di stop"
          name={`${name}_target_stop_code`}
          firstOption={{ value: '', label: value.equipmentId ? 'Tutti i codici' : 'Nessuno' }}
          options={codeList.map((c) => ({ value: String(c.id), label: `${c.name} (${c.area})` }))}
          value={value.stopCodeId}
          onChange={(stopCodeId) => onChange({ ...value, stopCodeId })}
          disabled={disabled || !value.equipmentId}
        />
      </div>
    </fieldset>
  );
}
