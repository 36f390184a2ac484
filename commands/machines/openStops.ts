import { DateTime } from 'luxon';
import { machineDayStream } from '../../domain/machines/events.js';
import { machineDayFold } from '../../domain/machines/state.js';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { activeChildren, type PlantState } from '../../domain/plant/state.js';
import type { EventCatalog } from '../../domain/shared/catalog.js';
import type { EventStore } from '../../domain/shared/eventStore.js';
import { readFolded } from '../readSet.js';

/** A detected stop still open, as its machine's day stream says it. */
export interface OpenStop {
  shopFloorId: number;
  lineId: number;
  equipmentId: number;
  /** ISO 8601, UTC. */
  startTime: string;
}

/**
 * The detected stops still open that started on the plant day of `now` or the day before, read
 * from the machines' day streams rather than the read model: a connector that starts while the
 * machines read model is still being built (a new database, a restore) resumes them all the same,
 * so the machine's restart ends them instead of leaving them open for good. A stop open for more
 * than a day before the start is not found this way (docs/machine-signals.md).
 */
export async function openStopsFromStreams(deps: { store: EventStore; catalog: EventCatalog }, plant: PlantState, now: Date): Promise<OpenStop[]> {
  const today = DateTime.fromJSDate(now, { zone: PLANT_ZONE });
  const days = [today.minus({ days: 1 }).toISODate()!, today.toISODate()!];
  const places = activeChildren(plant, 'shopFloor', null).flatMap((floor) =>
    activeChildren(plant, 'line', floor.id).flatMap((line) =>
      activeChildren(plant, 'equipment', line.id).map((e) => ({ shopFloorId: floor.id, lineId: line.id, equipmentId: e.id })),
    ),
  );
  const found = await Promise.all(
    places.flatMap((place) =>
      days.map(async (day) => {
        const { state } = await readFolded(deps, machineDayStream(place.equipmentId, day), machineDayFold);
        return [...state.stops].filter(([, end]) => end === null).map(([startTime]) => ({ ...place, startTime }));
      }),
    ),
  );
  return found.flat();
}
