/**
 * The confirmation dialog the spec reuses ('Conferma eliminazione', 'Conferma invio'): a title,
 * a body, one confirm button and a close ×; Escape and a click on the overlay close it. Focus
 * moves into the dialog, stays there while it is open and goes back where it was afterwards.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { trapTab } from '../lib/focusTrap.js';

/** Props of ConfirmModal. */
export interface ConfirmModalProps {
  /** Rendered only while true. */
  open: boolean;
  /** Heading, e.g. 'Conferma eliminazione'. */
  title: string;
  /** The question and any details of what is confirmed. */
  children?: ReactNode;
  /** Confirm button text, e.g. 'Elimina' or 'Conferma'. */
  confirmLabel: string;
  onConfirm(): void;
  /** Called by ×, Escape, the overlay and the cancel button. */
  onClose(): void;
  /** While true the confirm button is disabled (the call is running). */
  busy?: boolean;
  /** 'danger' paints the confirm button red (deletions). Default 'primary'. */
  tone?: 'primary' | 'danger';
  /** Adds a secondary button with this text (e.g. 'Annulla') that closes. */
  cancelLabel?: string;
}

/** A modal dialog asking to confirm one action. */
export function ConfirmModal({ open, title, children, confirmLabel, onConfirm, onClose, busy = false, tone = 'primary', cancelLabel }: ConfirmModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const pressedOnOverlay = useRef(false);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    dialogRef.current?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab' && dialogRef.current) {
        trapTab(event, dialogRef.current);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div
      className="modal-overlay"
      onMouseDown={(event) => {
        pressedOnOverlay.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a click that starts and ends on the overlay: not a text selection dragged out.
        if (pressedOnOverlay.current && event.target === event.currentTarget) onClose();
        pressedOnOverlay.current = false;
      }}
    >
      <div ref={dialogRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={children ? bodyId : undefined} tabIndex={-1}>
        <div className="modal-header">
          <h2 className="modal-title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="modal-close" aria-label="Chiudi" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children && (
          <div className="modal-body" id={bodyId}>
            {children}
          </div>
        )}
        <div className="modal-actions">
          {cancelLabel && (
            <button type="button" className="button button-secondary" onClick={onClose}>
              {cancelLabel}
            </button>
          )}
          <button type="button" className={tone === 'danger' ? 'button button-danger' : 'button button-primary'} disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
