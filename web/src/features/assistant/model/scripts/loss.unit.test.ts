/**
 * The loss-investigation assistant (line log §4.7, §4.8) in both languages: seven scripted
 * messages, every reply (chip or any text) moves on one, then 'Altra investigazione' / 'New
 * investigation' starts again and the other choice leaves for the line log; Back at each step.
 */
import { play } from '../../../../test/assistantDriver.js';
import { lossScript } from './loss.js';

const CASES = [
  {
    lang: 'it' as const,
    first: "Ciao! Investighiamo insieme lo stop della Capper sulla Linea 1 con codice 'Tappo disallineato'. Ti faccio alcune domande, una alla volta. Iniziamo?",
    topics: ['pulizia', 'settaggi standard', 'telecamera', 'manutenzione'],
    goodbye: "Grazie, l'investigazione è conclusa. Ricordati di registrare lo stop e l'azione correttiva nel Registro di Linea. Buon lavoro!",
    end: ['Altra investigazione', 'Torna al Registro di Linea'],
    firstChip: 'Iniziamo',
  },
  {
    lang: 'en' as const,
    first: "Hi! Let's investigate the Capper stop on Line 1 with stop code 'Misaligned cap' together. I'll ask you a few questions, one at a time. Shall we start?",
    topics: ['cleaning', 'standard settings', 'camera', 'maintenance'],
    goodbye: 'Thank you, the investigation is complete. Remember to record the stop and the corrective action in the line log. Have a good shift!',
    end: ['New investigation', 'Back to the line log'],
    firstChip: "Let's start",
  },
];

describe.each(CASES)('loss-investigation assistant ($lang)', (t) => {
  const start = () => play(lossScript(t.lang));
  /** Six replies: the first chip, then any texts. */
  const finish = () => start().tap(t.firstChip).type('a').type('b').type('c').type('d').type('e');
  const botLines = (lines: string[]) => lines.filter((l) => l.startsWith('bot: '));

  it('opens with the first message about the misaligned cap, Back disabled', () => {
    const chat = start();
    expect(chat.lines()).toEqual([`bot: ${t.first}`]);
    expect(chat.chips()).toEqual([t.firstChip]);
    expect(chat.canBack()).toBe(false);
  });

  it('moves on one message per reply, whatever the answer, through the four checks in turn', () => {
    const chat = start();
    const replies = [t.firstChip, 'boh', 'qualsiasi cosa', '?', 'forse', 'ok'];
    replies.forEach((reply, i) => {
      if (i === 0) chat.tap(reply);
      else chat.type(reply);
      expect(botLines(chat.lines())).toHaveLength(i + 2);
    });
    const bots = botLines(chat.lines());
    expect(bots).toHaveLength(7);
    t.topics.forEach((topic, i) => expect(bots[i + 1]?.toLowerCase()).toContain(topic));
    expect(bots.at(-1)).toBe(`bot: ${t.goodbye}`);
    expect(chat.chips()).toEqual(t.end);
  });

  it('any chip answers too, e.g. the first suggestion of every message', () => {
    const chat = start();
    for (let i = 0; i < 6; i += 1) chat.tap(chat.chips()[0] ?? '');
    expect(chat.state().step).toBe('end');
  });

  it('starts a new investigation from the beginning', () => {
    const chat = finish().tap(t.end[0] ?? '');
    expect(chat.lines()).toEqual([`bot: ${t.first}`]);
    expect(chat.canBack()).toBe(false);
  });

  it('goes back to the line log', () => {
    expect(
      finish()
        .tap(t.end[1] ?? '')
        .state().leaveTo,
    ).toBe('/report-operatore');
    expect(
      finish()
        .type(t.end[1]?.toUpperCase() ?? '')
        .state().leaveTo,
    ).toBe('/report-operatore');
  });

  it('Back at each step removes the last two messages, down to the first message', () => {
    const chat = finish();
    let steps = 0;
    while (chat.canBack()) {
      const count = chat.lines().length;
      chat.back();
      expect(chat.lines()).toHaveLength(count - 2);
      steps += 1;
    }
    expect(steps).toBe(6);
    expect(chat.lines()).toEqual([`bot: ${t.first}`]);
  });

  it('Back is disabled while the bot types', () => {
    const chat = start().raw({ type: 'send', text: 'ok' });
    expect(chat.canBack()).toBe(false);
    expect(chat.state().pending).toHaveLength(1);
  });
});
