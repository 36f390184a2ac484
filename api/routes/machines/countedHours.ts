import { clockHours, countingEquipmentOf } from '../../../domain/machines/counting.js';
import { linesHours } from '../../../projections/machines/machines.queries.js';
import { listActive, type LineRow } from '../../../projections/plant/plant.queries.js';
import type { AppDeps } from '../../deps.js';

/** One clock hour of a line as its machines counted it. */
export interface CountedHour {
  hourStart: number;
  /** The counting machine's pieces. */
  good: number;
  reject: number;
  /** Whether the counting machine sent a count in that hour: without one, the zeros mean "not counted". */
  counted: boolean;
  /** Of all the line's machines. */
  microStops: number;
  microStopMinutes: number;
}

/**
 * The line's counted figures for each clock hour that starts in [from, to): the recorded hour
 * folds plus the hour still in progress in this instance's tracker (its fold is recorded two
 * minutes after the hour ends), so the current hour counts as the pieces come.
 */
export async function countedHours(deps: AppDeps, line: Pick<LineRow, 'id' | 'countingEquipmentId'>, from: Date, to: Date): Promise<CountedHour[]> {
  return (await countedHoursOfLines(deps, [line], from, to)).get(line.id)!;
}

/** countedHours of several lines (the board's), in two queries however many lines. */
export async function countedHoursOfLines(deps: AppDeps, lines: readonly Pick<LineRow, 'id' | 'countingEquipmentId'>[], from: Date, to: Date): Promise<Map<number, CountedHour[]>> {
  const machines = await listActive(
    deps.knex,
    'equipments',
    lines.map((l) => l.id),
  );
  const counting = new Map(
    lines.map((line) => [
      line.id,
      countingEquipmentOf(
        line.countingEquipmentId,
        machines.filter((m) => m.parentId === line.id).map((m) => m.id),
      ),
    ]),
  );
  const countingIds = [...counting.values()].filter((id): id is number => id !== null);
  const rows = await linesHours(
    deps.knex,
    lines.map((l) => l.id),
    from,
    to,
    countingIds,
  );
  const out = new Map<number, CountedHour[]>();
  for (const line of lines) {
    const hours = new Map<number, CountedHour>(clockHours(from, to).map((h) => [h, { hourStart: h, good: 0, reject: 0, counted: false, microStops: 0, microStopMinutes: 0 }]));
    for (const r of rows.get(line.id) ?? []) {
      const h = hours.get(r.hourStart.getTime());
      if (h) Object.assign(h, { good: r.good, reject: r.reject, counted: r.counted, microStops: r.microStops, microStopMinutes: r.microStopMinutes });
    }
    for (const open of deps.machineSignals?.openHours(line.id) ?? []) {
      const h = hours.get(open.hourStart);
      if (!h) continue;
      h.microStops += open.microStops;
      h.microStopMinutes = Math.round((h.microStopMinutes + open.microStopMinutes) * 100) / 100;
      if (open.equipmentId !== counting.get(line.id)) continue;
      Object.assign(h, { good: h.good + open.good, reject: h.reject + open.reject, counted: true });
    }
    out.set(line.id, [...hours.values()]);
  }
  return out;
}
