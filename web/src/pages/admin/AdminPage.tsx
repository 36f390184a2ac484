/**
 * Admin shift generation ('ADMIN – Generazione Turni', /admin; foundations §2 Admin): the default
 * station and role, then the range of days to generate shifts for, for the default shop floor.
 */
import { useMe } from '../../features/auth/index.js';
import { ShiftGenerationForm } from '../../features/shifts/index.js';
import { useStationDefaults, StationSummary } from '../../features/station/index.js';
import { getStoredRole } from '../../lib/session.js';
import '../../styles/pages-admin.css';

/** The page: station summary and the generation form side by side on a tablet, stacked on a phone. */
export function AdminPage() {
  const { station, loading } = useStationDefaults();
  const { data: me } = useMe();
  const role = me?.username ?? getStoredRole();
  return (
    <div className="page admin-page">
      <h1 className="page-title">ADMIN – Generazione Turni</h1>
      <div className="admin-grid">
        <StationSummary station={station} role={role} loading={loading} />
        <ShiftGenerationForm shopFloorId={station.shopFloorId} loading={loading} />
      </div>
    </div>
  );
}
