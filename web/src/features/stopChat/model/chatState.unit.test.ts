import { canGoBack, chatReducer, currentChoice, isBusy, startChat, type ChatAction, type ChatState } from './chatState.js';

const LINE1 = { id: 1, name: 'Linea 1' };
const LINE2 = { id: 2, name: 'Linea 2' };
const FILLER = { id: 1, name: 'Filler' };
const CAPPER = { id: 2, name: 'Capper' };
const AREAS = [
  { id: 1, name: 'Alimentazione bottiglie' },
  { id: 2, name: 'Giostra di riempimento' },
  { id: 3, name: 'Uscita riempitrice' },
];
const CODES = [
  { id: 5, name: 'Livello di riempimento fuori tolleranza' },
  { id: 6, name: 'Perdita di prodotto' },
];
const EVENTS = [
  { id: 1, name: 'Cambio formato' },
  { id: 2, name: 'Cambio turno' },
  { id: 3, name: 'Avvio linea dopo fermo' },
];
const REASONS = [
  { id: 1, name: 'Cambio formato' },
  { id: 2, name: 'Pulizia programmata' },
];
const TIMES = { startDate: '2031-06-10', startTime: '08:10', endDate: '2031-06-10', endTime: '08:25' };

/** Applies actions in turn, letting the bot "type" (flush) after each. */
function run(state: ChatState, ...actions: ChatAction[]): ChatState {
  return actions.reduce((s, a) => chatReducer(chatReducer(s, a), { type: 'flush' }), state);
}

const loaded = (step: ChatState['step'], options: Array<{ id: number; name: string }>): ChatAction => ({ type: 'optionsLoaded', step, options });
const texts = (s: ChatState) => s.messages.map((m) => `${m.from}:${m.text}`);
const start = () => startChat('unplanned', { line: LINE1, equipment: FILLER });

/** Unplanned bot answered up to the times step. */
function toTimes(): ChatState {
  return run(
    start(),
    loaded('workpoint', AREAS),
    { type: 'choose', choice: AREAS[1]! },
    loaded('stopCode', CODES),
    { type: 'choose', choice: CODES[1]! },
    { type: 'send', text: 'Perdita dalla valvola 12' },
    loaded('triggeringEvent', EVENTS),
    { type: 'send', text: 'avvio linea dopo fermo' },
    { type: 'setActions', actions: { materialChange: false, cleaning: true, settingAdjustment: false, componentRestore: true } },
    { type: 'submitActions' },
    { type: 'send', text: 'Sostituita la guarnizione' },
  );
}

describe('given the default station (line and equipment)', () => {
  it('shows the pre-answered pairs and opens at the area step', () => {
    const s = start();
    expect(s.step).toBe('workpoint');
    expect(texts(s)).toEqual([
      'bot:Ciao! Ti guido nella registrazione di uno stop non pianificato.',
      'bot:Su quale linea?',
      'user:Linea 1',
      'bot:Su quale macchina?',
      'user:Filler',
      'bot:In quale area della macchina si è verificato lo stop?',
    ]);
    expect(isBusy(s)).toBe(false);
    expect(canGoBack(s)).toBe(true);
  });

  it('auto-selects the first area once the areas load (§4.4)', () => {
    const s = run(start(), loaded('workpoint', AREAS));
    expect(s.draft.workpoint).toEqual(AREAS[0]);
    expect(currentChoice(s)).toEqual(AREAS[0]);
    expect(s.options).toEqual(AREAS);
  });

  it('opens the planned bot at the reason step', () => {
    const s = startChat('planned', { line: LINE1, equipment: FILLER });
    expect(s.step).toBe('reason');
    expect(texts(s).at(-1)).toBe('bot:Qual è la causale dello stop pianificato?');
  });
});

describe('given a station without equipment or without line', () => {
  it('asks the equipment after the pre-answered line', () => {
    const s = startChat('planned', { line: LINE1, equipment: null });
    expect(s.step).toBe('equipment');
    expect(texts(s).slice(1)).toEqual(['bot:Su quale linea?', 'user:Linea 1', 'bot:Su quale macchina?']);
  });

  it('asks the line first and ignores an equipment without line', () => {
    const s = startChat('unplanned', { line: null, equipment: FILLER });
    expect(s.step).toBe('line');
    expect(s.draft.equipment).toBeNull();
    expect(canGoBack(s)).toBe(false);
  });
});

