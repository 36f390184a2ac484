/**
 * The operator section's start page (/operatore; docs/start-pages.md): today's shifts of the
 * station's line and the DBR actions still to do. Without a station it points to /setup.
 */
import { findRoute, pageTitle } from '../../app/routes.js';
import { OperatorStart } from '../../features/startPages/index.js';
import { StationRequired } from '../../features/station/index.js';
import '../../styles/start-pages.css';

export function OperatorePage() {
  return (
    <div className="page start-page">
      <h1 className="page-title">{pageTitle(findRoute('/operatore')!)}</h1>
      <StationRequired prefix="start">{(station) => <OperatorStart shopFloorId={station.shopFloorId} lineId={station.lineId} />}</StationRequired>
    </div>
  );
}
