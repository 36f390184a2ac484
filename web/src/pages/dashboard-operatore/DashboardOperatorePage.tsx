/**
 * 'Cruscotto' (/dashboard-operatore; foundations §2 Dashboard): the production summary of the
 * default station's lines. Its charts load with this page's chunk only.
 */
import { DashboardSummary } from '../../features/dashboard/index.js';
import { useStationDefaults } from '../../features/station/index.js';
import '../../styles/dashboard.css';

export function DashboardOperatorePage() {
  const { station, loading } = useStationDefaults();
  return (
    <div className="page dashboard-page">
      <h1 className="page-title">Cruscotto</h1>
      {loading ? (
        <p className="dashboard-loading" role="status">
          Caricamento configurazione DBR...
        </p>
      ) : (
        <DashboardSummary station={station} />
      )}
    </div>
  );
}