describe('answering a select step', () => {
  it('takes a clicked option, shows it as the user answer and queues the next question', () => {
    const s = chatReducer(chatReducer(start(), loaded('workpoint', AREAS)), { type: 'choose', choice: AREAS[2]! });
    expect(texts(s).at(-1)).toBe('user:Uscita riempitrice');
    expect(s.step).toBe('stopCode');
    expect(s.pending.map((m) => m.text)).toEqual(['Qual è il codice di stop?']);
    expect(isBusy(s)).toBe(true);
    expect(s.options).toBeNull();
    const shown = chatReducer(s, { type: 'flush' });
    expect(texts(shown).at(-1)).toBe('bot:Qual è il codice di stop?');
    expect(isBusy(shown)).toBe(false);
  });

  it('matches typed text case-insensitively', () => {
    const s = run(start(), loaded('workpoint', AREAS), { type: 'send', text: 'GIOSTRA DI RIEMPIMENTO' });
    expect(s.draft.workpoint).toEqual(AREAS[1]);
    expect(s.step).toBe('stopCode');
  });

  it("answers unknown text with 'Voce non riconosciuta...' and stays at the step", () => {
    const s = chatReducer(chatReducer(start(), loaded('workpoint', AREAS)), { type: 'send', text: 'asdfgh' });
    expect(texts(s).at(-1)).toBe('user:asdfgh');
    expect(s.messages.at(-1)?.role).toBe('attempt');
    expect(s.pending.map((m) => [m.text, m.tone])).toEqual([["Voce non riconosciuta. Riprova o seleziona un'opzione.", 'error']]);
    expect(s.step).toBe('workpoint');
    const after = chatReducer(s, { type: 'flush' });
    expect(after.options).toEqual(AREAS);
  });

  it('ignores answers before the options load, options of another list, and answers while the bot types', () => {
    const s0 = start();
    expect(chatReducer(s0, { type: 'send', text: 'Giostra' })).toBe(s0);
    const s1 = chatReducer(s0, loaded('workpoint', AREAS));
    expect(chatReducer(s1, { type: 'choose', choice: { id: 99, name: 'Altro' } })).toBe(s1);
    expect(chatReducer(s1, loaded('stopCode', CODES))).toBe(s1);
    const typing = chatReducer(s1, { type: 'choose', choice: AREAS[0]! });
    expect(chatReducer(typing, { type: 'send', text: 'Perdita di prodotto' })).toBe(typing);
    expect(chatReducer(typing, { type: 'back' })).toBe(typing);
  });

  it('says so when a list is empty', () => {
    const s = chatReducer(start(), loaded('workpoint', []));
    expect(s.messages.at(-1)).toMatchObject({ from: 'bot', tone: 'error' });
    expect(s.messages.at(-1)?.text).toContain('Indietro');
    expect(chatReducer(s, loaded('workpoint', [])).messages).toHaveLength(s.messages.length);
  });
});

describe('answering a text step', () => {
  const atFailureMode = () => run(start(), loaded('workpoint', AREAS), { type: 'choose', choice: AREAS[0]! }, loaded('stopCode', CODES), { type: 'choose', choice: CODES[0]! });

  it('refuses an empty text without a bot reply', () => {
    const s = chatReducer(atFailureMode(), { type: 'send', text: '  \n ' });
    expect(s.step).toBe('failureMode');
    expect(s.inputError).toBe('Scrivi una risposta prima di inviare.');
    expect(s.pending).toEqual([]);
  });

  it('keeps the text with its new lines and goes on', () => {
    const s = run(atFailureMode(), { type: 'send', text: 'Riga uno\nRiga due ' });
    expect(s.draft.failureMode).toBe('Riga uno\nRiga due ');
    expect(texts(s).slice(-2)).toEqual(['user:Riga uno\nRiga due', "bot:Qual è stato l'evento scatenante?"]);
  });

  it('refuses text over the limit (250; 1000 for the corrective action)', () => {
    const s = atFailureMode();
    expect(chatReducer(s, { type: 'send', text: 'x'.repeat(251) })).toBe(s);
    const atCorrective = run(s, { type: 'send', text: 'x'.repeat(250) }, loaded('triggeringEvent', EVENTS), { type: 'choose', choice: EVENTS[0]! }, { type: 'submitActions' });
    expect(atCorrective.step).toBe('correctiveAction');
    expect(run(atCorrective, { type: 'send', text: 'y'.repeat(1000) }).step).toBe('times');
    expect(chatReducer(atCorrective, { type: 'send', text: 'y'.repeat(1001) })).toBe(atCorrective);
  });

  it("accepts an empty planned note, shown as 'Nessuna nota'", () => {
    const s = run(startChat('planned', { line: LINE1, equipment: FILLER }), loaded('reason', REASONS), { type: 'send', text: 'pulizia' }, { type: 'send', text: '' });
    expect(s.step).toBe('times');
    expect(s.draft.reason).toEqual(REASONS[1]);
    expect(texts(s).slice(-2)).toEqual(['user:Nessuna nota', 'bot:Quando è iniziato e quando è finito lo stop?']);
  });
});

