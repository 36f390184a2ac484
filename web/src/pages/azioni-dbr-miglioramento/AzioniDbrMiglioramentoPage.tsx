/**
 * DBR actions (/azioni-dbr-miglioramento; foundations §2 'Azioni DBR'): the improvement staff
 * plan actions for a line and delete them; reached from 'AGGIUNGI AZIONE DBR' of the
 * 'Riepilogo Operativo', to which 'Torna al Riepilogo Operativo' leads back.
 */
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DbrActionsManager, dbrShowFromQuery } from '../../features/dbrActions/index.js';
import { StationRequired } from '../../features/station/index.js';
import '../../styles/dbr-actions.css';

/** `?day=&line_id=` starts the filters there (the overdue actions of the support start page). */
export function AzioniDbrMiglioramentoPage() {
  const [params] = useSearchParams();
  const show = useMemo(() => dbrShowFromQuery(params), [params]);
  return (
    <div className="page dbra-page dbra-manage">
      <div className="dbra-head">
        <h1 className="page-title">Azioni DBR</h1>
        <Link className="button button-secondary dbra-back" to="/dashboard-miglioramento">
          Torna al Riepilogo Operativo
        </Link>
      </div>
      <StationRequired prefix="dbra">{(station) => <DbrActionsManager key={params.toString()} station={station} show={show} />}</StationRequired>
    </div>
  );
}
