/**
 * The state machine both stop chatbots share (line log §4.2–§4.4, §5): one pure reducer, so the
 * rules are unit tested without a browser and the React side only adds timers and calls.
 *
 * The transcript is a list of messages, each tagged with its step. Answering appends the user's
 * bubble and queues the next question in `pending`; the page shows the typing dots while
 * something is pending and `flush`es it after the bot's delay. 'Indietro' (`back`) removes the last
 * question/answer pair: everything after the previous step's question goes, and that question is
 * open again, with its earlier answer kept in the draft to be confirmed or changed.
 */
import { actionsText, applyChoice, autoSelectWorkpoint, emptyDraft, isSelectStep, isTextStep, type Choice, type Draft, type StopActions, type TimesInput } from './draft.js';
import { matchOption } from '../../../lib/optionMatch.js';
import { summaryRows, type SummaryRow } from './payload.js';
import type { ShiftRef } from './shiftFit.js';
import {
  CHECK_DATES,
  CONFIRM_ANSWER,
  EMPTY_TEXT,
  INTRO,
  NO_NOTE,
  NO_OPTIONS,
  nextStep,
  previousStep,
  questionFor,
  STEPS,
  STEP_TYPE,
  SUCCESS,
  QUEUED,
  textLimit,
  UNRECOGNIZED,
  type ChatKind,
  type StepId,
} from './steps.js';
import { canSendText } from './textInput.js';
import { timesText, validateTimes } from './times.js';
import { charCount } from '../../../lib/text.js';

/** intro: the greeting; question: a step's question; answer: the accepted answer; attempt: a refused one; reply: any other bot message. */
export type MessageRole = 'intro' | 'question' | 'answer' | 'attempt' | 'reply';

/** One bubble of the chat. */
export interface ChatMessage {
  id: number;
  from: 'bot' | 'user';
  step: StepId;
  role: MessageRole;
  text: string;
  tone?: 'error' | 'success';
  /** The confirm step's question carries the summary of every answer. */
  summary?: SummaryRow[];
}

/** Everything a bot shows and knows. */
export interface ChatState {
  kind: ChatKind;
  /** The open step (its question is asked, or pending). */
  step: StepId;
  draft: Draft;
  messages: ChatMessage[];
  /** Bot messages still being "typed". */
  pending: ChatMessage[];
  /** The open select step's options, once loaded; typed text is matched against them. */
  options: Choice[] | null;
  /** A refusal shown under the text box (an empty text). */
  inputError: string | null;
  sending: boolean;
  /** The stop is recorded: only the redirect is left. */
  done: boolean;
  nextId: number;
}

/** What the bot starts from: the default station's line and equipment (§4.2, §4.3 "pre-answered"). */
export interface ChatStart {
  line: Choice | null;
  equipment: Choice | null;
  /** A detected stop being classified: its times (still editable) and id. */
  detected?: { id: number; times: TimesInput } | null;
}

/** Everything the page can ask of the state machine. */
export type ChatAction =
  | { type: 'optionsLoaded'; step: StepId; options: Choice[] }
  | { type: 'choose'; choice: Choice }
  | { type: 'send'; text: string }
  | { type: 'setActions'; actions: StopActions }
  | { type: 'submitActions' }
  | { type: 'editTimes'; times: TimesInput }
  | { type: 'editText'; step: StepId; text: string }
  | { type: 'submitTimes'; times: TimesInput; shift?: ShiftRef | null }
  | { type: 'flush' }
  | { type: 'back' }
  | { type: 'sendStarted' }
  | { type: 'sendSucceeded'; queued?: boolean }
  | { type: 'sendFailed'; message: string };

type NewMessage = Omit<ChatMessage, 'id'>;

function append(state: ChatState, list: 'messages' | 'pending', items: NewMessage[]): ChatState {
  const added = items.map((m, i) => ({ ...m, id: state.nextId + i }));
  return { ...state, [list]: [...state[list], ...added], nextId: state.nextId + items.length };
}

function question(kind: ChatKind, step: StepId, draft: Draft): NewMessage {
  const base: NewMessage = { from: 'bot', step, role: 'question', text: questionFor(kind, step) };
  return step === 'confirm' ? { ...base, summary: summaryRows(kind, draft) } : base;
}

/**
 * The opening transcript: the greeting, then the line and equipment questions already answered
 * from the station (the equipment only with its line), then the first open question at once.
 */
export function startChat(kind: ChatKind, start: ChatStart): ChatState {
  const draft: Draft = {
    ...emptyDraft(),
    line: start.line,
    equipment: start.line ? start.equipment : null,
    times: start.detected?.times ?? null,
    detectedStopId: start.detected?.id ?? null,
  };
  const items: NewMessage[] = [{ from: 'bot', step: 'line', role: 'intro', text: INTRO[kind] }];
  let step: StepId = 'line';
  for (const [s, choice] of [
    ['line', draft.line],
    ['equipment', draft.equipment],
  ] as const) {
    if (!choice || step !== s) break;
    items.push(question(kind, s, draft), { from: 'user', step: s, role: 'answer', text: choice.name });
    step = nextStep(kind, s) ?? s;
  }
  items.push(question(kind, step, draft));
  const state: ChatState = { kind, step, draft, messages: [], pending: [], options: null, inputError: null, sending: false, done: false, nextId: 1 };
  return append(state, 'messages', items);
}

/** True while the bot types, a stop is being sent or has been recorded: the user waits. */
export function isBusy(state: ChatState): boolean {
  return state.pending.length > 0 || state.sending || state.done;
}

