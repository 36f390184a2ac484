/**
 * 'Annulla modifiche' also undoes the stop texts (issue 22). A stop's text is saved on blur, so
 * while the improvement role edits a report its stop edits are already on the server. The journal
 * notes which texts were saved since 'Modifica Report o Stop' and waits for saves still running;
 * 'Annulla modifiche' then writes back the texts as they were when the edit began (a snapshot),
 * and 'Salva Report' keeps them. A stop deleted meanwhile stays deleted: its deletion was confirmed
 * in its own dialog ('Conferma eliminazione').
 */

/** One stop text: its kind, stop id and field ('notes', 'failure_mode', 'corrective_action'). */
export interface StopTextRef {
  kind: 'planned' | 'unplanned';
  id: number;
  field: string;
}

const keyOf = (r: StopTextRef) => `${r.kind}:${r.id}:${r.field}`;

/** The texts saved while it is open, and the saves still running. */
export class StopTextJournal {
  private readonly written = new Map<string, StopTextRef>();
  private readonly running = new Set<Promise<unknown>>();

  /** Notes a save and returns it; a failed save counts too (it may have reached the server). */
  track<T>(ref: StopTextRef, save: Promise<T>): Promise<T> {
    this.written.set(keyOf(ref), ref);
    const settled = save.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
    return save;
  }

  /** Resolves once every save begun so far has answered. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** The texts saved, in the order first saved. */
  texts(): StopTextRef[] {
    return [...this.written.values()];
  }
}

/** The stops' texts when the edit began, by kind and id. */
export interface StopTextSnapshot {
  planned: ReadonlyMap<number, { notes: string | null }>;
  unplanned: ReadonlyMap<number, { failure_mode: string; corrective_action: string }>;
}

/** What to write back: each saved text of a stop in the snapshot, with its text then ('' for no note). */
export function undoWrites(journal: readonly StopTextRef[], snapshot: StopTextSnapshot): Array<StopTextRef & { text: string }> {
  const out: Array<StopTextRef & { text: string }> = [];
  for (const ref of journal) {
    if (ref.kind === 'planned') {
      const stop = snapshot.planned.get(ref.id);
      if (stop && ref.field === 'notes') out.push({ ...ref, text: stop.notes ?? '' });
    } else {
      const stop = snapshot.unplanned.get(ref.id);
      if (stop && (ref.field === 'failure_mode' || ref.field === 'corrective_action')) out.push({ ...ref, text: stop[ref.field] });
    }
  }
  return out;
}
