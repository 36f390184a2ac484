/**
 * Root Cause Tool (/rca-miglioramento; line log §2.5): the improvement role's analysis of the
 * unplanned stops of the default station's department. Without a department the page only
 * points to the station choice.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMe } from '../../features/auth/index.js';
import { canWriteRootCause, focusFromQuery, RootCauseTool } from '../../features/rootCause/index.js';
import { StationRequired } from '../../features/station/index.js';
import { getStoredRole } from '../../lib/session.js';
import '../../styles/root-cause.css';

/** The page; `?stop=&day=&line_id=` opens one stop's analysis (the support start page's links). */
export function RcaMiglioramentoPage() {
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const focus = useMemo(() => focusFromQuery(params), [params]);
  const username = me?.username ?? getStoredRole() ?? '';

  return (
    <div className="page rca-page">
      <h1 className="page-title">Root Cause Tool</h1>
      <StationRequired prefix="rca" linkText="Cambia reparto">
        {(station) => (
          <RootCauseTool
            key={`${username}|${params.toString()}`}
            shopFloorId={station.shopFloorId}
            shopFloorName={station.shopFloorName}
            defaultLineId={station.lineId}
            username={username}
            canEdit={canWriteRootCause(username)}
            focus={focus}
          />
        )}
      </StationRequired>
    </div>
  );
}