/** 'Indietro' is possible after the first step, when the bot is not busy. */
export function canGoBack(state: ChatState): boolean {
  return !isBusy(state) && previousStep(state.kind, state.step) !== null;
}

/** The choice the open select step shows as current: the earlier answer, or the auto-selected area. */
export function currentChoice(state: ChatState): Choice | null {
  return isSelectStep(state.step) ? state.draft[state.step] : null;
}

function advance(state: ChatState, draft: Draft, answer: string): ChatState {
  const next = nextStep(state.kind, state.step);
  const answered = append({ ...state, draft, inputError: null }, 'messages', [{ from: 'user', step: state.step, role: 'answer', text: answer }]);
  if (!next) return answered;
  return append({ ...answered, step: next, options: null }, 'pending', [question(state.kind, next, draft)]);
}

function refuse(state: ChatState, attempt: string, reply: string, draft: Draft = state.draft): ChatState {
  const tried = append({ ...state, draft, inputError: null }, 'messages', [{ from: 'user', step: state.step, role: 'attempt', text: attempt }]);
  return append(tried, 'pending', [{ from: 'bot', step: state.step, role: 'reply', text: reply, tone: 'error' }]);
}

function choose(state: ChatState, choice: Choice): ChatState {
  const step = state.step;
  if (!isSelectStep(step) || !state.options?.some((o) => o.id === choice.id)) return state;
  return advance(state, applyChoice(state.draft, step, choice), choice.name);
}

function send(state: ChatState, raw: string): ChatState {
  const step = state.step;
  const text = raw.trim();
  if (isSelectStep(step)) {
    if (!state.options) return state;
    if (!text) return { ...state, inputError: EMPTY_TEXT };
    const match = matchOption(text, state.options);
    return match ? choose(state, match) : refuse(state, text, UNRECOGNIZED);
  }
  if (!isTextStep(step) || charCount(raw) > textLimit(step)) return state;
  if (!canSendText(raw, step)) return { ...state, inputError: EMPTY_TEXT };
  return advance(state, { ...state.draft, [step]: raw }, text || NO_NOTE);
}

function submitTimes(state: ChatState, times: TimesInput, shift: ShiftRef | null): ChatState {
  const draft = { ...state.draft, times, shift };
  return validateTimes(times).ok ? advance(state, draft, timesText(times)) : refuse(state, timesText(times), CHECK_DATES, draft);
}

function optionsLoaded(state: ChatState, step: StepId, options: Choice[]): ChatState {
  if (step !== state.step || !isSelectStep(step)) return state;
  const first = state.options === null;
  let next: ChatState = { ...state, options };
  if (step === 'workpoint' && state.kind === 'unplanned') next = { ...next, draft: autoSelectWorkpoint(next.draft, options) };
  if (first && options.length === 0) next = append(next, 'messages', [{ from: 'bot', step, role: 'reply', text: NO_OPTIONS, tone: 'error' }]);
  return next;
}

function back(state: ChatState): ChatState {
  const prev = previousStep(state.kind, state.step);
  if (!canGoBack(state) || !prev) return state;
  let cut = -1;
  state.messages.forEach((m, i) => {
    if (m.step === prev && m.role === 'question') cut = i;
  });
  if (cut < 0) return state;
  return { ...state, step: prev, messages: state.messages.slice(0, cut + 1), options: null, inputError: null };
}

/** The one reducer of both bots. User actions are ignored while the bot is busy or at the wrong step. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  const type = STEP_TYPE[state.step];
  const userMayAct = !isBusy(state);
  switch (action.type) {
    case 'optionsLoaded':
      return optionsLoaded(state, action.step, action.options);
    case 'choose':
      return userMayAct ? choose(state, action.choice) : state;
    case 'send':
      return userMayAct ? send(state, action.text) : state;
    case 'setActions':
      return { ...state, draft: { ...state.draft, actions: { ...action.actions } } };
    case 'submitActions':
      return userMayAct && type === 'actions' ? advance(state, state.draft, actionsText(state.draft.actions)) : state;
    case 'editTimes':
      return { ...state, draft: { ...state.draft, times: { ...action.times } } };
    case 'editText':
      return action.step === state.step && isTextStep(action.step) ? { ...state, draft: { ...state.draft, [action.step]: action.text } } : state;
    case 'submitTimes':
      return userMayAct && type === 'times' ? submitTimes(state, action.times, action.shift ?? null) : state;
    case 'flush':
      return state.pending.length > 0 ? { ...state, messages: [...state.messages, ...state.pending], pending: [] } : state;
    case 'back':
      return back(state);
    case 'sendStarted':
      if (!userMayAct || type !== 'confirm') return state;
      return append({ ...state, sending: true }, 'messages', [{ from: 'user', step: 'confirm', role: 'answer', text: CONFIRM_ANSWER }]);
    case 'sendSucceeded':
      if (!state.sending) return state;
      return append({ ...state, sending: false, done: true }, 'messages', [
        { from: 'bot', step: 'confirm', role: 'reply', text: action.queued ? QUEUED[state.kind] : SUCCESS[state.kind], tone: 'success' },
      ]);
    case 'sendFailed':
      if (!state.sending) return state;
      return append({ ...state, sending: false }, 'messages', [{ from: 'bot', step: 'confirm', role: 'reply', text: action.message, tone: 'error' }]);
    default: {
      const never: never = action;
      return never;
    }
  }
}

/** Every step of the bot, answered or not, for progress display. */
export function progress(state: ChatState): { current: number; total: number } {
  const steps = STEPS[state.kind];
  return { current: steps.indexOf(state.step) + 1, total: steps.length };
}
