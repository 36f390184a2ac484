/**
 * Reads ahead what the line log and its stop chats need offline (docs/offline.md), so the
 * network's last good answers are on the device (lib/offlineReads.ts): the previous shift's
 * report and stops, and the chats' option lists for the line (its machines, their areas and stop
 * codes, the triggering events and the planned-stop reasons). Only where a service worker serves
 * the app (else the app itself would not open offline), once per line and shift while the app
 * runs, one request at a time once the page has settled (its own reads answered, the main thread
 * idle).
 */
import { useEffect } from 'react';
import { apiFetch, type QueryValue } from '../../../lib/api.js';
import { whenPageSettled } from '../../../lib/apiActivity.js';
import { addDays } from '../../../lib/dates.js';
import { whenServedOffline } from '../../../lib/serviceWorker.js';
import { previousShift } from '../model/previousShift.js';
import { shiftsKey, type Shift } from './useLineLogPlant.js';
import { shiftNoteKey } from './useShiftNote.js';
import { stopsKey } from './useStopsByShift.js';

type Key = readonly [string, Record<string, QueryValue>] | null;

const warmed = new Set<string>();
const read = <T>(key: Key): Promise<T | null> => (key ? apiFetch<T>(key[0], { query: key[1] }) : Promise.resolve(null));
const ids = (list: Array<{ id: number }> | null) => (list ?? []).map((x) => String(x.id));

/** What is open: the shop floor, the line (id and name) and the shift. */
export interface WarmUpTarget {
  shopFloorId: string;
  lineId: string;
  lineName: string;
  shift: Shift;
}

async function warmPreviousShift({ shopFloorId, lineId, lineName, shift }: WarmUpTarget): Promise<void> {
  const days = await Promise.all([shift.shift_day, addDays(shift.shift_day, -1)].map((day) => read<Shift[]>(shiftsKey(day, shopFloorId))));
  const prev = previousShift(
    shift,
    days.flatMap((d) => d ?? []),
  );
  if (!prev) return;
  const q = { shopFloorId, lineId, shiftCode: prev.code, day: prev.shift_day };
  await read(shiftNoteKey({ day: prev.shift_day, shiftCode: prev.code, lineName }, 'all'));
  await read(stopsKey('planned', q));
  await read(stopsKey('unplanned', q));
}

async function warmChatOptions(lineId: string): Promise<void> {
  await read(['/factory/triggering_events', {}]);
  await read(['/factory/planned_stop_reasons', {}]);
  for (const equipment of ids(await read(['/factory/equipments', { line_id: lineId }]))) {
    for (const workpoint of ids(await read(['/factory/workpoints', { equipment_id: equipment }]))) {
      await read(['/factory/stop_codes', { workpoint_id: workpoint }]);
    }
  }
}

/** Starts the read-ahead for the open line and shift (see the module's comment). */
export function useOfflineWarmUp(target: WarmUpTarget | null): void {
  const id = target ? `${target.lineId}|${target.shift.shift_day}|${target.shift.code}` : null;
  useEffect(() => {
    if (!target || !id) return undefined;
    let left = false;
    let cancel: (() => void) | null = null;
    void whenServedOffline().then(() => {
      if (left) return;
      // After the page's own reads and when the main thread is idle: on a slow tablet the read-ahead
      // (about twenty answers) must not compete with drawing the page (docs/performance.md).
      cancel = whenPageSettled(() => {
        if (left || warmed.has(id) || !navigator.onLine) return;
        warmed.add(id);
        const line = `line|${target.lineId}`;
        const chat = warmed.has(line) ? Promise.resolve() : (warmed.add(line), warmChatOptions(target.lineId));
        void Promise.all([warmPreviousShift(target), chat]).catch((err: unknown) => console.error('Lettura anticipata per l’uso offline non riuscita', err));
      });
    });
    return () => {
      left = true;
      cancel?.();
    };
  }, [id]);
}
