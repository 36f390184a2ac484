/**
 * Stop ids are integers given by the decider and stored in the events, never a
 * database sequence, so a rebuild of the read tables keeps every id. Each equipment
 * owns a block of a million ids: the lower half for unplanned stops, the upper half
 * for planned ones, so an id is unique across equipments and kinds, and the
 * equipment (hence the stream) is found from the id alone.
 */
const PER_EQUIPMENT = 1_000_000;
const PLANNED_OFFSET = 500_000;

/** Stops one equipment can have of each kind (a stop a minute for almost a year of non-stop failures). */
export const MAX_STOPS_PER_KIND = PLANNED_OFFSET - 1;

export type StopKind = 'unplanned' | 'planned';

/** The id of an equipment's n-th stop of a kind: see the block layout above. */
export function stopId(kind: StopKind, equipmentId: number, sequence: number): number {
  return equipmentId * PER_EQUIPMENT + (kind === 'planned' ? PLANNED_OFFSET : 0) + sequence;
}

/** The sequence of an id inside its equipment's block for its kind (1, 2, ...). */
export function sequenceOf(id: number): number {
  return (id % PER_EQUIPMENT) % PLANNED_OFFSET;
}

/** Kind and equipment of an id, or null when no stop can have it (a 404, not a 400). */
export function parseStopId(id: number): { kind: StopKind; equipmentId: number } | null {
  const equipmentId = Math.floor(id / PER_EQUIPMENT);
  const rest = id % PER_EQUIPMENT;
  if (!Number.isSafeInteger(id) || equipmentId < 1 || rest % PLANNED_OFFSET === 0) return null;
  return { kind: rest > PLANNED_OFFSET ? 'planned' : 'unplanned', equipmentId };
}
