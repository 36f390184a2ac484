/** A small 'Storico' button that opens the 'Storico modifiche' drawer of one record. */
import { useState } from 'react';
import type { HistorySource } from '../api/history.js';
import { HistoryDrawer } from './HistoryDrawer.js';

export interface HistoryButtonProps {
  source: HistorySource;
  /** What the record is, for the drawer and the button's accessible name. */
  subject: string;
  /** Button text; 'Storico' by default. */
  text?: string;
}

export function HistoryButton({ source, subject, text = 'Storico' }: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-secondary history-button" aria-label={`Storico modifiche – ${subject}`} onClick={() => setOpen(true)}>
        {text}
      </button>
      <HistoryDrawer source={open ? source : null} subject={subject} onClose={() => setOpen(false)} />
    </>
  );
}
