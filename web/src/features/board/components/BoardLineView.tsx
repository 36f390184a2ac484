import { formatTime } from '../../../lib/dates.js';
import { percent, pieces, piecesTone, tone, type BoardLine } from '../model/board.js';
import { HourlyControl } from './HourlyControl.js';

/** One line on the TV: its shift, pieces against the target to this minute, the two gauges' figures, its pieces per hour, its stops and DBR actions. */
export function BoardLineView({ line }: { line: BoardLine }) {
  if (!line.shift) {
    return (
      <section className="board-line" aria-label={line.line_name}>
        <h1 className="board-title">{line.line_name}</h1>
        <p className="board-idle">Nessun turno in corso</p>
      </section>
    );
  }
  return (
    <section className="board-line" aria-label={line.line_name}>
      <header className="board-head">
        <h1 className="board-title">{line.line_name}</h1>
        <p className="board-shift">
          {line.shift.name} · {formatTime(line.shift.start_time)}–{formatTime(line.shift.end_time)}
        </p>
      </header>
      <div className="board-figures">
        <div className={`board-figure ${piecesTone(line.pieces, line.target_now)}`}>
          <span className="board-label">{line.pieces_source === 'machine' ? 'Pezzi (conteggio macchina)' : 'Pezzi'}</span>
          <span className="board-value" data-testid="board-pieces">
            {pieces(line.pieces)}
          </span>
          <span className="board-sub">Obiettivo a quest’ora {pieces(line.target_now)}</span>
        </div>
        <div className={`board-figure ${tone(line.rendimento, line.ut_threshold, true)}`}>
          <span className="board-label">Rendimento</span>
          <span className="board-value">{percent(line.rendimento)}</span>
          <span className="board-sub">minimo {percent(line.ut_threshold)}</span>
        </div>
        <div className={`board-figure ${tone(line.scarto, line.waste_threshold, false)}`}>
          <span className="board-label">Scarto</span>
          <span className="board-value">{percent(line.scarto)}</span>
          <span className="board-sub">massimo {percent(line.waste_threshold)}</span>
        </div>
      </div>
      <HourlyControl hours={line.hours} />
      <div className="board-lists">
        <div className="board-list">
          <h2>Stop del turno{line.stop_count ? ` · ${line.stop_count} (${line.stop_minutes} min)` : ''}</h2>
          {line.stops && line.stops.length > 0 ? (
            <ol className="board-stops">
              {line.stops.map((s) => (
                <li key={`${s.kind}-${s.start_time}-${s.equipment}`} className={s.kind}>
                  <span className="board-minutes">{s.minutes} min</span>
                  <span className="board-what">
                    {s.equipment} – {s.reason}
                  </span>
                  <span className="board-when">
                    {formatTime(s.start_time)}–{formatTime(s.end_time)}
                    {s.kind === 'planned' ? ' · pianificato' : ''}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="board-none">Nessuno stop nel turno</p>
          )}
        </div>
        <div className="board-list">
          <h2>Azioni DBR del turno</h2>
          {line.dbr_actions && line.dbr_actions.length > 0 ? (
            <ul className="board-actions">
              {line.dbr_actions.map((a) => (
                <li key={a.id} className={a.executed ? 'done' : ''}>
                  <span aria-hidden="true">{a.executed ? '✓' : '○'}</span>
                  <span className="board-what">{a.activity}</span>
                  <span className="board-when">
                    {a.owner}
                    {a.due_shift ? '' : ' · fine giornata'}
                    {a.executed ? ' · eseguita' : ''}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="board-none">Nessuna azione DBR per il turno</p>
          )}
        </div>
      </div>
    </section>
  );
}
