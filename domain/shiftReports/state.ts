import type { ReportContent, ShiftReportEvent } from './events.js';
import type { Fold } from '../shared/fold.js';

/**
 * A report is nothing yet, a draft the operator is still filling in, or submitted
 * (confirmed). `lastBy` is who changed it last: without a revision from the client,
 * only that user may write again (docs/line-log.md, concurrency).
 */
export type ShiftReportState = { status: 'none'; lastBy: null } | { status: 'draft' | 'submitted'; content: ReportContent; lastBy: string };

export const initialShiftReportState: ShiftReportState = { status: 'none', lastBy: null };

const contentOf = (data: ReportContent): ReportContent => ({
  notes: data.notes,
  machineNotes: data.machineNotes,
  productionVolume: data.productionVolume,
  waste: data.waste,
  workingTime: data.workingTime,
});

/** Every event carries the whole content, so the state is the last event's content and status. */
export function evolveShiftReport(_state: ShiftReportState, event: ShiftReportEvent): ShiftReportState {
  switch (event.type) {
    case 'ShiftReportDraftSaved':
      return { status: 'draft', content: contentOf(event.data), lastBy: event.data.by };
    case 'ShiftReportSubmitted':
    case 'ShiftReportAmended':
      return { status: 'submitted', content: contentOf(event.data), lastBy: event.data.by };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** How the aggregate's stream folds into ShiftReportState: what its commands decide on. */
export const shiftReportFold: Fold<ShiftReportState, ShiftReportEvent> = {
  initialState: initialShiftReportState,
  evolve: evolveShiftReport,
};
