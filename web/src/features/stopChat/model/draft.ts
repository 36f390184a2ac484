/**
 * What the user has answered so far, and the clearing rules of §4.4: a new line clears the
 * equipment, the area and the stop code; a new equipment clears the area and the stop code (the
 * first area is then auto-selected once the areas are known); a new area clears the stop code.
 * A new line or equipment also clears the texts describing the stop (failure mode, corrective
 * action, note), which were written about the previous machine (issue 22).
 * Answers are kept when the user steps back, so nothing typed is lost; only these rules drop them.
 */
import { tickedActionLabels, type StopActionKey } from '../../../lib/stopActions.js';
import { NO_ACTIONS, type StepId } from './steps.js';

/** One option of a select step: a line, equipment, area, stop code, triggering event or reason. */
export interface Choice {
  id: number;
  name: string;
}

/** The four action checkboxes of the unplanned stop (§3, §4.2 step 7, §9). */
export type StopActions = Record<StopActionKey, boolean>;

/** The times form as typed: YYYY-MM-DD days and HH:MM times, '' while empty. */
export interface TimesInput {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

/** Which shift's log a stop belongs to (model/shiftFit.ts): its day and code, and the name for the words. */
export interface ShiftRef {
  day: string;
  code: string;
  name: string;
}

/** Every answer of either bot. Text answers are kept as typed; the payload trims them. */
export interface Draft {
  line: Choice | null;
  equipment: Choice | null;
  workpoint: Choice | null;
  stopCode: Choice | null;
  triggeringEvent: Choice | null;
  reason: Choice | null;
  failureMode: string;
  correctiveAction: string;
  note: string;
  actions: StopActions;
  /** null until the times form is first shown (it then starts from the defaults). */
  times: TimesInput | null;
  /** The shift whose log holds the stop, once the times are confirmed (null: not known). */
  shift: ShiftRef | null;
  /** The machine's detected stop this one explains ('Classifica' in the line log), or null. */
  detectedStopId: number | null;
}

export const NO_STOP_ACTIONS: StopActions = { materialChange: false, cleaning: false, settingAdjustment: false, componentRestore: false };

/** A draft with nothing answered. */
export function emptyDraft(): Draft {
  return {
    line: null,
    equipment: null,
    workpoint: null,
    stopCode: null,
    triggeringEvent: null,
    reason: null,
    failureMode: '',
    correctiveAction: '',
    note: '',
    actions: { ...NO_STOP_ACTIONS },
    times: null,
    shift: null,
    detectedStopId: null,
  };
}

/** The select steps, whose answers are choices. */
export type SelectStep = 'line' | 'equipment' | 'workpoint' | 'stopCode' | 'triggeringEvent' | 'reason';
/** The text steps, whose answers are strings. */
export type TextStep = 'failureMode' | 'correctiveAction' | 'note';

export function isSelectStep(step: StepId): step is SelectStep {
  return ['line', 'equipment', 'workpoint', 'stopCode', 'triggeringEvent', 'reason'].includes(step);
}

export function isTextStep(step: StepId): step is TextStep {
  return step === 'failureMode' || step === 'correctiveAction' || step === 'note';
}

/** The texts that describe what happened on a machine: cleared when the machine changes. */
const NO_MACHINE_TEXTS = { failureMode: '', correctiveAction: '', note: '' } as const;

const sameChoice = (a: Choice | null, b: Choice | null) => (a?.id ?? null) === (b?.id ?? null);

/**
 * Records a choice and applies §4.4. Choosing again what was already chosen changes nothing, so
 * stepping back and confirming the same line keeps the equipment, area and stop code.
 */
export function applyChoice(draft: Draft, step: SelectStep, choice: Choice): Draft {
  const changed = !sameChoice(draft[step], choice);
  switch (step) {
    case 'line':
      return changed ? { ...draft, ...NO_MACHINE_TEXTS, line: choice, equipment: null, workpoint: null, stopCode: null } : { ...draft, line: choice };
    case 'equipment':
      return changed ? { ...draft, ...NO_MACHINE_TEXTS, equipment: choice, workpoint: null, stopCode: null } : { ...draft, equipment: choice };
    case 'workpoint':
      return changed ? { ...draft, workpoint: choice, stopCode: null } : { ...draft, workpoint: choice };
    case 'stopCode':
    case 'triggeringEvent':
    case 'reason':
      return { ...draft, [step]: choice };
    default: {
      const never: never = step;
      return never;
    }
  }
}

/**
 * §4.4 "The first workpoint is then auto-selected": once the areas of the equipment are known and
 * none is chosen (the equipment is new, or came from the default station), the first one is.
 * An area still chosen (the user stepped back) is kept.
 */
export function autoSelectWorkpoint(draft: Draft, workpoints: readonly Choice[]): Draft {
  const first = workpoints[0];
  if (draft.workpoint || !first) return draft;
  return { ...draft, workpoint: { id: first.id, name: first.name }, stopCode: null };
}

/** The ticked actions as text for the chat and the summary ('Pulizia, Regolazione settaggi'). */
export function actionsText(actions: StopActions): string {
  const ticked = tickedActionLabels((a) => actions[a.key]);
  return ticked.length > 0 ? ticked.join(', ') : NO_ACTIONS;
}
