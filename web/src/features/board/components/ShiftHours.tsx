import { memo } from 'react';
import { formatTime } from '../../../lib/dates.js';
import { useBoard } from '../api/boardApi.js';
import { countedHours } from '../model/board.js';
import { HourlyControl } from './HourlyControl.js';

/**
 * The operators' 'Cruscotto' (docs/dashboard.md): the pieces per hour of the shift running now,
 * for each chosen line whose machine counted, from the board's call (so both say the same).
 * Nothing at all where no line counted.
 */
/** Memoized: the dashboards render at each answer of their calls, and the query's line list keeps its identity. */
export const ShiftHours = memo(function ShiftHours({ shopFloorId, lineIds }: { shopFloorId: string; lineIds: readonly number[] }) {
  const board = useBoard(shopFloorId ? { shopFloorId: Number(shopFloorId), lineId: lineIds.length === 1 ? lineIds[0]! : null } : null);
  const lines = (board.data?.lines ?? []).filter((l) => lineIds.includes(l.line_id) && l.shift && countedHours(l.hours).length > 0);
  if (lines.length === 0) return null;
  return (
    <section className="card dashboard-hourly" aria-label="Pezzi all’ora nel turno in corso">
      {lines.map((l) => (
        <HourlyControl
          key={l.line_id}
          hours={l.hours}
          title={`Pezzi all’ora · ${l.line_name} · ${l.shift!.name} ${formatTime(l.shift!.start_time)}–${formatTime(l.shift!.end_time)}`}
        />
      ))}
    </section>
  );
});
