import { plantFileSchema, type PlantFile } from './plantFile.js';

/**
 * The plant file as the admin's calls take it (`/admin/plant`): the plant file's own rules, and
 * those a plant set up from the browser must also keep so that its first shift can be worked:
 * a shop floor's regular shifts do not overlap (an extra shift, 'Turno E', overlaps by design),
 * and every line has at least one machine (the line's reference machine and the machine an
 * operator records a stop on are among them).
 */
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A shift's span in minutes from the day's midnight; one ending at or before its start ends the next day. */
function span(s: { start: string; end: string }): [number, number] {
  const start = minutes(s.start);
  const end = minutes(s.end);
  return [start, end > start ? end : end + 1440];
}

/** Whether two daily shifts share a minute on some day (each repeats every 24 hours). */
export function shiftsOverlap(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  const [as, ae] = span(a);
  const [bs, be] = span(b);
  return [-1440, 0, 1440].some((shift) => as < be + shift && bs + shift < ae);
}

export const NO_MACHINE = 'La linea non ha macchine: aggiungine almeno una, la macchina di riferimento è tra queste';

export const adminPlantFileSchema = plantFileSchema.superRefine((plant: PlantFile, ctx) => {
  plant.shopFloors.forEach((floor, fi) => {
    const regular = floor.shifts.map((s, i) => ({ s, i })).filter(({ s }) => !s.extra);
    regular.forEach(({ s, i }, k) => {
      const other = regular.slice(0, k).find(({ s: o }) => shiftsOverlap(s, o));
      if (other) ctx.addIssue({ code: 'custom', path: ['shopFloors', fi, 'shifts', i, 'start'], message: `Il turno ${s.code} si sovrappone al turno ${other.s.code}` });
    });
    floor.lines.forEach((line, li) => {
      if (line.equipments.length === 0) ctx.addIssue({ code: 'custom', path: ['shopFloors', fi, 'lines', li, 'equipments'], message: NO_MACHINE });
    });
  });
});
