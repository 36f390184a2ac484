/**
 * Keeps a chat's input above the phone's on-screen keyboard: the keyboard shrinks the visual
 * viewport but not always the layout one (Chrome on Android, Safari), so `100dvh` alone would
 * leave the text box under it. This writes the visible height into `--chat-visible-height` on the
 * page element, which chat.css uses in place of 100dvh. Pinch-zoom is left alone.
 */
import { useEffect, type RefObject } from 'react';

/** Tracks `window.visualViewport` for the element behind `ref`. */
export function useVisibleHeight(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    const el = ref.current;
    if (!viewport || !el) return undefined;
    const update = () => {
      if (Math.abs(viewport.scale - 1) < 0.01) el.style.setProperty('--chat-visible-height', `${Math.round(viewport.height)}px`);
      else el.style.removeProperty('--chat-visible-height');
    };
    update();
    viewport.addEventListener('resize', update);
    return () => viewport.removeEventListener('resize', update);
  }, [ref]);
}
