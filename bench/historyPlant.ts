/**
 * The plant of the history bench: the shipped demo plant's shop floor (shifts A, B, C
 * and the extra E, report labels, triggering events, planned-stop reasons) widened to
 * 50 lines of 3 equipment each, every line a copy of one of the demo's three lines
 * (same workpoints and stop codes, so the demo history's Italian texts fit them).
 * Written as a plant file and applied through the product's own import.
 */
import { DateTime } from 'luxon';
import type { EventCatalog } from '../domain/shared/catalog.js';
import type { EventStore } from '../domain/shared/eventStore.js';
import { activeChildren, settingsOf, type PlantState } from '../domain/plant/state.js';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import { shiftCalendarStream, type ScheduledShift, type ShiftEvent } from '../domain/shifts/events.js';
import { readPlantState } from '../commands/plant/readPlant.js';
import { handleGenerateShifts } from '../commands/shifts/generateShifts.js';
import { readDemoPlantFile } from '../seed/demoPlant.js';
import { SYSTEM_CONTEXT } from '../seed/demoUsers.js';
import { importPlant } from '../seed/plantImport.js';

type Deps = { store: EventStore; catalog: EventCatalog };

interface DemoFile {
  shopFloors: Array<{ lines: Array<Record<string, unknown> & { name: string; referenceMachine: string }> } & Record<string, unknown>>;
  triggeringEvents: unknown[];
  plannedStopReasons: unknown[];
}

/** The demo plant file with `lines` lines on its shop floor, cycling through the demo's line templates. */
export function historyPlantFile(lines: number): unknown {
  const demo = readDemoPlantFile() as DemoFile;
  const floor = demo.shopFloors[0]!;
  const templates = floor.lines;
  return {
    ...demo,
    shopFloors: [
      {
        ...floor,
        lines: Array.from({ length: lines }, (_, i) => {
          const t = templates[i % templates.length]!;
          return { ...t, name: `Linea ${i + 1}`, referenceMachine: `${t.referenceMachine.replace(/ L\d+$/, '')} L${i + 1}` };
        }),
      },
    ],
  };
}

/** One equipment as the generator needs it. */
export interface BenchEquipment {
  id: number;
  name: string;
  lineId: number;
  lineName: string;
  shopFloorId: number;
  /** Workpoint id -> its stop codes. */
  workpoints: Array<{ id: number; codes: Array<{ id: number; name: string }> }>;
}

export interface BenchPlant {
  state: PlantState;
  shopFloorId: number;
  lines: Array<{ id: number; name: string; equipments: BenchEquipment[] }>;
  triggeringEvents: Array<{ id: number; name: string }>;
  plannedReasons: Array<{ id: number; name: string }>;
  labels: string[];
  /** Scheduled shifts by plant day, as the calendar stream holds them. */
  shifts: Map<string, ScheduledShift[]>;
}

/**
 * Imports the plant file (the product's import) and generates the shift calendar from
 * `fromDay` to `toDay` with the GenerateShifts handler, at most 366 days per
 * command as the decider allows. Returns what the generator and the measurements need.
 */
export async function setUpPlant(deps: Deps, lines: number, fromDay: string, toDay: string, now: Date): Promise<BenchPlant> {
  const context = { ...SYSTEM_CONTEXT, now };
  await importPlant(deps, historyPlantFile(lines), context);
  const state = await readPlantState(deps);
  const floor = activeChildren(state, 'shopFloor', null)[0]!;
  const { reportLabels } = settingsOf(state, floor.id);
  const stream = shiftCalendarStream(floor.id);
  for (let start = DateTime.fromISO(fromDay, { zone: PLANT_ZONE }); start.toISODate()! <= toDay; start = start.plus({ days: 366 })) {
    const end = DateTime.min(start.plus({ days: 365 }), DateTime.fromISO(toDay, { zone: PLANT_ZONE }));
    await handleGenerateShifts(deps, { shopFloorId: floor.id, startDate: start.toISODate()!, endDate: end.toISODate()! }, context);
  }
  const shifts = new Map<string, ScheduledShift[]>();
  for (const r of await deps.store.readStream(stream)) {
    const e = deps.catalog.decode(r) as unknown as ShiftEvent;
    for (const s of e.data.shifts) shifts.set(s.shiftDay, [...(shifts.get(s.shiftDay) ?? []), s]);
  }
  const named = (kind: Parameters<typeof activeChildren>[1], parent: number | null) => activeChildren(state, kind, parent).map((i) => ({ id: i.id, name: i.name }));
  return {
    state,
    shopFloorId: floor.id,
    lines: named('line', floor.id).map((line) => ({
      ...line,
      equipments: named('equipment', line.id).map((e) => ({
        ...e,
        lineId: line.id,
        lineName: line.name,
        shopFloorId: floor.id,
        workpoints: named('workpoint', e.id)
          .map((w) => ({ id: w.id, codes: named('stopCode', w.id) }))
          .filter((w) => w.codes.length > 0),
      })),
    })),
    triggeringEvents: named('triggeringEvent', null),
    plannedReasons: named('plannedStopReason', null),
    labels: reportLabels,
    shifts,
  };
}
