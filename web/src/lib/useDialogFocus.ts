/**
 * A dialog's focus and Escape: while `open`, the panel takes the focus and Escape calls `onClose`;
 * once closed, the focus goes back where it was. Shared by the drawers ('Storico modifiche', the
 * Root Cause Tool's analysis panel).
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useDialogFocus(open: boolean, panel: RefObject<HTMLElement | null>, onClose: () => void): void {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous?.isConnected) previous.focus();
    };
  }, [open, panel]);
}
