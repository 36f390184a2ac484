/**
 * Nothing typed is lost (issue 22): the DBR action form's texts (Responsabile, Supportato da,
 * Attività) are kept on the device, per user, at every change until the action is inserted or
 * the user starts again ('Ricomincia'); coming back shows them again.
 */
import { draftKey, readStoredJson, writeStoredJson } from '../../../lib/drafts.js';

/** The form's texts as typed. */
export interface DbrTexts {
  owner: string;
  supportBy: string;
  activity: string;
}

/** What is stored: the texts and when they were last changed. */
export interface StoredDbrTexts extends DbrTexts {
  at: string;
}

export const NO_DBR_TEXTS: DbrTexts = { owner: '', supportBy: '', activity: '' };

/** The key of a user's new DBR action ('draft:support|dbrAction|new'). */
export const dbrDraftKey = (username: string): string => draftKey(username, 'dbrAction', 'new');

/** True when some text is typed (blank counts as nothing). */
export function hasDbrText(t: DbrTexts): boolean {
  return t.owner.trim() !== '' || t.supportBy.trim() !== '' || t.activity.trim() !== '';
}

/** The stored texts, or null when missing, empty or unreadable. */
export function readDbrTexts(key: string): StoredDbrTexts | null {
  const v = readStoredJson(key);
  if (!v || typeof v !== 'object') return null;
  const d = v as Record<string, unknown>;
  const texts = [d.owner, d.supportBy, d.activity];
  if (!texts.every((t) => typeof t === 'string') || typeof d.at !== 'string') return null;
  const stored: StoredDbrTexts = { owner: d.owner as string, supportBy: d.supportBy as string, activity: d.activity as string, at: d.at };
  return hasDbrText(stored) ? stored : null;
}

/** Keeps the texts (nothing typed forgets them). */
export function writeDbrTexts(key: string, texts: DbrTexts, now: Date): void {
  writeStoredJson(key, hasDbrText(texts) ? { ...texts, at: now.toISOString() } : null);
}
