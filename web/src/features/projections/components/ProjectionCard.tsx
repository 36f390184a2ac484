/**
 * One read model on the 'Proiezioni' page: where it stands and its 'Ricostruisci' button. A
 * rebuild runs blue/green on the server; while it runs the card shows its progress (events/s,
 * ETA) and the old generation keeps answering the pages; when it completes the new one is live.
 * A read model stopped at an event it cannot apply ('In errore') shows that event and the error.
 */
import { useEffect, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { ApiError } from '../../../lib/api.js';
import { startRebuild, useRebuild, type ProjectionStatus } from '../api/useProjections.js';
import { formatCount, formatEta, formatFailure, formatReadUpTo, formatRows, formatWhen, STATE_LABELS } from '../model/format.js';

interface Props {
  projection: ProjectionStatus;
  /** Called when a rebuild has switched, so the list reloads. */
  onSwitched: () => void;
}

/** A card per read model; its rebuild job lives in the card's state. */
export function ProjectionCard({ projection: p, onSwitched }: Props) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const { data: progress } = useRebuild(jobId);
  const running = jobId !== null && progress?.state !== 'completed' && progress?.state !== 'failed';
  const finished = progress?.state === 'completed';

  useEffect(() => {
    if (progress?.state === 'completed' || progress?.state === 'failed') onSwitched();
  }, [progress?.state, onSwitched]);

  async function rebuild() {
    setAsking(false);
    setError(null);
    try {
      setJobId(await startRebuild(p.name));
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'Errore: ricostruzione non avviata');
    }
  }

  const ratio = progress && progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
  return (
    <article className="card projection-card" data-testid={`projection-${p.name}`} aria-labelledby={`projection-${p.name}-title`}>
      <div className="projection-head">
        <h2 className="card-title" id={`projection-${p.name}-title`}>
          {p.name}
        </h2>
        <span className={`projection-state projection-state-${p.state}`} data-testid="projection-state">
          {STATE_LABELS[p.state] ?? p.state}
        </span>
      </div>
      <dl className="projection-facts">
        <div>
          <dt>Versione</dt>
          <dd>
            {p.liveVersion ?? '–'} (codice {p.version}), generazione {p.generation ?? '–'}
          </dd>
        </div>
        <div>
          <dt>Letto fino all’evento</dt>
          <dd title={p.position ? `Posizione nel registro: ${p.position.commit}/${p.position.prepare}` : undefined}>{formatReadUpTo(p.position)}</dd>
        </div>
        <div>
          <dt>Ritardo</dt>
          <dd data-testid="projection-lag">{formatCount(p.lag)} eventi</dd>
        </div>
        <div>
          <dt>Righe</dt>
          <dd data-testid="projection-rows" title={p.rowsEstimated ? 'Stima del database: le tabelle più grandi non sono contate riga per riga' : undefined}>
            {formatRows(p.rows, p.rowsEstimated)}
          </dd>
        </div>
        <div>
          <dt>Ultima ricostruzione</dt>
          <dd data-testid="projection-last-rebuild">{formatWhen(p.lastRebuildAt)}</dd>
        </div>
        <div>
          <dt>Velocità</dt>
          <dd>{p.rebuildEventsPerSecond === null ? '–' : `${formatCount(p.rebuildEventsPerSecond)} eventi/s`}</dd>
        </div>
      </dl>
      {p.failure && (
        <div className="projection-failure" role="alert" data-testid="projection-failure">
          <p className="projection-failure-where">{formatFailure(p.failure)}</p>
          {/* Focusable: a long error scrolls inside the card, and a keyboard must reach it too. */}
          <p className="projection-failure-message" data-testid="projection-failure-message" tabIndex={0}>
            {p.failure.message}
          </p>
          <p className="projection-failure-hint">
            {p.failure.duringRebuild
              ? 'La generazione precedente, se c’è, resta in servizio. Ricostruisci riprova dopo la correzione.'
              : 'Le altre proiezioni continuano. Riprende da questo evento dopo la correzione e un riavvio, o con Ricostruisci.'}
          </p>
        </div>
      )}
      {jobId && progress && (
        <div className="projection-progress" role="status" data-testid="projection-progress">
          <progress max={1} value={ratio} aria-label={`Avanzamento ricostruzione ${p.name}`} />
          <p>
            {finished
              ? `Ricostruzione completata: la nuova generazione è attiva (${formatCount(progress.done)} eventi, ${formatCount(progress.eventsPerSecond)} eventi/s).`
              : progress.state === 'failed'
                ? 'Errore: ricostruzione non riuscita. La generazione precedente resta attiva.'
                : `${formatCount(progress.done)} / ${formatCount(progress.total)} eventi · ${formatCount(progress.eventsPerSecond)} eventi/s · ETA ${formatEta(progress.etaSeconds)} · le tabelle attuali restano in servizio`}
          </p>
        </div>
      )}
      {error && <p className="field-hint field-hint-error">{error}</p>}
      <button type="button" className="button button-primary projection-rebuild" onClick={() => setAsking(true)} disabled={running || p.state === 'rebuilding'}>
        Ricostruisci
      </button>
      <ConfirmModal
        open={asking}
        title={`Ricostruire ${p.name}?`}
        confirmLabel="Ricostruisci ora"
        cancelLabel="Annulla"
        onConfirm={() => void rebuild()}
        onClose={() => setAsking(false)}
      >
        <p>
          La proiezione viene rifatta da tutti gli eventi in una nuova generazione; le tabelle attuali restano in servizio finché non è pronta. Con molti eventi richiede minuti.
        </p>
      </ConfirmModal>
    </article>
  );
}
