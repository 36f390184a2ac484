import { activeItem, type PlantItem, type PlantState } from '../../domain/plant/state.js';
import { conflict, validationError } from '../../domain/shared/errors.js';
import type { ScheduledShift } from '../../domain/shifts/events.js';
import { stationStream } from '../../domain/station/events.js';
import { stationFold } from '../../domain/station/state.js';
import { dbrActionStream, type DbrActionEvent } from '../../domain/dbrActions/events.js';
import { dbrActionId, FIRST_DUE_DAY, LAST_DUE_DAY, MAX_ACTIONS_PER_LINE_DAY } from '../../domain/dbrActions/ids.js';
import { dbrReferenceNotFound, INVALID_DBR_ACTION, optionalDbrText, requiredDbrText } from '../../domain/dbrActions/rules.js';
import { dbrActionFold, type DbrActionState } from '../../domain/dbrActions/state.js';
import { NO_TARGET, sameTarget, validateDbrTarget, type DbrTarget } from '../../domain/dbrActions/target.js';
import { fieldErrors } from '../../domain/stops/rules.js';
import { runCommand, type CommandContext } from '../handleCommand.js';
import { KeyedQueue } from '../keyedQueue.js';
import { readPlantIn } from '../plant/readPlant.js';
import type { ReadSet } from '../readSet.js';
import { shiftsOfDay } from '../shifts/readCalendar.js';
import { factsAfter, type DbrActionResult } from './actionStream.js';

/**
 * What the 'Azioni DBR' form sends (foundations §3 "DBR action creation form"), parsed:
 * the line by name, equipment and due shift by id or null ('Non specificato', 'Fine gg').
 * `shopFloorId` is ours and optional: it says which shop floor's line the name means.
 */
export interface CreateDbrActionInput {
  day: string;
  dueShiftId: number | null;
  lineName: string;
  shopFloorId: number | null;
  equipmentId: number | null;
  owner: string;
  supportBy: string | null;
  activity: string;
  /** The loss it targets, optional (docs/dbr-actions.md): a machine of the line, one of its stop codes. */
  target: DbrTarget;
}

/**
 * The whole decision travels with the command: the plant and the due day's shifts as
 * the event store knows them, the user's default shop floor (read only when the line's
 * name alone is ambiguous) and the id the handler found free.
 */
export interface CreateDbrAction extends CreateDbrActionInput {
  type: 'CreateDbrAction';
  actionId: number;
  plant: PlantState;
  stationShopFloorId: number | null;
  dayShifts: readonly ScheduledShift[];
}

export interface ValidDbrAction {
  shopFloorId: number;
  line: PlantItem;
  equipmentId: number | null;
  dueShift: ScheduledShift | null;
  activity: string;
  owner: string;
  supportBy: string | null;
  target: DbrTarget;
}

/** Active lines with exactly that name (trimmed, as the line log's calls match it), in the given shop floor or anywhere. */
function linesNamed(plant: PlantState, name: string, shopFloorId: number | null): PlantItem[] {
  const wanted = name.trim();
  return [...plant.items.line.values()].filter(
    (l) => !l.retired && l.name === wanted && (shopFloorId === null || l.parentId === shopFloorId) && activeItem(plant, 'shopFloor', l.parentId!) !== null,
  );
}

/** Whether the line's name alone names more than one line: the handler then reads the user's default station. */
export function lineNameIsAmbiguous(plant: PlantState, input: Pick<CreateDbrActionInput, 'lineName' | 'shopFloorId'>): boolean {
  return input.shopFloorId === null && linesNamed(plant, input.lineName, null).length > 1;
}

/**
 * The rules, in order: day, line name and texts present (400, every bad field at once); the shop floor and
 * line (404; 400 when the name is ambiguous and the default station cannot decide); the
 * equipment (404 unknown, 400 of another line); the target's machine and stop code (400 when not
 * the line's: domain/dbrActions/target.ts); the due shift, a shift of that day on
 * that shop floor (404). Without `dayShifts` the shift is not checked (the handler needs
 * the line before it knows which calendar to read).
 */
