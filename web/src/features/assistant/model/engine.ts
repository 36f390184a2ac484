/**
 * The one chat engine of the three assistants (line log §2.7, §4.5–§4.8): a script is data — steps
 * that ask, offer chips and decide what an answer does — and this pure reducer plays any script,
 * so CIL, centerline and loss investigation, in Italian and English, share every rule:
 *
 * - an answer is a chip, or typed text matched against the chips ignoring case and accents;
 * - the bot replies after 600 ms of typing dots (the page flushes `pending` after REPLY_DELAY_MS);
 * - Back returns to the previous step: its accepted answer and everything after it go — the last
 *   two messages (answer and question), plus any refused attempt at the open step — disabled at
 *   the first step and while the bot types;
 * - the typed text holds at most 250 characters.
 */
import type { ChatCard } from '../../../components/chat/ChatTranscript.js';
import { matchOption } from '../../../lib/optionMatch.js';
import { charCount } from '../../../lib/text.js';

/** §9: the assistants' reply delay. */
export const REPLY_DELAY_MS = 600;
/** §9: the chat text input's limit. */
export const TEXT_LIMIT = 250;

export type Lang = 'it' | 'en';

/** A suggestion chip: `key` identifies it within the step, `label` is what it reads (and what typed text is matched with). */
export interface Chip {
  key: string;
  label: string;
}

/** What the bot says when a step opens: a text, optionally a card and a last line after it. */
export interface BotLine {
  text: string;
  card?: ChatCard;
  followUp?: string;
}

/** What an answer does. */
export type Outcome<C> =
  /** Moves on to `step` (which asks its question) with the new context. */
  | { type: 'next'; step: string; ctx: C }
  /** Stays at the step: the bot answers `reply` (none found, retry). */
  | { type: 'stay'; reply: string }
  /** Leaves the chat for another page. */
  | { type: 'leave'; to: string }
  /** Starts the script again from its opening. */
  | { type: 'restart' };

/** One scripted step. */
export interface ScriptStep<C> {
  ask(ctx: C): BotLine;
  chips(ctx: C): Chip[];
  /** The chip the answer named, or null when typed text matched none (the raw text is passed too). */
  answer(ctx: C, chip: Chip | null, text: string): Outcome<C>;
}

/** A whole assistant in one language. */
export interface Script<C> {
  lang: Lang;
  steps: Readonly<Record<string, ScriptStep<C>>>;
  /** The opening: a greeting, the first step and its context, and chip labels answered at once (the prefill). */
  start: { intro?: string; step: string; ctx: C; preset?: readonly string[] };
  /** The hint under the box when an empty text is sent. */
  emptyText: string;
}

/** One bubble; fits the shared ChatTranscript. */
export interface AssistantMessage {
  id: number;
  from: 'bot' | 'user';
  /** intro: greeting; question: a step's question; answer: accepted; attempt: not moving on; reply: other bot text. */
  role: 'intro' | 'question' | 'answer' | 'attempt' | 'reply';
  step: string;
  text: string;
  tone?: 'error';
  card?: ChatCard;
  followUp?: string;
}

/** A step passed on the way here: where Back returns to. */
interface Visited<C> {
  step: string;
  ctx: C;
  /** The messages before that step's accepted answer: Back keeps these. */
  cut: number;
}

/** Everything an assistant shows and knows. */
export interface AssistantState<C> {
  step: string;
  ctx: C;
  messages: AssistantMessage[];
  /** Bot messages still being "typed". */
  pending: AssistantMessage[];
  history: Visited<C>[];
  inputError: string | null;
  /** Set when an answer leaves the chat: the page navigates there. */
  leaveTo: string | null;
  nextId: number;
}

/** What the page can ask. */
export type AssistantAction = { type: 'choose'; key: string } | { type: 'send'; text: string } | { type: 'flush' } | { type: 'back' };

type NewMessage = Omit<AssistantMessage, 'id'>;

function stepOf<C>(script: Script<C>, id: string): ScriptStep<C> {
  const step = script.steps[id];
  if (!step) throw new Error(`Assistant script has no step "${id}"`);
  return step;
}

function append<C>(state: AssistantState<C>, list: 'messages' | 'pending', items: NewMessage[]): AssistantState<C> {
  const added = items.map((m, i) => ({ ...m, id: state.nextId + i }));
  return { ...state, [list]: [...state[list], ...added], nextId: state.nextId + items.length };
}

function question<C>(script: Script<C>, step: string, ctx: C): NewMessage {
  return { from: 'bot', role: 'question', step, ...stepOf(script, step).ask(ctx) };
}

