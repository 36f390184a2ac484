/**
 * The DBR action calls (foundations §7; docs/dbr-actions.md): the range list both pages read,
 * the form's creation, the checkbox and the deletion.
 */
import useSWR from 'swr';
import { apiFetch, type QueryValue } from '../../../lib/api.js';

/** An action as the lists read it (foundations §3); what may be empty is null. */
export interface DbrAction {
  id: number;
  due_date: string;
  equipment_name: string | null;
  activity: string;
  owner: string;
  support_by: string | null;
  due_shift: number | null;
  due_shift_name: string | null;
  executed_at: string | null;
  line_name: string;
  /** Ours (docs/dbr-actions.md): the loss it targets, a machine of its line and one of its stop codes. */
  target_equipment?: number | null;
  target_equipment_name?: string | null;
  target_stop_code?: number | null;
  target_stop_code_name?: string | null;
}

/** The list's path; also the first element of every SWR key of the list. */
export const DBR_ACTIONS_RANGE_PATH = '/factory/dbr_actions-range';

/** The query of one list (see model/dbrQueries.ts); null fetches nothing. */
export type DbrActionsQuery = Record<string, QueryValue>;

/**
 * The actions for the filters, or nothing while `query` is null (no shop floor, day or line).
 * A failed load is only logged (foundations §8); the page then shows the list as empty.
 */
export function useDbrActions(query: DbrActionsQuery | null) {
  return useSWR<DbrAction[]>(query ? [DBR_ACTIONS_RANGE_PATH, query] : null, {
    keepPreviousData: true,
    onError: (err: unknown) => console.error('Caricamento delle azioni DBR non riuscito', err),
  });
}

/** What the form sends: the spec's fields, plus the shop floor the line name belongs to. */
export interface DbrActionForm {
  day: string;
  due_shift: number | null;
  line: string;
  equipment: number | null;
  owner: string;
  supportBy: string;
  activity: string;
  shop_floor_id: number | null;
  target_equipment: number | null;
  target_stop_code: number | null;
}

/** POST /factory/dbr_actions: the action as the lists will read it. */
export function createDbrAction(form: DbrActionForm): Promise<DbrAction> {
  return apiFetch<DbrAction>('/factory/dbr_actions', { method: 'POST', json: form, creates: true });
}

/** Ticks (mark-executed) or unticks (unmark-executed); the answer is the action as it now stands. */
export function setDbrActionExecuted(id: number, executed: boolean): Promise<DbrAction> {
  return apiFetch<DbrAction>(`/factory/dbr_actions/${id}/${executed ? 'mark-executed' : 'unmark-executed'}`, { method: 'PATCH' });
}

/** PATCH /factory/dbr_actions/{id}/target: names, changes or clears (null) the loss an action targets. */
export function setDbrActionTarget(id: number, target: { target_equipment: number | null; target_stop_code: number | null }): Promise<DbrAction> {
  return apiFetch<DbrAction>(`/factory/dbr_actions/${id}/target`, { method: 'PATCH', json: target });
}

/** DELETE /factory/dbr_actions/{id}. */
export function deleteDbrAction(id: number): Promise<{ id: number; deleted: boolean }> {
  return apiFetch<{ id: number; deleted: boolean }>(`/factory/dbr_actions/${id}`, { method: 'DELETE' });
}
