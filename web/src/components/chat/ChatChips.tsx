/**
 * Suggestion chips under a chat: one button per option, wrapping onto as many lines as needed;
 * the current choice (an earlier answer) is marked amber with ✓ and `aria-current`. A tap answers.
 */

/** One chip: `key` identifies it, `label` is what it reads. */
export interface ChatChip {
  key: string | number;
  label: string;
}

/** Props of ChatChips. */
export interface ChatChipsProps<T extends ChatChip> {
  chips: readonly T[];
  /** Names the group for screen readers ('Opzioni: Linea'). */
  ariaLabel: string;
  currentKey?: string | number | null;
  disabled?: boolean;
  onChoose(chip: T): void;
}

/** The chip group. */
export function ChatChips<T extends ChatChip>({ chips, ariaLabel, currentKey = null, disabled = false, onChoose }: ChatChipsProps<T>) {
  return (
    <div className="chat-options" role="group" aria-label={ariaLabel}>
      {chips.map((c) => {
        const current = currentKey !== null && c.key === currentKey;
        return (
          <button
            key={c.key}
            type="button"
            className={current ? 'chat-chip is-current' : 'chat-chip'}
            aria-current={current ? 'true' : undefined}
            disabled={disabled}
            onClick={() => onChoose(c)}
          >
            {current && (
              <span className="chat-chip-check" aria-hidden="true">
                ✓
              </span>
            )}
            {c.label}
          </button>
        );
      })}
    </div>
  );
}
