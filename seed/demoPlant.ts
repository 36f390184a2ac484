import fs from 'node:fs';
import { DateTime } from 'luxon';
import type { EventCatalog } from '../domain/shared/catalog.js';
import { PLANT_STREAM } from '../domain/plant/events.js';
import { activeChildren, settingsOf } from '../domain/plant/state.js';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import { readPlantState } from '../commands/plant/readPlant.js';
import { handleGenerateShifts } from '../commands/shifts/generateShifts.js';
import type { EventStore } from '../domain/shared/eventStore.js';
import { SYSTEM_CONTEXT } from './demoUsers.js';
import { importPlant } from './plantImport.js';

/** Shifts exist from this many days before the first start to this many after, so history and planning screens have data. */
export const DEMO_SHIFT_WINDOW = { pastDays: 70, futureDays: 30 } as const;

export const DEMO_PLANT_FILE = new URL('./demo-plant.json', import.meta.url);

export function readDemoPlantFile(): unknown {
  return JSON.parse(fs.readFileSync(DEMO_PLANT_FILE, 'utf8'));
}

/**
 * The demo plant on first start: the shipped plant file (structure and DBR
 * constants, applied exactly as `npm run plant:import` would) and each shop floor's
 * shifts around today. Does nothing once a plant exists, so it never overrides one.
 */
export async function seedDemoPlant(deps: { store: EventStore; catalog: EventCatalog }, now: Date): Promise<{ seeded: boolean; shifts: number }> {
  if ((await deps.store.readStream(PLANT_STREAM)).length > 0) return { seeded: false, shifts: 0 };
  const context = { ...SYSTEM_CONTEXT, now };
  await importPlant(deps, readDemoPlantFile(), context);
  const plant = await readPlantState(deps);
  const today = DateTime.fromJSDate(now, { zone: PLANT_ZONE });
  let shifts = 0;
  for (const floor of activeChildren(plant, 'shopFloor', null)) {
    if (settingsOf(plant, floor.id).patterns.length === 0) continue;
    const r = await handleGenerateShifts(
      deps,
      {
        shopFloorId: floor.id,
        startDate: today.minus({ days: DEMO_SHIFT_WINDOW.pastDays }).toISODate()!,
        endDate: today.plus({ days: DEMO_SHIFT_WINDOW.futureDays }).toISODate()!,
      },
      context,
    );
    shifts += r.events.reduce((n, e) => n + e.data.shifts.length, 0);
  }
  return { seeded: true, shifts };
}
