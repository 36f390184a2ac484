/** The admin's plant calls (docs/plant.md, "The plant from the browser"). */
import useSWR from 'swr';
import type { PlantChange } from '../../../../../domain/plant/changes.js';
import { apiFetch } from '../../../lib/api.js';
import type { PlantDraft } from '../model/draft.js';

/** A change as the calls answer it, with what still refers to a retired item. */
export type PresentedChange = PlantChange & { refs?: string[] };

export interface CurrentPlant {
  revision: number;
  plant: PlantDraft;
}

export interface PlantPreview {
  revision: number;
  changes: PresentedChange[];
}

export const PLANT_PATH = '/admin/plant';

/** The current plant file; `enabled` false reads nothing (a page that needs it only in some states). */
export function usePlantFile(enabled = true) {
  return useSWR<CurrentPlant>(enabled ? PLANT_PATH : null, { revalidateOnFocus: false });
}

export function previewPlant(plant: PlantDraft): Promise<PlantPreview> {
  return apiFetch(`${PLANT_PATH}/preview`, { method: 'POST', json: { plant } });
}

export function applyPlant(revision: number, plant: PlantDraft): Promise<PlantPreview> {
  return apiFetch(PLANT_PATH, { method: 'PUT', json: { revision, plant } });
}
