/**
 * Which machine counts a line's output (docs/machine-signals.md): the one the plant file names
 * (`countingEquipment`) while it is one of the line's active machines, else the line's last
 * active machine in the plant's order (the end of the line, where the finished pieces leave);
 * null for a line without machines.
 */
export function countingEquipmentOf(named: number | null, activeMachineIds: readonly number[]): number | null {
  if (named !== null && activeMachineIds.includes(named)) return named;
  return activeMachineIds.at(-1) ?? null;
}

const HOUR = 3_600_000;

/**
 * The clock hours that start in [from, to), as instants: a shift's hours, or a plant day's (23
 * or 25 on the days the clock changes). Italy's offsets are whole hours, so a UTC hour is a
 * clock hour of the plant. A shift that starts at 05:30 has its hours from 06:00, so each hour
 * belongs to exactly one of two shifts that follow each other.
 */
export function clockHours(from: Date, to: Date): number[] {
  const out: number[] = [];
  for (let h = Math.ceil(from.getTime() / HOUR) * HOUR; h < to.getTime(); h += HOUR) out.push(h);
  return out;
}
