import type { DbrActionEvent } from '../../domain/dbrActions/events.js';
import { dbrActionNotFound } from '../../domain/dbrActions/rules.js';
import type { DbrActionState } from '../../domain/dbrActions/state.js';
import { sameTarget, validateDbrTarget, type DbrTarget } from '../../domain/dbrActions/target.js';
import type { PlantState } from '../../domain/plant/state.js';
import type { CommandContext, runCommand } from '../handleCommand.js';
import { readPlantIn } from '../plant/readPlant.js';
import { handleOnAction, type DbrActionResult } from './actionStream.js';

/** The improvement staff name (or change, or clear) the loss an existing action is meant to cure. */
export interface SetDbrActionTarget extends DbrTarget {
  type: 'SetDbrActionTarget';
  actionId: number;
  /** The plant as the event store knows it: the machine and stop code are checked against the action's line. */
  plant: PlantState;
}

/**
 * Unknown or deleted: 404. A machine or stop code not of the action's line: 400 naming it
 * (domain/dbrActions/target.ts). The same target again changes nothing; executed or not, an
 * action may be retargeted (its effect is measured with the target it has when read).
 */
export function decideSetDbrActionTarget(command: SetDbrActionTarget, state: DbrActionState): DbrActionEvent[] {
  if (state.status !== 'active') throw dbrActionNotFound();
  const target = validateDbrTarget(command.plant, state.action.lineId, command);
  if (sameTarget(target, { equipmentId: state.action.targetEquipmentId, stopCodeId: state.action.targetStopCodeId })) return [];
  return [{ type: 'DbrActionTargetSet', data: { actionId: command.actionId, ...target } }];
}

export function handleSetDbrActionTarget(deps: Parameters<typeof runCommand>[0], input: { actionId: number } & DbrTarget, ctx: CommandContext): Promise<DbrActionResult> {
  return handleOnAction(deps, input.actionId, ctx, async (state, _now, reads) =>
    decideSetDbrActionTarget({ type: 'SetDbrActionTarget', ...input, plant: await readPlantIn(reads) }, state),
  );
}