describe('actions, times and confirm', () => {
  it('records the ticked actions as one answer', () => {
    const s = toTimes();
    expect(s.draft.actions).toEqual({ materialChange: false, cleaning: true, settingAdjustment: false, componentRestore: true });
    expect(texts(s)).toContain('user:Pulizia, Ripristino componente');
    expect(s.step).toBe('times');
  });

  it("refuses an end not after the start with 'Controlla le date' and keeps what was typed", () => {
    const wrong = { ...TIMES, endTime: '08:00' };
    const s = chatReducer(toTimes(), { type: 'submitTimes', times: wrong });
    expect(s.step).toBe('times');
    expect(s.draft.times).toEqual(wrong);
    expect(s.pending.map((m) => m.text)).toEqual(['Controlla le date']);
  });

  it('shows the summary of every answer at the confirm step', () => {
    const s = run(toTimes(), { type: 'submitTimes', times: TIMES });
    expect(s.step).toBe('confirm');
    const q = s.messages.at(-1)!;
    expect(q.summary?.map((r) => r.value)).toEqual([
      'Linea 1',
      'Filler',
      'Giostra di riempimento',
      'Perdita di prodotto',
      'Perdita dalla valvola 12',
      'Avvio linea dopo fermo',
      'Pulizia, Ripristino componente',
      'Sostituita la guarnizione',
      '10/06/2031 08:10',
      '10/06/2031 08:25',
      '15 min',
    ]);
  });

  it('shows the success message and locks the chat after the stop is recorded', () => {
    const s = run(toTimes(), { type: 'submitTimes', times: TIMES }, { type: 'sendStarted' });
    expect(s.sending).toBe(true);
    expect(texts(s).at(-1)).toBe('user:Conferma');
    expect(chatReducer(s, { type: 'sendStarted' })).toBe(s);
    const done = chatReducer(s, { type: 'sendSucceeded' });
    expect(done.messages.at(-1)).toMatchObject({ text: 'Stop registrato correttamente.', tone: 'success' });
    expect(done.done).toBe(true);
    expect(canGoBack(done)).toBe(false);
  });

  it("shows the server's refusal and lets the user go back to fix the times, nothing lost", () => {
    const confirm = run(toTimes(), { type: 'submitTimes', times: TIMES });
    const refused = run(confirm, { type: 'sendStarted' }, { type: 'sendFailed', message: 'Lo stop si sovrappone a un altro stop della stessa macchina (08:10–08:25)' });
    expect(refused.messages.at(-1)).toMatchObject({ from: 'bot', tone: 'error' });
    expect(refused.sending).toBe(false);
    expect(canGoBack(refused)).toBe(true);
    const back = chatReducer(refused, { type: 'back' });
    expect(back.step).toBe('times');
    expect(texts(back).at(-1)).toBe('bot:Quando è iniziato e quando è finito lo stop?');
    expect(back.draft.times).toEqual(TIMES);
    expect(back.draft.failureMode).toBe('Perdita dalla valvola 12');
  });

  it('says the planned success text', () => {
    const s = run(
      startChat('planned', { line: LINE1, equipment: FILLER }),
      loaded('reason', REASONS),
      { type: 'choose', choice: REASONS[0]! },
      { type: 'send', text: 'Formato 0,5 L' },
      { type: 'submitTimes', times: TIMES },
      { type: 'sendStarted' },
      { type: 'sendSucceeded' },
    );
    expect(texts(s).at(-1)).toBe('bot:Stop pianificato registrato correttamente.');
  });
});

