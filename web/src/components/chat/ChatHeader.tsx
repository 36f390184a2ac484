/**
 * The top of a chat page (line log §2.2, §2.7): the title, Back ('Indietro' / 'Back') and the
 * link back to the line log. On a phone the link sits above the title and the step back beside
 * it, so the way out and the step back are not two look-alike buttons side by side.
 */
import { Link } from 'react-router-dom';

/** Props of ChatHeader. */
export interface ChatHeaderProps {
  title: string;
  backLabel: string;
  backDisabled: boolean;
  onBack(): void;
  /** 'Torna al Registro di Linea' and where it goes. */
  homeLabel: string;
  homeTo: string;
  /** What the step back does, as a tooltip (e.g. 'Torna alla domanda precedente'). */
  backTitle?: string;
}

/** Title and controls. */
export function ChatHeader({ title, backLabel, backDisabled, onBack, homeLabel, homeTo, backTitle }: ChatHeaderProps) {
  return (
    <header className="chat-page-header">
      <h1 className="page-title">{title}</h1>
      <div className="chat-page-controls">
        <button type="button" className="button button-secondary chat-step-back" title={backTitle} disabled={backDisabled} onClick={onBack}>
          <span className="chat-back-arrow" aria-hidden="true">
            ←
          </span>
          {backLabel}
        </button>
        <Link className="button button-secondary chat-home-link" to={homeTo}>
          <span className="chat-home-arrow" aria-hidden="true">
            ‹
          </span>
          {homeLabel}
        </Link>
      </div>
    </header>
  );
}
