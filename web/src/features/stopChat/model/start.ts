/**
 * Where a bot starts (§4.2, §4.3 "pre-answered"): the line and equipment of the default station
 * (local storage `line_id`/`line_name`, `equipment_id`/`equipment_name`). When the line log passes
 * a `line_id` other than the station's, the stop is for that line: it is pre-answered (its name
 * from the line list) and the equipment is asked, the station's machine being on another line.
 */
import type { StoredStationNames } from '../../../lib/station.js';
import type { ChatStart } from './chatState.js';
import type { Choice } from './draft.js';

function idOf(text: string | null | undefined): number | null {
  const value = (text ?? '').trim();
  return /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** True when the line log asked for a line other than the station's, so the line list is needed first. */
export function needsLineLookup(station: Pick<StoredStationNames, 'lineId'>, lineIdParam: string | null): boolean {
  const wanted = idOf(lineIdParam);
  return wanted !== null && wanted !== idOf(station.lineId);
}

/**
 * The pre-answers. `lines` is the shop floor's line list (only read when the `line_id` differs
 * from the station's); an unknown `line_id` is ignored. A station part without a name or a valid
 * id counts as not set.
 */
export function chatStart(station: StoredStationNames, lineIdParam: string | null, lines: readonly Choice[] = []): ChatStart {
  const stationLine = idOf(station.lineId) !== null && station.lineName ? { id: idOf(station.lineId)!, name: station.lineName } : null;
  const stationEquipment = idOf(station.equipmentId) !== null && station.equipmentName ? { id: idOf(station.equipmentId)!, name: station.equipmentName } : null;
  if (needsLineLookup(station, lineIdParam)) {
    const other = lines.find((l) => l.id === idOf(lineIdParam));
    if (other) return { line: { id: other.id, name: other.name }, equipment: null };
  }
  return { line: stationLine, equipment: stationLine ? stationEquipment : null };
}
