/** The temporary password after a reset, shown once with a copy button; it is not kept anywhere. */
import { useRef, useState } from 'react';

export interface TemporaryPasswordProps {
  username: string;
  password: string;
  onClose(): void;
}

export function TemporaryPassword({ username, password, onClose }: TemporaryPasswordProps) {
  const [copied, setCopied] = useState(false);
  const code = useRef<HTMLElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
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
    <section className="temporary-password" role="status" aria-label={`Password temporanea di ${username}`}>
      <p>
        Password temporanea di <strong>{username}</strong>, mostrata una sola volta: consegnala alla persona, che la cambierà al primo accesso.
      </p>
      <code ref={code} className="temporary-password-value" data-testid="temporary-password">
        {password}
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
