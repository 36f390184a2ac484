/**
 * 'Riepilogo Operativo' (/dashboard-miglioramento; 001 §2.6): the same production summary as
 * the Cruscotto, plus 'AGGIUNGI AZIONE DBR', which leads to the DBR action entry screen, and
 * the pieces per hour of the shift running now where a machine counts ('Pezzi all'ora', as on the
 * Cruscotto), the 'Pareto fermate' of the selected lines (docs/analysts.md), and the summary
 * 'Al momento' (docs/dashboard.md, "As of a moment").
 */
import { Link } from 'react-router-dom';
import { ShiftHours } from '../../features/board/index.js';
import { DashboardSummary, ParetoStops } from '../../features/dashboard/index.js';
import { useStationDefaults } from '../../features/station/index.js';
import '../../styles/dashboard.css';
import '../../styles/hourly.css';

export function DashboardMiglioramentoPage() {
  const { station, loading } = useStationDefaults();
  return (
    <div className="page dashboard-page">
      <div className="dashboard-head">
        <h1 className="page-title">Riepilogo Operativo</h1>
        <Link to="/azioni-dbr-miglioramento" className="button button-primary dashboard-add">
          AGGIUNGI AZIONE DBR
        </Link>
      </div>
      {loading ? (
        <p className="dashboard-loading" role="status">
          Caricamento configurazione DBR...
        </p>
      ) : (
        <DashboardSummary
          station={station}
          extra={(query) => (
            <>
              {query && <ShiftHours shopFloorId={query.shopFloorId} lineIds={query.lineIds} />}
              <ParetoStops query={query} />
            </>
          )}
          moments
        />
      )}
    </div>
  );
}
