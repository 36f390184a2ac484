/**
 * Daily DBR activities (/daily-routine-operatore; foundations §2 'Attività giornaliere', §4): the
 * line's actions of the day, ticked off as they are done. Without a default station the page
 * points to its choice.
 */
import { DailyActivities } from '../../features/dbrActions/index.js';
import { StationRequired } from '../../features/station/index.js';
import '../../styles/dbr-actions.css';

export function DailyRoutineOperatorePage() {
  return (
    <div className="page dbra-page dbra-daily">
      <h1 className="page-title">Attività giornaliere</h1>
      <StationRequired prefix="dbra">{(station) => <DailyActivities station={station} />}</StationRequired>
    </div>
  );
}
