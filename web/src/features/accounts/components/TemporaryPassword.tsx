/** A secret shown once with a copy button (a temporary password, an API key); it is not kept anywhere. */
import { useRef, useState, type ReactNode } from 'react';

export interface OneTimeSecretProps {
  /** The section's accessible name. */
  label: string;
  value: string;
  /** What the secret is and what to do with it. */
  children: ReactNode;
  onClose(): void;
}

export function OneTimeSecret({ label, value, children, onClose }: OneTimeSecretProps) {
  const [copied, setCopied] = useState(false);
  const code = useRef<HTMLElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Without a clipboard (plain http on a plant network) the text is selected for Ctrl+C.
      const range = document.createRange();
      if (code.current) range.selectNodeContents(code.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    }
  }
  return (
    <section className="temporary-password" role="status" aria-label={label}>
      <p>{children}</p>
      <code ref={code} className="temporary-password-value" data-testid="temporary-password">
        {value}
      </code>
      <div className="account-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? 'Copiata' : 'Copia'}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Chiudi
        </button>
      </div>
    </section>
  );
}

export interface TemporaryPasswordProps {
  username: string;
  password: string;
  onClose(): void;
}

/** The temporary password after a reset. */
export function TemporaryPassword({ username, password, onClose }: TemporaryPasswordProps) {
  return (
    <OneTimeSecret label={`Password temporanea di ${username}`} value={password} onClose={onClose}>
      Password temporanea di <strong>{username}</strong>, mostrata una sola volta: consegnala alla persona, che la cambierà al primo accesso.
    </OneTimeSecret>
  );
}
