/**
 * The default station and role at a glance (foundations §2 Admin: "Shows the default shop floor,
 * line, equipment and role names"), with the way to change it.
 */
import { Link } from 'react-router-dom';
import type { StoredStationNames } from '../../../lib/station.js';

/** Props: the station's names and the role (the username). */
export interface StationSummaryProps {
  station: StoredStationNames;
  role: string | null | undefined;
  loading?: boolean;
}

const EMPTY = '—';

/** A card of label/value pairs. */
export function StationSummary({ station, role, loading = false }: StationSummaryProps) {
  const value = (text: string | null | undefined) => (loading ? '…' : text?.trim() || EMPTY);
  return (
    <section className="card station-summary" aria-labelledby="station-summary-title">
      <div className="station-summary-head">
        <h2 className="card-title" id="station-summary-title">
          Stazione di default
        </h2>
        <Link to="/setup" className="station-summary-change">
          Cambia stazione
        </Link>
      </div>
      <dl className="station-summary-list">
        <div>
          <dt>Reparto</dt>
          <dd data-testid="station-shop-floor">{value(station.shopFloorName)}</dd>
        </div>
        <div>
          <dt>Linea</dt>
          <dd data-testid="station-line">{value(station.lineName)}</dd>
        </div>
        <div>
          <dt>Stazione</dt>
          <dd data-testid="station-equipment">{value(station.equipmentName)}</dd>
        </div>
        <div>
          <dt>Ruolo</dt>
          <dd data-testid="station-role">{role?.trim() || EMPTY}</dd>
        </div>
      </dl>
    </section>
  );
}
