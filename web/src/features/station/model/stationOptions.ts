/**
 * The setup's Stazione options (foundations §2 Setup): each labelled with the reference machine
 * of the line. A line has one reference machine but several equipments, so each option names its
 * equipment first and the line's reference machine after it ("Filler (rif. Riempitrice L1)"): the
 * operator reads the machine they stand at, the spec's reference machine stays on every option.
 * The value is always the equipment id. Pure, so it is unit tested.
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
  return equipments.map((e) => ({ value: String(e.id), label: ref && ref !== e.name ? `${e.name} (rif. ${ref})` : e.name }));
}

/** Options for a plain id/name list (Reparto, Linea). */
export function namedOptions(items: ReadonlyArray<{ id: number | string; name: string }> | undefined): CyclingOption[] {
  return (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));
}
