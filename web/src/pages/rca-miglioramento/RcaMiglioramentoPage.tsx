/**
 * Root Cause Tool (/rca-miglioramento; line log §2.5): the improvement role's analysis of the
 * unplanned stops of the default station's department. Without a department the page only
 * points to the station choice.
 */
import { useMe } from '../../features/auth/index.js';
import { canWriteRootCause, RootCauseTool } from '../../features/rootCause/index.js';
import { StationRequired } from '../../features/station/index.js';
import { getStoredRole } from '../../lib/session.js';
import '../../styles/root-cause.css';

/** The page. */
export function RcaMiglioramentoPage() {
  const { data: me } = useMe();
  const username = me?.username ?? getStoredRole() ?? '';

  return (
    <div className="page rca-page">
      <h1 className="page-title">Root Cause Tool</h1>
      <StationRequired prefix="rca" linkText="Cambia reparto">
        {(station) => (
          <RootCauseTool
            key={username}
            shopFloorId={station.shopFloorId}
            shopFloorName={station.shopFloorName}
            defaultLineId={station.lineId}
            username={username}
            canEdit={canWriteRootCause(username)}
          />
        )}
      </StationRequired>
    </div>
  );
}
