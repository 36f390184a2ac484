/**
 * The report editor's state and rules (line log §2.1, §2.4, §4.1, §5), pure so both workflows share
 * them and tests drive them without a browser: what a load, an edit, a failed call, a submit, a
 * save and 'Annulla modifiche' do to the state, and what the screen derives from it (the figures'
 * errors, what is read-only, the notice above the report).
 */
import type { SaveStatus } from '../../../lib/autosave.js';
import { fieldMessages, SESSION_NOTICE, type Failure } from '../../../lib/failures.js';
import { buildContent, isReportComplete, type BuiltContent, type FigureErrors, type FigureField, type ReportForm, type ReportKey } from './reportForm.js';

/** The state of one mounted report. */
export interface ReportEditorState {
  /** The form on screen; null until the report is loaded. */
  form: ReportForm | null;
  /** The server's copy as last loaded or saved: what 'Annulla modifiche' goes back to. */
  baseline: ReportForm | null;
  confirmed: boolean;
  revision: number;
  /** A 409 of a submit or save: someone else changed or closed the report. */
  conflict: string | null;
  /** The server's per-field refusals of the last submit or save. */
  serverFields: Record<string, string>;
  /** A failed submit or explicit save. */
  saveNotice: string | null;
  busy: boolean;
}

export const INITIAL_EDITOR: ReportEditorState = { form: null, baseline: null, confirmed: false, revision: -1, conflict: null, serverFields: {}, saveNotice: null, busy: false };

export type ReportEditorEvent =
  /** The report arrived: `form` is what to show (maybe a local copy), `baseline` the server's. */
  | { type: 'loaded'; form: ReportForm; baseline: ReportForm; confirmed: boolean; revision: number }
  | { type: 'edited'; form: ReportForm }
  | { type: 'busy'; busy: boolean }
  | { type: 'failed'; failure: Failure; retryText: string }
  /** The operator's submit went through. */
  | { type: 'submitted' }
  /** The improvement role's 'Salva Report' went through with `form`. */
  | { type: 'saved'; form: ReportForm; revision: number }
  /** The save waits for the password; the edit stays. */
  | { type: 'sessionExpired' }
  /** 'Annulla modifiche': the server's copy again, refusals and notices gone. */
  | { type: 'cancelled' };

export function reportEditorReducer(state: ReportEditorState, event: ReportEditorEvent): ReportEditorState {
  switch (event.type) {
    case 'loaded':
      return { ...state, form: event.form, baseline: event.baseline, confirmed: event.confirmed, revision: event.revision };
    case 'edited':
      return { ...state, form: event.form, serverFields: {}, saveNotice: null };
    case 'busy':
      return { ...state, busy: event.busy };
    case 'failed': {
      const { failure } = event;
      if (failure.kind === 'conflict') return { ...state, conflict: failure.message };
      if (failure.kind === 'refused') return { ...state, serverFields: fieldMessages(failure.fields) };
      if (failure.kind === 'retry') return { ...state, saveNotice: event.retryText };
      return state;
    }
    case 'submitted':
      return { ...state, confirmed: true, saveNotice: null };
    case 'saved':
      return { ...state, revision: event.revision, confirmed: true, baseline: event.form, saveNotice: null };
    case 'sessionExpired':
      return { ...state, saveNotice: SESSION_NOTICE };
    case 'cancelled':
      return { ...state, form: state.baseline, serverFields: {}, saveNotice: null };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** The 3-second message of a failed call: the retry text when it will be tried again, else the server's. */
export function failureFlash(failure: Failure, retryText: string): string {
  return failure.kind === 'retry' ? retryText : failure.message;
}

const SERVER_FIELD: Record<string, FigureField> = { production_volume: 'volume', waste: 'waste', working_time: 'hours' };

/** Where the screen stands besides the state. */
export interface ReportEditorContext {
  operator: boolean;
  reportKey: ReportKey;
  labels: readonly string[];
  shiftHours: number | null;
  today: string;
  editing: boolean;
  /** The operator's autosave status (idle for the improvement role). */
  status: SaveStatus;
}

/** What the screen shows for a loaded report. */
export interface ReportEditorView {
  built: BuiltContent;
  figureErrors: FigureErrors;
  refusedFields: Record<string, string>;
  conflictMessage: string | null;
  futureDay: boolean;
  readOnly: boolean;
  stopsEditable: boolean;
  complete: boolean;
  /** Which notice stands above the report, if any. */
  notice: 'futureDay' | 'lockedOperator' | 'notConfirmed' | null;
  /** The support page is read-only until 'Modifica Report o Stop' (§2.4): adding a stop is an edit. No stop lies in a future day. */
  showAddStops: boolean;
  /** The operator's send button is live: a draft of today or a past day, not in conflict (issue 22: else it looks disabled). */
  canSubmit: boolean;
}

export function reportEditorView(state: ReportEditorState & { form: ReportForm }, ctx: ReportEditorContext): ReportEditorView {
  const { operator, reportKey, status, editing } = ctx;
  const built = buildContent(state.form, ctx.labels, ctx.shiftHours);
  const figureErrors: FigureErrors = built.ok ? {} : { ...built.errors };
  const refusedFields = status.kind === 'refused' ? status.fields : state.serverFields;
  for (const [name, message] of Object.entries(refusedFields)) {
    const field = SERVER_FIELD[name];
    if (field && !figureErrors[field]) figureErrors[field] = message;
  }
  const conflictMessage = state.conflict ?? (status.kind === 'conflict' ? status.message : null);
  const futureDay = reportKey.day > ctx.today;
  const { confirmed } = state;
  return {
    built,
    figureErrors,
    refusedFields,
    conflictMessage,
    futureDay,
    readOnly: (operator ? confirmed : !editing) || futureDay || conflictMessage !== null,
    stopsEditable: operator ? !confirmed && conflictMessage === null : editing,
    complete: isReportComplete(reportKey, state.form),
    notice: futureDay ? 'futureDay' : operator && confirmed ? 'lockedOperator' : !operator && !confirmed && !editing ? 'notConfirmed' : null,
    showAddStops: (operator ? !confirmed : editing) && !futureDay,
    canSubmit: operator && !confirmed && !futureDay && conflictMessage === null,
  };
}

/** What the report's action bar shows of it, the same for both roles (the bar's other props are the page's own). */
export function actionBarFacts(view: ReportEditorView, state: ReportEditorState) {
  return {
    invalid: !view.built.ok && !view.readOnly,
    conflict: view.conflictMessage,
    saveNotice: state.saveNotice,
    confirmed: state.confirmed,
    complete: view.complete,
    busy: state.busy,
    futureDay: view.futureDay,
    canSubmit: view.canSubmit,
  };
}
