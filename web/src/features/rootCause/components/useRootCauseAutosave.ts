/**
 * The React side of RootCauseAutosave: one store per page (and per user), the saved texts read
 * from the latest list, the drafts mirrored to local storage under the username (lib/drafts.ts),
 * a retry as soon as the network is back, and a warning before the tab is closed with text still
 * unsaved. An expired session opens the password prompt; the boxes save right after it.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { draftKey, readStoredJson, writeStoredJson } from '../../../lib/drafts.js';
import { saveRootCause, type RootCauseField } from '../api/saveRootCause.js';
import { useRootCauseCacheUpdate, type UnplannedStop } from '../api/unplannedStops.js';
import { classifySaveError, RootCauseAutosave, type DraftBackup } from '../model/autosave.js';
import { savedBox } from '../model/stopFormat.js';

/** Local storage key of a user's unsaved analyses ('draft:<username>|rca'), by box. */
export function rootCauseDraftsKey(username: string): string {
  return draftKey(username, 'rca');
}

/** A backup in local storage; a full or blocked storage is only logged (the text stays on screen). */
export function localDraftBackup(username: string): DraftBackup {
  const key = rootCauseDraftsKey(username);
  return {
    load() {
      const parsed = readStoredJson(key);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
    },
    store(drafts) {
      writeStoredJson(key, Object.keys(drafts).length === 0 ? null : drafts);
    },
  };
}

/**
 * The store for the listed stops. `username` keys the backup (another user never sees it) and
 * must not change during the component's life: render the owner with `key={username}`.
 */
export function useRootCauseAutosave(stops: readonly UnplannedStop[], username: string): RootCauseAutosave {
  const stopsRef = useRef(new Map<number, UnplannedStop>());
  stopsRef.current = new Map(stops.map((s) => [s.id, s]));
  const updateCache = useRootCauseCacheUpdate();
  const updateRef = useRef(updateCache);
  updateRef.current = updateCache;

  const [store] = useState(
    () =>
      new RootCauseAutosave({
        save: (stopId: number, field: RootCauseField, text: string) => saveRootCause(stopId, field, text),
        savedText: (stopId: number, field: RootCauseField) => {
          const stop = stopsRef.current.get(stopId);
          return stop ? savedBox(stop, field) : undefined;
        },
        onSaved: (stopId, texts) => {
          // The ref holds the list until SWR hands back the updated one.
          const stop = stopsRef.current.get(stopId);
          if (stop) stopsRef.current.set(stopId, { ...stop, root_cause: { ...texts } });
          updateRef.current(stopId, texts);
        },
        classify: classifySaveError,
        setTimer: (run, ms) => window.setTimeout(run, ms),
        clearTimer: (handle) => window.clearTimeout(handle as number),
        backup: localDraftBackup(username),
      }),
  );
  useEffect(() => {
    store.activate();
    return () => store.dispose();
  }, [store]);

  useSyncExternalStore(store.subscribe, store.getVersion);

  // Drafts restored from the backup are saved once their stops are listed.
  useEffect(() => {
    store.resume();
  }, [store, stops]);

  useEffect(() => {
    const online = () => store.retryNow();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!store.hasPending()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [store]);

  return store;
}
