/**
 * A panel from the right over a dimmed page (the whole screen on a phone): a modal dialog with a
 * title, a line under it and a close ×; Escape, the × and a click on the dimmed page close it, and
 * the focus goes back where it was. 'Storico modifiche' and the Root Cause Tool's analysis use it;
 * `className` sets the width (styles/side-panel.css).
 */
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from '../lib/useDialogFocus.js';
import '../styles/side-panel.css';

export interface SidePanelProps {
  open: boolean;
  title: ReactNode;
  subject: ReactNode;
  className?: string;
  onClose(): void;
  children: ReactNode;
}

export function SidePanel({ open, title, subject, className, onClose, children }: SidePanelProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useDialogFocus(open, panel, onClose);
  if (!open) return null;
  return createPortal(
    <div className="side-panel-overlay" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panel} className={['side-panel', className ?? ''].filter(Boolean).join(' ')} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="side-panel-header">
          <div>
            <h2 className="side-panel-title" id={titleId}>
              {title}
            </h2>
            <p className="side-panel-subject">{subject}</p>
          </div>
          <button type="button" className="modal-close" aria-label="Chiudi" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {children}
      </div>
    </div>,
    document.body,
  );
}
