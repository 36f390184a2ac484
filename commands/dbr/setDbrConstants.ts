import { dbrStream, sameConstants, type DbrConstants } from '../../domain/dbr/constants.js';
import type { DbrEvent } from '../../domain/dbr/events.js';
import { dbrFold, type DbrState } from '../../domain/dbr/state.js';
import { activeItem } from '../../domain/plant/state.js';
import { notFound, validationError } from '../../domain/shared/errors.js';
import { DBR_VALUE_TOO_LARGE, MAX_DBR_VALUE } from '../../domain/shared/bounds.js';
import { runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import { readPlantIn } from '../plant/readPlant.js';

/** Replace a line's DBR constants as a whole, as the editor's single Save does. */
export interface SetDbrConstants {
  type: 'SetDbrConstants';
  lineId: number;
  constants: DbrConstants;
}

export function decideSetDbrConstants(command: SetDbrConstants, state: DbrState): DbrEvent[] {
  const bad = Object.entries(command.constants).filter(([, v]) => typeof v !== 'number' || !Number.isFinite(v));
  if (bad.length > 0) throw validationError('Tutti i campi devono essere numeri', Object.fromEntries(bad.map(([k]) => [k, 'Deve essere un numero'])));
  const huge = Object.entries(command.constants).filter(([, v]) => Math.abs(v) > MAX_DBR_VALUE);
  if (huge.length > 0) throw validationError('Valori fuori dai limiti', Object.fromEntries(huge.map(([k]) => [k, DBR_VALUE_TOO_LARGE])));
  if (state.constants && sameConstants(state.constants, command.constants)) return [];
  return [{ type: 'DbrConstantsSet', data: { lineId: command.lineId, constants: command.constants } }];
}

export const LINE_NOT_FOUND = 'Linea non trovata';

/** The whole command: the line must exist in the plant (read as a condition of the append), then the line's constants stream. */
export function handleSetDbrConstants(deps: CommandDeps, input: { lineId: number; constants: DbrConstants }, ctx: CommandContext): Promise<CommandResult<DbrEvent>> {
  return runCommand(deps, ctx, async (reads) => {
    if (!activeItem(await readPlantIn(reads), 'line', input.lineId)) throw notFound(LINE_NOT_FOUND);
    const stream = dbrStream(input.lineId);
    const state = await reads.read(stream, dbrFold);
    return { stream, events: decideSetDbrConstants({ type: 'SetDbrConstants', ...input }, state) };
  });
}
