/**
 * Keeps a chat on the device until its stop is recorded (model/saved.ts), offers 'Riprendi' /
 * 'Ricomincia' when a kept chat is found on arrival, and tells the page when answers not yet
 * recorded would be left behind (`dirty`, for the LeaveGuard).
 */
import { useCallback, useEffect, useState } from 'react';
import type { ChatState } from '../model/chatState.js';
import { hasUserInput, readSavedChat, toSaved, writeSavedChat, type SavedChat } from '../model/saved.js';
import type { ChatKind } from '../model/steps.js';

/** What the page needs of the kept chat. */
export interface SavedChatControls {
  /** A kept chat found on arrival, until the user resumes it or starts again. */
  offer: SavedChat | null;
  resume(): void;
  restart(): void;
  /** Answers not yet recorded would be lost by leaving: the page asks first. */
  dirty: boolean;
}

/**
 * `fresh` is the chat as it starts (null until it can start); `replace` swaps the running state
 * for the kept one.
 */
export function useSavedChat(key: string, kind: ChatKind, fresh: ChatState | null, state: ChatState | null, replace: (s: ChatState) => void): SavedChatControls {
  const [offer, setOffer] = useState<SavedChat | null>(null);
  const [checked, setChecked] = useState<string | null>(null);

  // On arrival (once per key, when the chat can start): is there a chat worth resuming?
  useEffect(() => {
    if (!fresh || checked === key) return;
    const saved = readSavedChat(key, kind);
    setOffer(saved && hasUserInput(saved.state, fresh) ? saved : null);
    setChecked(key);
  }, [key, kind, fresh, checked]);

  // Every change is kept; a recorded stop, or a chat with nothing of the user's, leaves nothing.
  const ready = checked === key && offer === null;
  useEffect(() => {
    if (!ready || !state || !fresh) return;
    writeSavedChat(key, hasUserInput(state, fresh) ? toSaved(state, new Date()) : null);
  }, [ready, key, state, fresh]);

  const dirty = !!state && !!fresh && ready && hasUserInput(state, fresh);

  const resume = useCallback(() => {
    if (offer) replace(offer.state);
    setOffer(null);
  }, [offer, replace]);
  const restart = useCallback(() => {
    writeSavedChat(key, null);
    setOffer(null);
  }, [key]);

  return { offer, resume, restart, dirty };
}
