/**
 * Where each select step's options come from (line log §7, docs/plant.md). The keys are SWR
 * `[path, query]` pairs shaped like features/plant/api/usePlant.ts, so the bots share the cache
 * with the other screens (the lines and equipments the setup page already loaded).
 */
import type { Draft } from './draft.js';
import type { StepId } from './steps.js';

/** An SWR key: the path and its query (string values). */
export type OptionsKey = readonly [string, Record<string, string>];

/**
 * The call listing the options of `step`, or null when the step has no list or what it depends
 * on is not chosen yet. Without a stored shop floor the line step lists every line.
 */
export function optionsKey(step: StepId, draft: Draft, shopFloorId: string): OptionsKey | null {
  switch (step) {
    case 'line':
      return ['/factory/lines', shopFloorId ? { shop_floor_id: shopFloorId } : {}];
    case 'equipment':
      return draft.line ? ['/factory/equipments', { line_id: String(draft.line.id) }] : null;
    case 'workpoint':
      return draft.equipment ? ['/factory/workpoints', { equipment_id: String(draft.equipment.id) }] : null;
    case 'stopCode':
      return stopCodesKey(draft);
    case 'triggeringEvent':
      return ['/factory/triggering_events', {}];
    case 'reason':
      return ['/factory/planned_stop_reasons', {}];
    default:
      return null;
  }
}

/** §4.4 "its stop codes loaded": the stop codes of the chosen (or auto-selected) area. */
export function stopCodesKey(draft: Draft): OptionsKey | null {
  return draft.workpoint ? ['/factory/stop_codes', { workpoint_id: String(draft.workpoint.id) }] : null;
}

/** Keeps only `id` and `name` of whatever the list call returned. */
export function toChoices(items: ReadonlyArray<{ id: number | string; name: string }> | undefined): Array<{ id: number; name: string }> {
  return (items ?? []).map((i) => ({ id: Number(i.id), name: i.name }));
}
