/**
 * The list filters of foundations §4: the equipment filter keeps that equipment's actions and
 * those with no equipment; the shift filter keeps that shift's actions and those with no shift
 * ('Fine gg'). Pure, so it is unit tested.
 */
import { formatItalianDate } from '../../../lib/dates.js';
import type { DbrAction } from '../api/dbrActions.js';

export interface DbrRowFilter {
  /** A shift id, or null for 'Tutti'. */
  shiftId: number | null;
  /** An equipment name (unique within the line), or '' for 'Tutti'. */
  equipmentName: string;
}

export function filterDbrActions(rows: readonly DbrAction[], filter: DbrRowFilter): DbrAction[] {
  return rows.filter(
    (a) =>
      (filter.shiftId === null || a.due_shift === null || a.due_shift === filter.shiftId) &&
      (filter.equipmentName === '' || a.equipment_name === null || a.equipment_name === filter.equipmentName),
  );
}

/** The option whose name matches the stored name (foundations §4), else the stored id, else ''. */
export function matchStored(options: ReadonlyArray<{ id: number; name: string }> | undefined, name: string, id: string): string {
  if (!options) return '';
  const byName = name ? options.find((o) => o.name === name) : undefined;
  if (byName) return String(byName.id);
  return options.some((o) => String(o.id) === id) ? id : '';
}

type Named = { name: string } | null | undefined;

/** The selection as 'name, value' pairs, written above a DBR table's CSV export. */
export function dbrCsvFilters(s: { day: string; shift: Named; line: Named; equipment: Named }): [string, string][] {
  return [
    ['Data', formatItalianDate(s.day)],
    ['Turno', s.shift?.name ?? 'Tutti'],
    ['Linea', s.line?.name ?? ''],
    ['Macchina', s.equipment?.name ?? 'Tutte'],
  ];
}
