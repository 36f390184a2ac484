/**
 * The assistants' engine (line log §4.5–§4.8) on a small script of its own: chips and typed text
 * (case and accents ignored), the 600 ms typing, staying with a message, leaving, restarting, and
 * Back (the last two messages, not at the first step, not while typing).
 */
import { assistantReducer, canGoBack, isBusy, REPLY_DELAY_MS, startAssistant, TEXT_LIMIT, type Script } from './engine.js';
import { play } from '../../../test/assistantDriver.js';

interface Ctx {
  colour: string | null;
}

const script: Script<Ctx> = {
  lang: 'it',
  emptyText: 'Scrivi una risposta prima di inviare.',
  start: { intro: 'Ciao!', step: 'colour', ctx: { colour: null } },
  steps: {
    colour: {
      ask: () => ({ text: 'Quale colore?' }),
      chips: () => [
        { key: 'red', label: 'Rosso' },
        { key: 'blue', label: 'Blu' },
        { key: 'green', label: 'Verde acqua' },
      ],
      answer: (ctx, chip) =>
        !chip
          ? { type: 'stay', reply: 'Colore non trovato. Riprova.' }
          : chip.key === 'green'
            ? { type: 'stay', reply: 'Verde esaurito.' }
            : { type: 'next', step: 'sure', ctx: { colour: chip.label } },
    },
    sure: {
      ask: (ctx) => ({ text: `Confermi ${ctx.colour}?`, card: { title: ctx.colour ?? '', rows: [{ label: 'Colore', value: ctx.colour ?? '' }] }, followUp: 'Sicuro?' }),
      chips: () => [
        { key: 'yes', label: 'Sì' },
        { key: 'again', label: 'Ricomincia' },
        { key: 'leave', label: 'Esci' },
      ],
      answer: (ctx, chip) =>
        chip?.key === 'yes'
          ? { type: 'next', step: 'colour', ctx: { colour: null } }
          : chip?.key === 'again'
            ? { type: 'restart' }
            : chip
              ? { type: 'leave', to: '/report-operatore' }
              : { type: 'next', step: 'colour', ctx },
    },
  },
};

describe('assistant engine', () => {
  it('waits 600 ms and allows 250 characters (§9)', () => {
    expect(REPLY_DELAY_MS).toBe(600);
    expect(TEXT_LIMIT).toBe(250);
  });

  it('opens with the greeting and the first question at once, Back disabled at step 0', () => {
    const chat = play(script);
    expect(chat.lines()).toEqual(['bot: Ciao!', 'bot: Quale colore?']);
    expect(chat.chips()).toEqual(['Rosso', 'Blu', 'Verde acqua']);
    expect(chat.canBack()).toBe(false);
  });

  it('shows the answer at once and the reply only after the typing (pending until flushed)', () => {
    const chat = play(script).raw({ type: 'choose', key: 'blue' });
    expect(chat.lines()).toEqual(['bot: Ciao!', 'bot: Quale colore?', 'you: Blu']);
    expect(chat.state().pending.map((m) => m.text)).toEqual(['Confermi Blu?']);
    expect(isBusy(chat.state())).toBe(true);
    chat.raw({ type: 'flush' });
    expect(chat.lines().at(-1)).toBe('bot: Confermi Blu? | Blu | Sicuro?');
    expect(isBusy(chat.state())).toBe(false);
  });

  it('ignores taps, typing and Back while the bot types', () => {
    const typing = play(script).raw({ type: 'choose', key: 'blue' });
    const before = typing.state();
    typing.raw({ type: 'choose', key: 'yes' }).raw({ type: 'send', text: 'Sì' }).raw({ type: 'back' });
    expect(typing.state()).toBe(before);
    expect(canGoBack(before)).toBe(false);
  });

  it('matches typed text ignoring case, accents and extra spaces, showing the chip label', () => {
    const chat = play(script).type('  BLU ').type('si');
    expect(chat.lines().slice(2)).toEqual(['you: Blu', 'bot: Confermi Blu? | Blu | Sicuro?', 'you: Sì', 'bot: Quale colore?']);
  });

  it('takes a typed start of exactly one label', () => {
    expect(play(script).type('verde').lines().slice(2)).toEqual(['~you: Verde acqua', 'bot: Verde esaurito.']);
  });

  it('stays at the step with the script reply for unknown text, as a dashed attempt', () => {
    const chat = play(script).type('giallo');
    expect(chat.lines().slice(2)).toEqual(['~you: giallo', 'bot: Colore non trovato. Riprova.']);
    expect(chat.state().step).toBe('colour');
    expect(chat.state().messages.at(-1)?.tone).toBe('error');
    expect(chat.canBack()).toBe(false);
  });

  it('passes free text on when the step takes any text', () => {
    const chat = play(script).tap('Rosso').type('forse');
    expect(chat.lines().slice(-2)).toEqual(['you: forse', 'bot: Quale colore?']);
  });

  it('refuses an empty text with the hint and no message; ignores text over 250 characters', () => {
    const chat = play(script).type('   ');
    expect(chat.state().inputError).toBe('Scrivi una risposta prima di inviare.');
    expect(chat.lines()).toHaveLength(2);
    chat.type('x'.repeat(251));
    expect(chat.lines()).toHaveLength(2);
    chat.tap('Blu');
    expect(chat.state().inputError).toBeNull();
  });

  it('Back removes the last two messages and reopens the previous step with its context', () => {
    const chat = play(script).tap('Blu');
    expect(chat.canBack()).toBe(true);
    chat.back();
    expect(chat.lines()).toEqual(['bot: Ciao!', 'bot: Quale colore?']);
    expect(chat.state().step).toBe('colour');
    expect(chat.canBack()).toBe(false);
  });

  it('Back after a refused answer also removes the refusal and returns to the previous step', () => {
    const chat = play(script).tap('Blu').tap('Sì').type('giallo');
    chat.back();
    expect(chat.lines().slice(2)).toEqual(['you: Blu', 'bot: Confermi Blu? | Blu | Sicuro?']);
    expect(chat.state().step).toBe('sure');
    expect(chat.state().ctx.colour).toBe('Blu');
  });

  it('Back keeps the refused attempts made before the answer it removes', () => {
    const chat = play(script).type('giallo').tap('Blu').back();
    expect(chat.lines()).toEqual(['bot: Ciao!', 'bot: Quale colore?', '~you: giallo', 'bot: Colore non trovato. Riprova.']);
  });

  it('leaves for the page an answer names, and restarts from the opening', () => {
    const left = play(script).tap('Rosso').tap('Esci');
    expect(left.state().leaveTo).toBe('/report-operatore');
    expect(left.canBack()).toBe(false);
    const again = play(script).tap('Rosso').tap('Ricomincia');
    expect(again.lines()).toEqual(['bot: Ciao!', 'bot: Quale colore?']);
    expect(again.canBack()).toBe(false);
  });

  it('answers preset chips at once when the script starts with them', () => {
    const preset = startAssistant({ ...script, start: { ...script.start, preset: ['Blu'] } });
    expect(preset.messages.map((m) => m.text)).toEqual(['Ciao!', 'Quale colore?', 'Blu', 'Confermi Blu?']);
    expect(preset.pending).toEqual([]);
    const back = assistantReducer(script)(preset, { type: 'back' });
    expect(back.messages.map((m) => m.text)).toEqual(['Ciao!', 'Quale colore?']);
  });

  it('refuses a preset that is not a chip', () => {
    expect(() => startAssistant({ ...script, start: { ...script.start, preset: ['Viola'] } })).toThrow('Viola');
  });
});
