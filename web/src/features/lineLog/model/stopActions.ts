import { tickedActionLabels, type StopActionField } from '../../../lib/stopActions.js';
import type { UnplannedStop } from '../../../lib/stops.js';

/** The ticked actions of an unplanned stop as the line log's 'Azioni' column shows them (spec §9); empty when none. */
export function actionsText(s: Pick<UnplannedStop, StopActionField>): string {
  return tickedActionLabels((a) => s[a.field]).join(', ');
}
