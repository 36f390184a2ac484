/**
 * Daily DBR activities (/daily-routine-operatore; foundations §2 'Attività giornaliere', §4): the
 * line's actions of the day, ticked off as they are done. Without a default station the page
 * points to its choice.
 */
import { Link } from 'react-router-dom';
import { DailyActivities } from '../../features/dbrActions/index.js';
import { useStationDefaults } from '../../features/station/index.js';
import '../../styles/dbr-actions.css';

export function DailyRoutineOperatorePage() {
  const { station, loading } = useStationDefaults();
  return (
    <div className="page dbra-page dbra-daily">
      <h1 className="page-title">Attività giornaliere</h1>
      {loading ? (
        <p className="dbra-hint">Caricamento della stazione…</p>
      ) : !station.shopFloorId ? (
        <div className="card dbra-no-station">
          <p>Nessun reparto scelto: scegli prima la stazione di default.</p>
          <Link to="/setup">Cambia stazione</Link>
        </div>
      ) : (
        <DailyActivities station={station} />
      )}
    </div>
  );
}
