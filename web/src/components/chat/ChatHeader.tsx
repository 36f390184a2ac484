/**
 * The top of a chat page (line log §2.2, §2.7): the title, Back ('Indietro' / 'Back') and the
 * link back to the line log. Below tablet width the two controls share one row.
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
}

/** Title and controls. */
export function ChatHeader({ title, backLabel, backDisabled, onBack, homeLabel, homeTo }: ChatHeaderProps) {
  return (
    <header className="chat-page-header">
      <h1 className="page-title">{title}</h1>
      <div className="chat-page-controls">
        <button type="button" className="button button-secondary" disabled={backDisabled} onClick={onBack}>
          <span className="chat-back-arrow" aria-hidden="true">
            ←
          </span>
          {backLabel}
        </button>
        <Link className="button button-secondary" to={homeTo}>
          {homeLabel}
        </Link>
      </div>
    </header>
  );
}
