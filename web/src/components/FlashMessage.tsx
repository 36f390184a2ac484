/**
 * Short-lived success and error messages ('Report inviato correttamente', 'Report già inviato',
 * 'Controlla le date'...). The spec shows each for 3 seconds (line log §5, §9); useFlash gives a
 * page one slot and a show() function so every screen times them the same way.
 */
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';

/** How long a message stays, from the spec's business constants. */
export const FLASH_DURATION_MS = 3000;

/** Green confirmation or red refusal. */
export type FlashTone = 'success' | 'error';

/** Props of FlashMessage. */
export interface FlashMessageProps {
  /** The text; nothing is shown while null or empty. */
  message: string | null;
  tone?: FlashTone;
  /** Time before onDone runs, in ms. Default 3000. */
  durationMs?: number;
  /** Called once the duration is over (the owner then clears the message). */
  onDone?(): void;
  /** 'toast' floats just above its positioned container (never over the page title); 'inline' (default) sits where it is placed. */
  placement?: 'inline' | 'toast';
}

/**
 * The message box: role="status" for a success (polite), role="alert" for an error. The timer
 * restarts whenever message or tone changes.
 */
export function FlashMessage({ message, tone = 'success', durationMs = FLASH_DURATION_MS, onDone, placement = 'inline' }: FlashMessageProps) {
  // The latest onDone, read when the time is up: a new callback each render must not restart it.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (!message) return undefined;
    const timer = setTimeout(() => onDoneRef.current?.(), durationMs);
    return () => clearTimeout(timer);
  }, [message, tone, durationMs]);

  if (!message) return null;
  return (
    <div className={`flash flash-${tone}${placement === 'toast' ? ' flash-toast' : ''}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="flash-icon" aria-hidden="true">
        {tone === 'error' ? '!' : '✓'}
      </span>
      <span>{message}</span>
    </div>
  );
}

interface FlashState {
  id: number;
  text: string;
  tone: FlashTone;
}

/** What useFlash returns: the element to place in the page and the function that shows a text. */
export type UseFlashResult = [ReactElement | null, (text: string, tone?: FlashTone) => void];

/**
 * One message slot for a page: `const [flash, showFlash] = useFlash();` then render `{flash}`
 * and call `showFlash('Report inviato correttamente')` or `showFlash('Report già inviato', 'error')`.
 * Showing a new message (even the same text again) replaces the old one and restarts the time.
 */
export function useFlash(durationMs: number = FLASH_DURATION_MS, placement: 'inline' | 'toast' = 'inline'): UseFlashResult {
  const [state, setState] = useState<FlashState | null>(null);

  useEffect(() => {
    if (!state) return undefined;
    const timer = setTimeout(() => setState((current) => (current?.id === state.id ? null : current)), durationMs);
    return () => clearTimeout(timer);
  }, [state, durationMs]);

  const show = useCallback((text: string, tone: FlashTone = 'success') => {
    setState((current) => ({ id: (current?.id ?? 0) + 1, text, tone }));
  }, []);

  const element = state ? <FlashMessage key={state.id} message={state.text} tone={state.tone} placement={placement} /> : null;
  return [element, show];
}