export function validateCreateDbrAction(
  plant: PlantState,
  input: CreateDbrActionInput,
  stationShopFloorId: number | null,
  dayShifts: readonly ScheduledShift[] | null,
): ValidDbrAction {
  const bad = fieldErrors([
    ['activity', requiredDbrText, input.activity],
    ['owner', requiredDbrText, input.owner],
    ['supportBy', optionalDbrText, input.supportBy],
  ]);
  if (input.lineName.trim() === '') bad.line = 'Obbligatorio';
  if (input.day < FIRST_DUE_DAY || input.day > LAST_DUE_DAY) bad.day = `Tra ${FIRST_DUE_DAY} e ${LAST_DUE_DAY}`;
  if (Object.keys(bad).length > 0) throw validationError(INVALID_DBR_ACTION, bad);

  if (input.shopFloorId !== null && !activeItem(plant, 'shopFloor', input.shopFloorId)) throw dbrReferenceNotFound('Reparto non trovato', 'shop_floor_id');
  let lines = linesNamed(plant, input.lineName, input.shopFloorId);
  if (lines.length > 1 && stationShopFloorId !== null) lines = lines.filter((l) => l.parentId === stationShopFloorId);
  if (lines.length === 0) throw dbrReferenceNotFound('Linea non trovata', 'line');
  if (lines.length > 1) throw validationError('Più reparti hanno una linea con questo nome: indica il reparto (shop_floor_id)', { line: 'Linea ambigua' });
  const line = lines[0]!;

  if (input.equipmentId !== null) {
    const equipment = activeItem(plant, 'equipment', input.equipmentId);
    if (!equipment) throw dbrReferenceNotFound('Dispositivo non trovato', 'equipment');
    if (equipment.parentId !== line.id) throw validationError(INVALID_DBR_ACTION, { equipment: 'Il dispositivo non appartiene alla linea scelta' });
  }
  const target = validateDbrTarget(plant, line.id, input.target);
  let dueShift: ScheduledShift | null = null;
  if (input.dueShiftId !== null && dayShifts !== null) {
    dueShift = dayShifts.find((s) => s.shiftId === input.dueShiftId) ?? null;
    if (!dueShift) throw dbrReferenceNotFound('Turno non trovato', 'due_shift');
  }
  return {
    shopFloorId: line.parentId!,
    line,
    equipmentId: input.equipmentId,
    dueShift,
    activity: input.activity.trim(),
    owner: input.owner.trim(),
    supportBy: optionalDbrText.parse(input.supportBy),
    target,
  };
}

/** Creates the action on its own new stream; the rules are validateCreateDbrAction's. */
export function decideCreateDbrAction(command: CreateDbrAction, state: DbrActionState): DbrActionEvent[] {
  const valid = validateCreateDbrAction(command.plant, command, command.stationShopFloorId, command.dayShifts);
  if (state.status !== 'none') throw new Error(`DBR action ${command.actionId} exists already`);
  return [
    {
      type: 'DbrActionCreated',
      data: {
        actionId: command.actionId,
        shopFloorId: valid.shopFloorId,
        lineId: valid.line.id,
        equipmentId: valid.equipmentId,
        dueDay: command.day,
        dueShiftId: valid.dueShift?.shiftId ?? null,
        dueShiftName: valid.dueShift?.name ?? null,
        activity: valid.activity,
        owner: valid.owner,
        supportBy: valid.supportBy,
      },
    },
    ...(sameTarget(valid.target, NO_TARGET) ? [] : [{ type: 'DbrActionTargetSet' as const, data: { actionId: command.actionId, ...valid.target } }]),
  ];
}

/**
 * The first free id of the line's due day: reads `dbr-action-<id(n)>` for n = 1, 2, ...
 * until a stream that does not exist (domain/dbrActions/ids.ts).
 */
async function firstFreeAction(reads: ReadSet, lineId: number, day: string): Promise<{ actionId: number; state: DbrActionState }> {
  for (let n = 1; n <= MAX_ACTIONS_PER_LINE_DAY; n++) {
    const actionId = dbrActionId(lineId, day, n);
    const state = await reads.read(dbrActionStream(actionId), dbrActionFold);
    if (state.status === 'none') return { actionId, state };
  }
  throw conflict('DBR_ACTION_IDS_EXHAUSTED', 'Numero massimo di azioni DBR raggiunto per questa linea in questo giorno');
}

/**
 * The whole command: the plant (cached), the user's default station when the line name is
 * ambiguous, the due day's shifts, the line-day's existing actions to find the free id;
 * appends to the new stream with 'no_stream' on condition that nothing else read moved.
 */
export function handleCreateDbrAction(deps: Parameters<typeof runCommand>[0], input: CreateDbrActionInput, ctx: CommandContext): Promise<DbrActionResult> {
  // Creates for one line and day all want the same first free id: within this process they
  // take turns, so a burst of them (a morning meeting entering its actions) never runs out of
  // retries; creates on other instances still meet at the append's conditions and retry.
  return sameLineDay.run(`${input.shopFloorId ?? ''}|${input.lineName}|${input.day}`, () => createOnce(deps, input, ctx));
}

const sameLineDay = new KeyedQueue();

function createOnce(deps: Parameters<typeof runCommand>[0], input: CreateDbrActionInput, ctx: CommandContext): Promise<DbrActionResult> {
  let answer: DbrActionResult['action'] | null = null;
  return runCommand(deps, ctx, async (reads) => {
    const plant = await readPlantIn(reads);
    const stationShopFloorId = lineNameIsAmbiguous(plant, input) ? ((await reads.read(stationStream(ctx.username), stationFold)).station?.shopFloorId ?? null) : null;
    const { line, shopFloorId } = validateCreateDbrAction(plant, input, stationShopFloorId, null);
    const dayShifts = await shiftsOfDay(reads, shopFloorId, input.day);
    const { actionId, state } = await firstFreeAction(reads, line.id, input.day);
    const command: CreateDbrAction = { ...input, type: 'CreateDbrAction', actionId, plant, stationShopFloorId, dayShifts };
    const events = decideCreateDbrAction(command, state);
    answer = factsAfter(state, events);
    return { stream: dbrActionStream(actionId), events };
  }).then((result) => ({ ...result, action: answer! }));
}
