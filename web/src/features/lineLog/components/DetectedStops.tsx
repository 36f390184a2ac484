/**
 * 'Fermi rilevati da classificare': the stops the machines detected in the shift that no
 * recorded stop explains yet, each with its machine and times, and 'Classifica', which opens
 * the unplanned-stop chat with line, machine and times filled in (docs/machine-signals.md).
 * Stops still running when the report was sent are listed apart, as 'Fermi rilevati dopo
 * l'invio': the operator could not classify them, support does, through 'Modifica Report o Stop'.
 */
import { Link } from 'react-router-dom';
import { useShifts } from '../api/useLineLogPlant.js';
import { useDetectedStops, type DetectedStop } from '../api/useDetectedStops.js';
import { AFTER_SUBMIT_HINT, AFTER_SUBMIT_TITLE, classifyHref, detectedStopTimes, splitAfterSubmit } from '../model/detectedStops.js';
import type { LineLogSelection } from '../model/selection.js';

/** Props of DetectedStops. */
export interface DetectedStopsProps {
  selection: LineLogSelection;
  shopFloorId: string;
  /** Whether 'Classifica' is offered (the operator's open report, or support's edit); else the list says how. */
  canClassify: boolean;
}

export function DetectedStops({ selection, shopFloorId, canClassify }: DetectedStopsProps) {
  const shifts = useShifts(selection.day, shopFloorId || null);
  const shiftId = shifts.data?.find((s) => s.code === selection.shiftCode && s.shift_day === selection.day)?.id ?? null;
  const { stops, machines } = useDetectedStops({ shopFloorId, lineId: selection.lineId, shiftId });
  if (stops.length === 0) return null;
  const nameOf = (id: number) => machines.find((m) => m.id === id)?.name ?? `Macchina ${id}`;
  const { during, after } = splitAfterSubmit(stops);
  const list = (items: DetectedStop[]) => (
    <ul className="detected-stops-list">
      {items.map((stop) => (
        <li key={stop.id} className="detected-stop" data-open={stop.end_time === null}>
          <span className="detected-stop-machine">{nameOf(stop.equipment_id)}</span>
          <span className="detected-stop-times">{detectedStopTimes(stop)}</span>
          {canClassify && (
            <Link className="button button-primary detected-stop-classify" to={classifyHref(selection, stop, nameOf(stop.equipment_id))}>
              Classifica
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {during.length > 0 && (
        <section className="card line-log-card detected-stops" aria-labelledby="detected-stops-title">
          <h2 id="detected-stops-title" className="line-log-section-title">
            Fermi rilevati da classificare
          </h2>
          {list(during)}
        </section>
      )}
      {after.length > 0 && (
        <section className="card line-log-card detected-stops detected-stops-after" aria-labelledby="detected-stops-after-title">
          <h2 id="detected-stops-after-title" className="line-log-section-title">
            {AFTER_SUBMIT_TITLE}
          </h2>
          <p className="detected-stops-hint">{canClassify ? AFTER_SUBMIT_HINT.classify : AFTER_SUBMIT_HINT.edit}</p>
          {list(after)}
        </section>
      )}
    </>
  );
}
