/**
 * Test support (unit tests only, never imported by the app): plays a script through the engine as a user would — tap a chip
 * by its label, type, go back — letting the bot's typing finish after each answer, and reads the
 * transcript back as 'bot: …' / 'you: …' lines.
 */
import { assistantReducer, canGoBack, currentChips, startAssistant, type AssistantAction, type AssistantState, type Script } from '../features/assistant/model/engine.js';

/** A script being played. */
export interface Driver<C> {
  state(): AssistantState<C>;
  /** Taps the chip reading `label` (throws when there is none), then lets the bot reply. */
  tap(label: string): Driver<C>;
  /** Types and sends, then lets the bot reply. */
  type(text: string): Driver<C>;
  back(): Driver<C>;
  /** Dispatches without letting the bot reply (to look at the typing state). */
  raw(action: AssistantAction): Driver<C>;
  chips(): string[];
  /** The transcript, one line per bubble: 'bot: text' (card title and follow-up appended), 'you: text', '~you: text' for an attempt. */
  lines(): string[];
  canBack(): boolean;
}

/** Starts `script` and returns its driver. */
export function play<C>(script: Script<C>): Driver<C> {
  const reduce = assistantReducer(script);
  let s = startAssistant(script);
  const flush = () => {
    s = reduce(s, { type: 'flush' });
  };
  const driver: Driver<C> = {
    state: () => s,
    tap(label) {
      const chip = currentChips(script, s).find((c) => c.label === label);
      if (!chip)
        throw new Error(
          `No chip "${label}" at step ${s.step}: ${currentChips(script, s)
            .map((c) => c.label)
            .join(' | ')}`,
        );
      s = reduce(s, { type: 'choose', key: chip.key });
      flush();
      return driver;
    },
    type(text) {
      s = reduce(s, { type: 'send', text });
      flush();
      return driver;
    },
    back() {
      s = reduce(s, { type: 'back' });
      return driver;
    },
    raw(action) {
      s = reduce(s, action);
      return driver;
    },
    chips: () => currentChips(script, s).map((c) => c.label),
    lines: () =>
      s.messages.map((m) => {
        const who = m.from === 'bot' ? 'bot' : m.role === 'attempt' ? '~you' : 'you';
        const extra = [m.card?.title, m.followUp]
          .filter(Boolean)
          .map((t) => ` | ${t}`)
          .join('');
        return `${who}: ${m.text}${extra}`;
      }),
    canBack: () => canGoBack(s),
  };
  return driver;
}
