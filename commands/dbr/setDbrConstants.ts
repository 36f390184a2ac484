import { sameConstants, type DbrConstants } from '../../domain/dbr/constants.js';
import type { DbrEvent } from '../../domain/dbr/events.js';
import type { DbrState } from '../../domain/dbr/state.js';
import { validationError } from '../../domain/shared/errors.js';

/** Replace a line's DBR constants as a whole, as the editor's single Save does. */
export interface SetDbrConstants {
  type: 'SetDbrConstants';
  lineId: number;
  constants: DbrConstants;
}

export function decideSetDbrConstants(command: SetDbrConstants, state: DbrState): DbrEvent[] {
  const bad = Object.entries(command.constants).filter(([, v]) => typeof v !== 'number' || !Number.isFinite(v));
  if (bad.length > 0) throw validationError('Tutti i campi devono essere numeri', Object.fromEntries(bad.map(([k]) => [k, 'Deve essere un numero'])));
  if (state.constants && sameConstants(state.constants, command.constants)) return [];
  return [{ type: 'DbrConstantsSet', data: { lineId: command.lineId, constants: command.constants } }];
}
