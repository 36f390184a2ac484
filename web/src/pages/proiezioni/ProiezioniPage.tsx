/**
 * 'Proiezioni' (/proiezioni, ADMIN section): every read model with its position, lag, state,
 * rows and last rebuild, as `npm run projections -- status` prints them, and a blue/green
 * 'Ricostruisci' per read model (docs/analysts.md); below, the machines' last MQTT messages
 * (docs/machine-signals.md).
 */
import { useCallback, useState } from 'react';
import { MachineSignalsPanel, openQueueBoard, useProjections, ProjectionCard } from '../../features/projections/index.js';
import '../../styles/pages-admin.css';

/** The page heading and a card per read model. */
export function ProiezioniPage() {
  const { data, error, mutate } = useProjections();
  const reload = useCallback(() => void mutate(), [mutate]);
  const [boardError, setBoardError] = useState(false);
  const board = () => {
    setBoardError(false);
    openQueueBoard().catch(() => setBoardError(true));
  };
  return (
    <div className="page projections-page">
      <div className="projections-head">
        <h1 className="page-title">Proiezioni</h1>
        <button type="button" className="button button-secondary projections-board" onClick={board}>
          Code BullMQ
        </button>
      </div>
      {boardError && <p className="field-hint field-hint-error">Errore: code non disponibili (senza Redis le proiezioni usano la coda in-process).</p>}
      <p className="projections-intro">
        Ogni modello di lettura si costruisce dagli eventi. Ricostruisci rilegge la storia in nuove tabelle mentre le attuali restano in servizio, poi passa alla nuova generazione.
      </p>
      {error && <p className="field-hint field-hint-error">Errore: impossibile leggere lo stato delle proiezioni.</p>}
      {!data && !error && <p>Caricamento...</p>}
      <div className="projections-grid">
        {data?.map((p) => (
          <ProjectionCard key={p.name} projection={p} onSwitched={reload} />
        ))}
      </div>
      <MachineSignalsPanel />
    </div>
  );
}
