/**
 * DBR actions (/azioni-dbr-miglioramento; foundations §2 'Azioni DBR'): the improvement staff
 * plan actions for a line and delete them; reached from 'AGGIUNGI AZIONE DBR' of the
 * 'Riepilogo Operativo', to which 'Torna al Riepilogo Operativo' leads back.
 */
import { Link } from 'react-router-dom';
import { DbrActionsManager } from '../../features/dbrActions/index.js';
import { useStationDefaults } from '../../features/station/index.js';
import '../../styles/dbr-actions.css';

export function AzioniDbrMiglioramentoPage() {
  const { station, loading } = useStationDefaults();
  return (
    <div className="page dbra-page dbra-manage">
      <div className="dbra-head">
        <h1 className="page-title">Azioni DBR</h1>
        <Link className="button button-secondary dbra-back" to="/dashboard-miglioramento">
          Torna al Riepilogo Operativo
        </Link>
      </div>
      {loading ? (
        <p className="dbra-hint">Caricamento della stazione…</p>
      ) : !station.shopFloorId ? (
        <div className="card dbra-no-station">
          <p>Nessun reparto scelto: scegli prima la stazione di default.</p>
          <Link to="/setup">Cambia stazione</Link>
        </div>
      ) : (
        <DbrActionsManager station={station} />
      )}
    </div>
  );
}
