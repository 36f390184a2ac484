/**
 * The stop texts' part of 'Annulla modifiche' (model/stopTextJournal.ts): from 'Modifica Report o
 * Stop' the stops' texts are kept as they were and every text saved is noted; `undo` writes the
 * old texts back (after the saves still running), `keep` forgets them ('Salva Report').
 */
import { useCallback, useEffect, useRef } from 'react';
import {
  closeStopTextJournal,
  openStopTextJournal,
  updatePlannedNote,
  updateUnplannedDetail,
  usePlannedStops,
  useUnplannedStops,
  type StopsQuery,
  type UnplannedField,
} from '../api/useStopsByShift.js';
import { undoWrites, type StopTextJournal, type StopTextSnapshot } from '../model/stopTextJournal.js';

/** What the improvement report needs. */
export interface StopTextUndo {
  /** Writes back the texts changed since the edit began; resolves when done (a failure is thrown). */
  undo(): Promise<void>;
  /** The edit is saved: its stop texts stay. */
  keep(): void;
}

/** Undo of the stop texts of one shift's report while `editing`. */
export function useStopTextUndo(query: StopsQuery, editing: boolean): StopTextUndo {
  const planned = usePlannedStops(query);
  const unplanned = useUnplannedStops(query);
  const snapshot = useRef<StopTextSnapshot | null>(null);
  const journal = useRef<StopTextJournal | null>(null);

  // The edit begins: the journal opens and the texts are kept once both lists are there.
  useEffect(() => {
    if (!editing) return undefined;
    const opened = openStopTextJournal();
    journal.current = opened;
    return () => closeStopTextJournal(opened);
  }, [editing]);
  useEffect(() => {
    if (!editing) {
      snapshot.current = null;
      return;
    }
    if (snapshot.current || !planned.data || !unplanned.data) return;
    snapshot.current = {
      planned: new Map(planned.data.map((s) => [s.id, { notes: s.notes }])),
      unplanned: new Map(unplanned.data.map((s) => [s.id, { failure_mode: s.failure_mode, corrective_action: s.corrective_action }])),
    };
  }, [editing, planned.data, unplanned.data]);

  const undo = useCallback(async () => {
    const open = journal.current;
    const kept = snapshot.current;
    if (!open || !kept) return;
    await open.settled();
    closeStopTextJournal(open);
    for (const w of undoWrites(open.texts(), kept)) {
      if (w.kind === 'planned') await updatePlannedNote(query, w.id, w.text);
      else await updateUnplannedDetail(query, w.id, w.field as UnplannedField, w.text);
    }
  }, [query]);

  const keep = useCallback(() => {
    if (journal.current) closeStopTextJournal(journal.current);
    journal.current = null;
  }, []);

  return { undo, keep };
}
