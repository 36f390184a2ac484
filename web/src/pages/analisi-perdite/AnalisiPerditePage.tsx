/**
 * 'Analisi perdite' (/analisi-perdite, SUPPORTO OPERATIVO; docs/oee.md): the loss analysis to
 * ISO 22400 for the dashboard's filters. Its nivo charts come with this page's chunk only.
 */
import { LossAnalysis } from '../../features/oee/index.js';
import { StationRequired } from '../../features/station/index.js';
import '../../styles/dashboard.css';
import '../../styles/oee.css';

export function AnalisiPerditePage() {
  return (
    <div className="page dashboard-page">
      <h1 className="page-title">Analisi perdite</h1>
      <StationRequired prefix="dashboard">{(station) => <LossAnalysis station={station} />}</StationRequired>
    </div>
  );
}
