/**
 * 'Cruscotto' (/dashboard-operatore; foundations §2 Dashboard): the production summary of the
 * default station's lines, and the pieces per hour of the shift running now where the machines
 * count (docs/machine-signals.md). Its charts load with this page's chunk only.
 */
import { ShiftHours } from '../../features/board/index.js';
import { DashboardSummary } from '../../features/dashboard/index.js';
import { useStationDefaults } from '../../features/station/index.js';
import '../../styles/dashboard.css';
import '../../styles/hourly.css';

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
        <DashboardSummary station={station} extra={(query) => query && <ShiftHours shopFloorId={query.shopFloorId} lineIds={query.lineIds} />} />
      )}
    </div>
  );
}
