/**
 * 'Tabellone' (/tabellone, docs/board.md): the TV board, full screen with no sidebar. Any signed-in
 * role may open it; the display account opens nothing else. The shop floor and line chosen once
 * are kept on the device, so after a restart of the TV or of the app it comes back by itself.
 */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useLiveUpdates } from '../../app/useLiveUpdates.js';
import { useMe } from '../../features/auth/index.js';
import { Board, BoardSetup, readChoice, saveChoice, type BoardChoice } from '../../features/board/index.js';
import { ApiError } from '../../lib/api.js';
import { clearToken, getToken } from '../../lib/session.js';
import '../../styles/board.css';
import '../../styles/hourly.css';

export function TabellonePage() {
  const navigate = useNavigate();
  const token = getToken();
  const { data: me, error } = useMe();
  const { connected } = useLiveUpdates(!!me);
  const [choice, setChoice] = useState<BoardChoice | null>(() => readChoice());
  // Without a choice on the device the setup shows anyway; 'Cambia' asks for it again.
  const [choosing, setChoosing] = useState(false);

  useEffect(() => {
    if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) return;
    clearToken();
    navigate('/login', { replace: true });
  }, [error, navigate]);

  if (!token) return <Navigate to="/login" replace />;
  if (!me) return <div className="board board-idle">Caricamento…</div>;
  if (choosing || !choice)
    return (
      <div className="board">
        <BoardSetup
          initial={choice}
          onChoose={(c) => {
            saveChoice(c);
            setChoice(c);
            setChoosing(false);
          }}
        />
      </div>
    );
  return <Board choice={choice} connected={connected} onChange={() => setChoosing(true)} />;
}
