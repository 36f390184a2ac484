import { validationError } from '../../domain/shared/errors.js';
import { activeItem, type PlantState } from '../../domain/plant/state.js';
import { stationStream, type StationEvent } from '../../domain/station/events.js';
import { runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import { readPlantIn } from '../plant/readPlant.js';
import { stationFold, type StationState } from '../../domain/station/state.js';

/**
 * Save a user's default station. The plant as recorded travels with the command so
 * the decision stays pure: the ids must exist and belong together, and every role
 * but support must name an equipment.
 */
export interface ChooseDefaultStation {
  type: 'ChooseDefaultStation';
  username: string;
  role: string;
  shopFloorId: number;
  lineId: number;
  equipmentId: number | null;
  plant: PlantState;
}

export function decideChooseDefaultStation(command: ChooseDefaultStation, state: StationState): StationEvent[] {
  const { plant, shopFloorId, lineId, equipmentId } = command;
  const bad: Record<string, string> = {};
  if (!activeItem(plant, 'shopFloor', shopFloorId)) bad.shopFloorId = 'Reparto inesistente';
  const line = activeItem(plant, 'line', lineId);
  if (!line) bad.lineId = 'Linea inesistente';
  else if (line.parentId !== shopFloorId) bad.lineId = 'La linea non appartiene al reparto scelto';
  if (equipmentId === null) {
    if (command.role !== 'support') bad.equipmentId = 'Obbligatorio';
  } else {
    const equipment = activeItem(plant, 'equipment', equipmentId);
    if (!equipment) bad.equipmentId = 'Stazione inesistente';
    else if (equipment.parentId !== lineId) bad.equipmentId = 'La stazione non appartiene alla linea scelta';
  }
  if (Object.keys(bad).length > 0) throw validationError('Stazione non valida', bad);
  const s = state.station;
  if (s && s.shopFloorId === shopFloorId && s.lineId === lineId && s.equipmentId === equipmentId) return [];
  return [{ type: 'DefaultStationChosen', data: { username: command.username.toLowerCase(), shopFloorId, lineId, equipmentId } }];
}

/** The whole command for the issuing user (their name and role are the command's): the plant (cached, as a condition of the append) and the user's station stream. */
export function handleChooseDefaultStation(
  deps: CommandDeps,
  input: { shopFloorId: number; lineId: number; equipmentId: number | null },
  ctx: CommandContext,
): Promise<CommandResult<StationEvent> & { plant: PlantState }> {
  let plant: PlantState | undefined;
  return runCommand(deps, ctx, async (reads) => {
    plant = await readPlantIn(reads);
    const stream = stationStream(ctx.username);
    const state = await reads.read(stream, stationFold);
    return { stream, events: decideChooseDefaultStation({ ...input, type: 'ChooseDefaultStation', username: ctx.username, role: ctx.role, plant }, state) };
  }).then((result) => ({ ...result, plant: plant! }));
}
