/**
 * 'Fermi rilevati da classificare': the stops the machines detected in the shift that no
 * recorded stop explains yet, each with its machine and times, and 'Classifica', which opens
 * the unplanned-stop chat with line, machine and times filled in (docs/machine-signals.md).
 */
import { Link } from 'react-router-dom';
import { useShifts } from '../api/useLineLogPlant.js';
import { useDetectedStops } from '../api/useDetectedStops.js';
import { classifyHref, detectedStopTimes } from '../model/detectedStops.js';
import type { LineLogSelection } from '../model/selection.js';

export function DetectedStops({ selection, shopFloorId }: { selection: LineLogSelection; shopFloorId: string }) {
  const shifts = useShifts(selection.day, shopFloorId || null);
  const shiftId = shifts.data?.find((s) => s.code === selection.shiftCode && s.shift_day === selection.day)?.id ?? null;
  const { stops, machines } = useDetectedStops({ shopFloorId, lineId: selection.lineId, shiftId });
  if (stops.length === 0) return null;
  const nameOf = (id: number) => machines.find((m) => m.id === id)?.name ?? `Macchina ${id}`;
  return (
    <section className="card line-log-card detected-stops" aria-labelledby="detected-stops-title">
      <h2 id="detected-stops-title" className="line-log-section-title">
        Fermi rilevati da classificare
      </h2>
      <ul className="detected-stops-list">
        {stops.map((stop) => (
          <li key={stop.id} className="detected-stop" data-open={stop.end_time === null}>
            <span className="detected-stop-machine">{nameOf(stop.equipment_id)}</span>
            <span className="detected-stop-times">{detectedStopTimes(stop)}</span>
            <Link className="button button-primary detected-stop-classify" to={classifyHref(selection, stop, nameOf(stop.equipment_id))}>
              Classifica
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
