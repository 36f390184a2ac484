/**
 * A page that works on the default station's shop floor: while the station loads it says so,
 * without a shop floor it points to /setup, and otherwise it renders its content for the station.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStationDefaults, type StationDefaultsState } from '../api/useStationDefaults.js';

export interface StationRequiredProps {
  /** The page's class prefix: its hint is `<prefix>-hint`, its card `<prefix>-no-station`. */
  prefix: string;
  /** The link's words ('Cambia stazione', or the Root Cause Tool's 'Cambia reparto'). */
  linkText?: string;
  children: (station: StationDefaultsState['station']) => ReactNode;
}

export function StationRequired({ prefix, linkText = 'Cambia stazione', children }: StationRequiredProps) {
  const { station, loading } = useStationDefaults();
  if (loading) return <p className={`${prefix}-hint`}>Caricamento della stazione…</p>;
  if (!station.shopFloorId)
    return (
      <div className={`card ${prefix}-no-station`}>
        <p>Nessun reparto scelto: scegli prima la stazione di default.</p>
        <Link to="/setup">{linkText}</Link>
      </div>
    );
  return <>{children(station)}</>;
}
