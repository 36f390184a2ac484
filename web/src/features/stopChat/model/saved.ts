/**
 * Nothing typed is lost (issue 22): a chat's state is kept on the device, per user, line and kind
 * of stop, at every change until the stop is recorded or the user starts again ('Ricomincia').
 * Coming back (a reload, the sidebar, 'Torna al Registro di Linea') offers 'Riprendi'. What is kept
 * is the transcript and the draft; the moment's parts (the bot typing, a call running, the open
 * step's option list) are not: the bot's pending messages are shown at once and the list reloads.
 */
import { draftKey, readStoredJson, writeStoredJson } from '../../../lib/drafts.js';
import type { ChatMessage, ChatState } from './chatState.js';
import { formatItalianDate, formatTime } from '../../../lib/dates.js';
import { STEP_LABELS, STEPS, type ChatKind } from './steps.js';

/** What is stored: a version, when, and the state. */
export interface SavedChat {
  version: 1;
  at: string;
  state: ChatState;
}

/** The key of a user's chat of one kind on one line ('draft:frontline|stopChat|unplanned|1'). */
export function savedChatKey(username: string, kind: ChatKind, lineId: string): string {
  return draftKey(username, 'stopChat', kind, lineId || '-');
}

const userAnswers = (messages: readonly ChatMessage[]) => messages.filter((m) => m.from === 'user').length;

/**
 * True when the chat holds something of the user's beyond the pre-answered start: an answer, a
 * refused attempt, a text typed into the open step, or times edited.
 */
export function hasUserInput(state: ChatState, start: ChatState): boolean {
  if (state.done) return false;
  if (userAnswers(state.messages) + userAnswers(state.pending) > userAnswers(start.messages)) return true;
  const d = state.draft;
  return d.failureMode.trim() !== '' || d.correctiveAction.trim() !== '' || d.note.trim() !== '' || d.times !== null;
}

/** The state to store: pending messages shown, no call running, the option list to reload. */
export function toSaved(state: ChatState, now: Date): SavedChat {
  const messages = [...state.messages, ...state.pending];
  return { version: 1, at: now.toISOString(), state: { ...state, messages, pending: [], sending: false, options: null, inputError: null } };
}

/** A stored chat of the kind, or null when missing, of another kind or unreadable. */
export function fromSaved(value: unknown, kind: ChatKind): SavedChat | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<SavedChat>;
  const s = v.state;
  if (v.version !== 1 || typeof v.at !== 'string' || !s || typeof s !== 'object') return null;
  if (s.kind !== kind || !STEPS[kind].includes(s.step) || !Array.isArray(s.messages) || !s.draft || typeof s.nextId !== 'number' || s.done) return null;
  return { version: 1, at: v.at, state: { ...s, pending: [], sending: false, options: null, inputError: null } };
}

/** The stored chat under the key, if any. */
export const readSavedChat = (key: string, kind: ChatKind): SavedChat | null => fromSaved(readStoredJson(key), kind);

/** Stores the chat (null forgets it). */
export function writeSavedChat(key: string, saved: SavedChat | null): void {
  writeStoredJson(key, saved);
}

/** The offer's words: 'Hai uno stop non ancora registrato (passo 8 di 10 · Azione correttiva, 26/11/2026 10:42).' */
export function resumeText(saved: SavedChat): string {
  const { state } = saved;
  const steps = STEPS[state.kind];
  const at = saved.at ? `, ${formatItalianDate(saved.at)} ${formatTime(saved.at)}` : '';
  return `Hai uno stop non ancora registrato (passo ${steps.indexOf(state.step) + 1} di ${steps.length} · ${STEP_LABELS[state.step]}${at}). Vuoi riprenderlo?`;
}
