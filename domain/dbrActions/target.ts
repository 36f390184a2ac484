import { activeItem, type PlantState } from '../plant/state.js';
import { validationError } from '../shared/errors.js';
import { INVALID_DBR_ACTION } from './rules.js';

/** The loss a DBR action targets: a machine of its line and one of that machine's stop codes, each null when not named. */
export interface DbrTarget {
  equipmentId: number | null;
  stopCodeId: number | null;
}

export const NO_TARGET: DbrTarget = { equipmentId: null, stopCodeId: null };

export const TARGET_EQUIPMENT_NOT_ON_LINE = 'Macchina non trovata sulla linea dell’azione';
export const TARGET_CODE_NOT_ON_LINE = 'Codice di stop non trovato sulla linea dell’azione';
export const TARGET_CODE_OF_OTHER_MACHINE = 'Il codice di stop non è della macchina scelta';

/** The active machine a stop code belongs to (code → workpoint → equipment), or null. */
function machineOfCode(plant: PlantState, stopCodeId: number): number | null {
  const code = activeItem(plant, 'stopCode', stopCodeId);
  const workpoint = code ? activeItem(plant, 'workpoint', code.parentId!) : null;
  const equipment = workpoint ? activeItem(plant, 'equipment', workpoint.parentId!) : null;
  return equipment?.id ?? null;
}

/**
 * The target as recorded: the machine must be an active machine of the line, the stop code an
 * active code of one of the line's machines and, when a machine is named too, of that machine.
 * A code alone brings its machine. Otherwise 400 'Azione DBR non valida' naming the field
 * (`target_equipment`, `target_stop_code`).
 */
export function validateDbrTarget(plant: PlantState, lineId: number, target: DbrTarget): DbrTarget {
  const bad: Record<string, string> = {};
  if (target.equipmentId !== null && activeItem(plant, 'equipment', target.equipmentId)?.parentId !== lineId) bad.target_equipment = TARGET_EQUIPMENT_NOT_ON_LINE;
  let equipmentId = target.equipmentId;
  if (target.stopCodeId !== null) {
    const machine = machineOfCode(plant, target.stopCodeId);
    if (machine === null || activeItem(plant, 'equipment', machine)?.parentId !== lineId) bad.target_stop_code = TARGET_CODE_NOT_ON_LINE;
    else if (equipmentId !== null && machine !== equipmentId) bad.target_stop_code = TARGET_CODE_OF_OTHER_MACHINE;
    else equipmentId = machine;
  }
  if (Object.keys(bad).length > 0) throw validationError(INVALID_DBR_ACTION, bad);
  return { equipmentId, stopCodeId: target.stopCodeId };
}

export const sameTarget = (a: DbrTarget, b: DbrTarget) => a.equipmentId === b.equipmentId && a.stopCodeId === b.stopCodeId;
