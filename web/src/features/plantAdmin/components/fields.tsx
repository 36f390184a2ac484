/** The small inputs of the 'Impianto' page: an item's name, a row that adds an item, up/down/retire buttons. */
import { useState, type FormEvent } from 'react';
import type { PlantChange } from '../../../../../domain/plant/changes.js';
import { HistoryButton } from '../../history/index.js';

export interface NameInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}

/** An item's name, edited in place: a changed name of a recorded item is a rename. */
export function NameInput({ label, value, onChange, error }: NameInputProps) {
  return (
    <span className="plant-name">
      <input aria-label={label} value={value} maxLength={120} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} />
      {error && <span className="field-hint field-hint-error">{error}</span>}
    </span>
  );
}

/** 'Nuova linea' + 'Aggiungi': adds a child with that name (empty names are not added). */
export function AddRow({ placeholder, onAdd }: { placeholder: string; onAdd(name: string): void }) {
  const [name, setName] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return;
    onAdd(name.trim());
    setName('');
  }
  return (
    <form className="plant-add" onSubmit={submit}>
      <input aria-label={placeholder} placeholder={placeholder} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="button button-secondary">
        Aggiungi
      </button>
    </form>
  );
}

/** 'Ritira': takes the item (and what is under it) out of the draft; the preview says what refers to it. */
export function RetireButton({ subject, onRetire }: { subject: string; onRetire(): void }) {
  return (
    <button type="button" className="button button-secondary plant-retire" aria-label={`Ritira ${subject}`} onClick={onRetire}>
      Ritira
    </button>
  );
}

/** ↑ / ↓ for lists whose order shows (shifts, report labels). */
export function MoveButtons({ subject, onMove }: { subject: string; onMove(delta: -1 | 1): void }) {
  return (
    <span className="plant-move">
      <button type="button" className="button button-secondary" aria-label={`Sposta su ${subject}`} onClick={() => onMove(-1)}>
        ↑
      </button>
      <button type="button" className="button button-secondary" aria-label={`Sposta giù ${subject}`} onClick={() => onMove(1)}>
        ↓
      </button>
    </span>
  );
}

/** 'Storico' of a recorded item (new ones have none yet): who added, renamed, changed or retired it, and when. */
export function ItemHistory({ kind, id, subject }: { kind: PlantChange['kind']; id: number | undefined; subject: string }) {
  if (id === undefined) return null;
  return <HistoryButton source={{ path: '/admin/plant/history', query: { kind, id } }} subject={subject} />;
}
