import { useEffect, useState } from 'react';
import { formatTime } from '../../../lib/dates.js';
import { useBoard } from '../api/boardApi.js';
import { rotatingIndex, type BoardChoice } from '../model/board.js';
import { BoardLineView } from './BoardLineView.js';

/**
 * 'Tabellone' for the TV by the line (docs/board.md): one line, or each of the shop floor's in
 * turn, kept current by the live channel and by a fetch every minute. When the server cannot be
 * reached it says so, with the time of the figures still shown.
 */
export function Board({ choice, connected, onChange }: { choice: BoardChoice; connected: boolean; onChange(): void }) {
  const board = useBoard(choice);
  const [opened] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const lines = board.data?.lines ?? [];
  const line = lines[rotatingIndex(lines.length, now - opened)];
  const lost = !connected || !!board.error;
  return (
    <div className={`board${lost ? ' board-lost' : ''}`}>
      {lost && board.data && (
        <p className="board-alert" role="alert">
          Connessione al server persa: dati delle {formatTime(board.data.generated_at)}
        </p>
      )}
      {line ? <BoardLineView line={line} /> : <p className="board-idle">{board.error && !board.data ? 'Server non raggiungibile' : 'Caricamento…'}</p>}
      <footer className="board-foot">
        <span>
          Aggiornato alle {board.data ? formatTime(board.data.generated_at) : '–'}
          {lines.length > 1 && line ? ` · linea ${lines.indexOf(line) + 1} di ${lines.length}` : ''}
        </span>
        <button type="button" className="board-change" onClick={onChange}>
          Cambia linea
        </button>
      </footer>
    </div>
  );
}