describe("'Indietro' (§4.4)", () => {
  it('removes the last question/answer pair and reopens the previous question', () => {
    const atStopCode = run(start(), loaded('workpoint', AREAS), { type: 'choose', choice: AREAS[1]! });
    const back = chatReducer(atStopCode, { type: 'back' });
    expect(back.step).toBe('workpoint');
    expect(texts(back)).toEqual(texts(start()));
    expect(back.draft.workpoint).toEqual(AREAS[1]);
    expect(back.options).toBeNull();
  });

  it('also removes refused attempts at the open step', () => {
    const s = run(start(), loaded('workpoint', AREAS), { type: 'choose', choice: AREAS[1]! }, loaded('stopCode', CODES), { type: 'send', text: 'boh' });
    expect(texts(chatReducer(s, { type: 'back' }))).toEqual(texts(start()));
  });

  it('reaches the pre-answered equipment and line, and stops at the first step', () => {
    const eq = chatReducer(start(), { type: 'back' });
    expect(eq.step).toBe('equipment');
    expect(texts(eq).at(-1)).toBe('bot:Su quale macchina?');
    const line = chatReducer(eq, { type: 'back' });
    expect(line.step).toBe('line');
    expect(texts(line)).toEqual(['bot:Ciao! Ti guido nella registrazione di uno stop non pianificato.', 'bot:Su quale linea?']);
    expect(chatReducer(line, { type: 'back' })).toBe(line);
  });

  it('a new equipment clears area and stop code, then the first area of the new one is auto-selected', () => {
    const answered = run(start(), loaded('workpoint', AREAS), { type: 'choose', choice: AREAS[1]! }, loaded('stopCode', CODES), { type: 'choose', choice: CODES[1]! });
    const atEquipment = [1, 2, 3].reduce((s) => chatReducer(s, { type: 'back' }), answered);
    expect(atEquipment.step).toBe('equipment');
    expect(atEquipment.draft.stopCode).toEqual(CODES[1]);
    const capperAreas = [
      { id: 4, name: 'Alimentazione tappi' },
      { id: 5, name: 'Testa di tappatura' },
    ];
    const s = run(atEquipment, loaded('equipment', [FILLER, CAPPER]), { type: 'send', text: 'capper' });
    expect(s.draft).toMatchObject({ equipment: CAPPER, workpoint: null, stopCode: null });
    expect(run(s, loaded('workpoint', capperAreas)).draft.workpoint).toEqual(capperAreas[0]);
  });

  it('the same equipment again keeps the area and stop code', () => {
    const answered = run(start(), loaded('workpoint', AREAS), { type: 'choose', choice: AREAS[1]! }, loaded('stopCode', CODES), { type: 'choose', choice: CODES[1]! });
    const atEquipment = [1, 2, 3].reduce((s) => chatReducer(s, { type: 'back' }), answered);
    const s = run(atEquipment, loaded('equipment', [FILLER, CAPPER]), { type: 'choose', choice: FILLER }, loaded('workpoint', AREAS));
    expect(s.draft).toMatchObject({ workpoint: AREAS[1], stopCode: CODES[1] });
  });

  it('a new line clears equipment, area and stop code', () => {
    const atLine = chatReducer(chatReducer(run(start(), loaded('workpoint', AREAS)), { type: 'back' }), { type: 'back' });
    const s = run(atLine, loaded('line', [LINE1, LINE2]), { type: 'choose', choice: LINE2 });
    expect(s.step).toBe('equipment');
    expect(s.draft).toMatchObject({ line: LINE2, equipment: null, workpoint: null, stopCode: null });
  });

  it('a new area clears the stop code', () => {
    const answered = run(start(), loaded('workpoint', AREAS), { type: 'choose', choice: AREAS[1]! }, loaded('stopCode', CODES), { type: 'choose', choice: CODES[1]! });
    const atArea = chatReducer(chatReducer(answered, { type: 'back' }), { type: 'back' });
    expect(atArea.step).toBe('workpoint');
    const s = run(atArea, loaded('workpoint', AREAS), { type: 'choose', choice: AREAS[2]! });
    expect(s.draft).toMatchObject({ workpoint: AREAS[2], stopCode: null });
  });
});
