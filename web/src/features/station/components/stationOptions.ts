/**
 * The setup's Stazione options (foundations §2 Setup): each labelled with the reference machine
 * of the line. A line has one reference machine but several equipments, so where more than one
 * option would read the same the equipment's name is added ("Riempitrice L1 – Filler"); the value
 * is always the equipment id. Pure, so it is unit tested.
 */
import type { CyclingOption } from '../../../components/CyclingSelect.js';

/** The parts of an equipment the label needs. */
export interface EquipmentLike {
  id: number | string;
  name: string;
}

/** Options for the Stazione select; without a reference machine name the equipment name is shown. */
export function stationOptions(equipments: readonly EquipmentLike[], referenceMachine: string | null | undefined): CyclingOption[] {
  const ref = referenceMachine?.trim() ?? '';
  return equipments.map((e) => {
    let label = e.name;
    if (ref) label = equipments.length > 1 && ref !== e.name ? `${ref} – ${e.name}` : ref;
    return { value: String(e.id), label };
  });
}

/** Options for a plain id/name list (Reparto, Linea). */
export function namedOptions(items: ReadonlyArray<{ id: number | string; name: string }> | undefined): CyclingOption[] {
  return (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));
}
