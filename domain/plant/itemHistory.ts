import type { DomainEvent } from '../shared/catalog.js';
import type { HistoryChange, HistoryEntry } from '../history/entries.js';
import { describePlantChanges } from './changes.js';
import type { PlantEvent } from './events.js';
import { evolvePlant, initialPlantState, PLANT_KINDS, type PlantKind } from './state.js';

export const isPlantKind = (kind: string): kind is PlantKind => (PLANT_KINDS as readonly string[]).includes(kind);

const LABELS = { added: 'Aggiunto', renamed: 'Rinominato', retired: 'Ritirato', changed: 'Modificato' } as const;

/**
 * One plant item's 'Storico modifiche': each event of the plant stream that changed it (added,
 * renamed, a setting changed, retired), with who and when, in stream order. Each event is described
 * against the plant as it was just before it, by the same words as the preview. Null when the
 * plant never had the item.
 */
export function plantItemHistory(events: readonly DomainEvent[], kind: PlantKind, id: number): HistoryEntry[] | null {
  let state = initialPlantState;
  const entries: HistoryEntry[] = [];
  for (const event of events) {
    const plantEvent = event as unknown as PlantEvent;
    const [change] = describePlantChanges(state, [plantEvent]);
    state = evolvePlant(state, plantEvent);
    if (!change || change.kind !== kind || change.id !== id) continue;
    const changes: HistoryChange[] =
      change.change === 'added' || change.change === 'renamed'
        ? [{ field: 'name', label: 'Nome', before: change.previousName ?? null, after: change.name }]
        : change.detail
          ? [{ field: 'detail', label: 'Impostazione', before: null, after: change.detail }]
          : [];
    entries.push({
      revision: event.revision,
      type: event.type,
      label: LABELS[change.change],
      at: event.metadata.occurredAt,
      by: { username: event.metadata.username, role: event.metadata.role },
      changes,
    });
  }
  return state.items[kind].has(id) ? entries : null;
}
