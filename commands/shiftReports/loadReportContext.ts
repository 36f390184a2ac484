import { notFound, validationError } from '../../domain/shared/errors.js';
import { activeItem, settingsOf, type PlantItem, type PlantState } from '../../domain/plant/state.js';
import type { ReportKey } from '../../domain/shiftReports/events.js';
import { stationStream } from '../../domain/station/events.js';
import { stationFold } from '../../domain/station/state.js';
import { readPlantIn } from '../plant/readPlant.js';
import type { ReadSet } from '../readSet.js';
import { shiftsOfDay } from '../shifts/readCalendar.js';

/** Everything a report command needs besides the client's content. */
export interface ReportContext {
  key: ReportKey;
  lineName: string;
  labels: string[];
  shiftHours: number;
  /** The shift's start and end (ISO instants). */
  shiftStart: string;
  shiftEnd: string;
}

/** Active lines of an active shop floor with exactly that name (trimmed), by id. */
function linesNamed(plant: PlantState, name: string): PlantItem[] {
  const wanted = name.trim();
  return [...plant.items.line.values()].filter((l) => !l.retired && l.name === wanted && activeItem(plant, 'shopFloor', l.parentId!) !== null).sort((a, b) => a.id - b.id);
}

/**
 * The spec's calls name the line (`line_name`), not its id. Names are unique within a
 * shop floor only, so when two shop floors have a line of that name the user's default
 * station decides (its stream is read only then); if it cannot, the request is refused
 * rather than guessed.
 */
async function resolveLine(reads: ReadSet, plant: PlantState, lineName: string, username: string): Promise<PlantItem> {
  const lines = linesNamed(plant, lineName);
  if (lines.length === 0) throw notFound('Linea non trovata');
  if (lines.length === 1) return lines[0]!;
  const { station } = await reads.read(stationStream(username), stationFold);
  const mine = station ? lines.filter((l) => l.parentId === station.shopFloorId) : [];
  if (mine.length === 1) return mine[0]!;
  throw validationError('Più reparti hanno una linea con questo nome: scegli il reparto nella stazione di default', { line_name: 'Linea ambigua' });
}

/**
 * Resolves a report's line and shift from the streams that hold them, as part of the
 * command (so its append rests on them): the line by name in the plant, the shift's
 * length in the shop floor's calendar (through the cache the stop lock uses), the
 * report labels in the shop floor's settings. An unknown line or shift is a 404.
 */
export async function loadReportContext(reads: ReadSet, input: { lineName: string; day: string; shiftCode: string; username: string }): Promise<ReportContext> {
  const plant = await readPlantIn(reads);
  const line = await resolveLine(reads, plant, input.lineName, input.username);
  const shopFloorId = line.parentId!;
  const shift = (await shiftsOfDay(reads, shopFloorId, input.day)).find((s) => s.code === input.shiftCode);
  if (!shift) throw notFound('Turno non trovato');
  return {
    key: { lineId: line.id, shopFloorId, day: input.day, shiftCode: input.shiftCode },
    lineName: line.name,
    labels: settingsOf(plant, shopFloorId).reportLabels,
    shiftHours: (Date.parse(shift.endTime) - Date.parse(shift.startTime)) / 3_600_000,
    shiftStart: shift.startTime,
    shiftEnd: shift.endTime,
  };
}
