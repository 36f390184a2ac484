/** The plant's triggering events and planned-stop reasons (with their OEE category), editable in place. */
import type { PlantDraft } from '../model/draft.js';
import { fieldMessage } from '../model/draft.js';
import { AddRow, ItemHistory, NameInput, RetireButton } from './fields.js';

export interface PlantListsProps {
  draft: PlantDraft;
  update(edit: (d: PlantDraft) => void): void;
  fields?: Record<string, string>;
  search: string;
}

export function PlantLists({ draft, update, fields, search }: PlantListsProps) {
  const q = search.trim().toLowerCase();
  const shown = (name: string) => !q || name.toLowerCase().includes(q);
  return (
    <div className="plant-lists">
      <section className="card">
        <h2 className="card-title">Eventi scatenanti</h2>
        <ul className="plant-codes">
          {draft.triggeringEvents.map((t, i) =>
            !shown(t.name) ? null : (
              <li key={t.id ?? `new-${i}`} className="plant-row">
                <NameInput
                  label={`Evento scatenante ${t.name}`}
                  value={t.name}
                  error={fieldMessage(fields, `triggeringEvents.${i}`)}
                  onChange={(v) => update((d) => (d.triggeringEvents[i]!.name = v))}
                />
                <RetireButton subject={t.name} onRetire={() => update((d) => d.triggeringEvents.splice(i, 1))} />
                <ItemHistory kind="triggeringEvent" id={t.id} subject={`Evento scatenante ${t.name}`} />
              </li>
            ),
          )}
        </ul>
        <AddRow placeholder="Nuovo evento scatenante" onAdd={(name) => update((d) => d.triggeringEvents.push({ name }))} />
      </section>
      <section className="card">
        <h2 className="card-title">Causali di fermo pianificato</h2>
        <ul className="plant-codes">
          {draft.plannedStopReasons.map((r, i) =>
            !shown(r.name) ? null : (
              <li key={r.id ?? `new-${i}`} className="plant-row">
                <NameInput
                  label={`Causale ${r.name}`}
                  value={r.name}
                  error={fieldMessage(fields, `plannedStopReasons.${i}`)}
                  onChange={(v) => update((d) => (d.plannedStopReasons[i]!.name = v))}
                />
                <select
                  aria-label={`Categoria OEE di ${r.name}`}
                  value={r.oeeCategory ?? ''}
                  onChange={(e) =>
                    update((d) => {
                      const reason = d.plannedStopReasons[i]!;
                      if (e.target.value === '') delete reason.oeeCategory;
                      else reason.oeeCategory = e.target.value as 'excluded' | 'loss';
                    })
                  }
                >
                  <option value="">Categoria predefinita</option>
                  <option value="excluded">Esclusa dal tempo pianificato</option>
                  <option value="loss">Perdita</option>
                </select>
                <RetireButton subject={r.name} onRetire={() => update((d) => d.plannedStopReasons.splice(i, 1))} />
                <ItemHistory kind="plannedStopReason" id={r.id} subject={`Causale ${r.name}`} />
              </li>
            ),
          )}
        </ul>
        <AddRow placeholder="Nuova causale" onAdd={(name) => update((d) => d.plannedStopReasons.push({ name }))} />
      </section>
    </div>
  );
}
