/**
 * The support section's start page (/miglioramento; docs/start-pages.md): what waits for review on
 * the station's shop floor. Without a station it points to /setup.
 */
import { findRoute, pageTitle } from '../../app/routes.js';
import { SupportStart } from '../../features/startPages/index.js';
import { StationRequired } from '../../features/station/index.js';
import '../../styles/start-pages.css';

export function MiglioramentoPage() {
  return (
    <div className="page start-page">
      <h1 className="page-title">{pageTitle(findRoute('/miglioramento')!)}</h1>
      <StationRequired prefix="start">{(station) => <SupportStart shopFloorId={station.shopFloorId} shopFloorName={station.shopFloorName} />}</StationRequired>
    </div>
  );
}