/** Opens `step`: its question goes to `list` (at once, or typed). */
function open<C>(script: Script<C>, state: AssistantState<C>, step: string, ctx: C, list: 'messages' | 'pending'): AssistantState<C> {
  return append({ ...state, step, ctx }, list, [question(script, step, ctx)]);
}

/** True while the bot types or the chat is being left: the user waits. */
export function isBusy<C>(state: AssistantState<C>): boolean {
  return state.pending.length > 0 || state.leaveTo !== null;
}

/** Back is possible after the first step, when the bot is not typing. */
export function canGoBack<C>(state: AssistantState<C>): boolean {
  return !isBusy(state) && state.history.length > 0;
}

/** The open step's chips. */
export function currentChips<C>(script: Script<C>, state: AssistantState<C>): Chip[] {
  return stepOf(script, state.step).chips(state.ctx);
}

/** Applies an answer: the chosen chip (or null) and the text the user's bubble shows. */
function answer<C>(script: Script<C>, state: AssistantState<C>, chip: Chip | null, text: string, list: 'messages' | 'pending'): AssistantState<C> {
  const outcome = stepOf(script, state.step).answer(state.ctx, chip, text);
  const shown = chip?.label ?? text;
  const user = (role: 'answer' | 'attempt'): NewMessage => ({ from: 'user', role, step: state.step, text: shown });
  const base = { ...state, inputError: null };
  switch (outcome.type) {
    case 'next': {
      const answered = append(base, 'messages', [user('answer')]);
      const history = [...state.history, { step: state.step, ctx: state.ctx, cut: state.messages.length }];
      return open(script, { ...answered, history }, outcome.step, outcome.ctx, list);
    }
    case 'stay': {
      const tried = append(base, 'messages', [user('attempt')]);
      return append(tried, list, [{ from: 'bot', role: 'reply', step: state.step, text: outcome.reply, tone: 'error' }]);
    }
    case 'leave':
      return { ...append(base, 'messages', [user('answer')]), leaveTo: outcome.to };
    case 'restart':
      return startAssistant(script);
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

/**
 * The opening transcript: the greeting and the first question, then the preset answers given at
 * once (e.g. Line 1 and the Filler), so the chat opens at the step after them.
 */
export function startAssistant<C>(script: Script<C>): AssistantState<C> {
  const { intro, step, ctx, preset = [] } = script.start;
  const empty: AssistantState<C> = { step, ctx, messages: [], pending: [], history: [], inputError: null, leaveTo: null, nextId: 1 };
  const greeted = intro ? append(empty, 'messages', [{ from: 'bot', role: 'intro', step, text: intro }]) : empty;
  let state = open(script, greeted, step, ctx, 'messages');
  for (const label of preset) {
    const chip = currentChips(script, state).find((c) => c.label === label);
    if (!chip) throw new Error(`Assistant preset "${label}" is not a chip of step "${state.step}"`);
    state = answer(script, state, chip, label, 'messages');
  }
  return state;
}

function back<C>(state: AssistantState<C>): AssistantState<C> {
  const prev = state.history[state.history.length - 1];
  if (!canGoBack(state) || !prev) return state;
  return { ...state, step: prev.step, ctx: prev.ctx, messages: state.messages.slice(0, prev.cut), history: state.history.slice(0, -1), inputError: null };
}

function send<C>(script: Script<C>, state: AssistantState<C>, raw: string): AssistantState<C> {
  if (charCount(raw) > TEXT_LIMIT) return state;
  const text = raw.trim().replace(/\s+/g, ' ');
  if (!text) return { ...state, inputError: script.emptyText };
  const locale = script.lang === 'it' ? 'it-IT' : 'en-GB';
  const chip = matchOption(
    text,
    currentChips(script, state).map((c) => ({ ...c, name: c.label })),
    { locale, ignoreAccents: true },
  );
  return answer(script, state, chip ? { key: chip.key, label: chip.label } : null, text, 'pending');
}

/** Builds the reducer of one script. User actions are ignored while the bot is busy. */
export function assistantReducer<C>(script: Script<C>) {
  return (state: AssistantState<C>, action: AssistantAction): AssistantState<C> => {
    const userMayAct = !isBusy(state);
    switch (action.type) {
      case 'choose': {
        const chip = userMayAct ? currentChips(script, state).find((c) => c.key === action.key) : undefined;
        return chip ? answer(script, state, chip, chip.label, 'pending') : state;
      }
      case 'send':
        return userMayAct ? send(script, state, action.text) : state;
      case 'flush':
        return state.pending.length > 0 ? { ...state, messages: [...state.messages, ...state.pending], pending: [] } : state;
      case 'back':
        return back(state);
      default: {
        const never: never = action;
        return never;
      }
    }
  };
}
