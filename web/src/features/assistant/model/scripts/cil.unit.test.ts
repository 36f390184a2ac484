/**
 * The CIL assistant (line log §4.5, §4.8, §8) in both languages: prefilled at Line 1 and the
 * Filler, work points by equipment, the frequencies plus Tutte/All, 'none found' at step 3, the
 * retry at step 4, the details card, yes/no, and Back at every step. Expected texts are literal.
 */
import { play } from '../../../../test/assistantDriver.js';
import { cilScript } from './cil.js';

const CASES = [
  {
    lang: 'it' as const,
    lines: ['Linea 1', 'Linea 2', 'Linea 3'],
    intro: "Ciao! Sono l'assistente CIL: ti mostro le attività di pulizia, ispezione e lubrificazione di ogni punto di lavoro.",
    askLine: 'Su quale linea ti trovi?',
    askEquipment: (line: string) => `Quale macchina della ${line}?`,
    askWorkpoint: (eq: string) => `Macchina: ${eq}. Quale punto di lavoro vuoi controllare?`,
    askFrequency: 'Con quale frequenza? Scegli Tutte per vedere ogni attività.',
    askActivity: 'Quale attività vuoi vedere?',
    details: "Ecco l'attività:",
    another: "Vuoi controllare un'altra attività?",
    noneFound: 'Nessuna attività CIL trovata per questa frequenza.',
    retry: 'Attività non trovata. Riprova.',
    unknown: "Voce non riconosciuta. Riprova o seleziona un'opzione.",
    filler: 'Riempitrice',
    equipment: ['Riempitrice', 'Capper', 'Cartoner'],
    fillerWps: ['Valvole di riempimento', 'Serbatoio prodotto', 'Nastro di ingresso'],
    capperWps: ['Testa di avvitamento', 'Canale tappi'],
    frequencies: ['Giorno', 'Turno', 'Settimana', 'Tutte'],
    valves: 'Valvole di riempimento',
    valvesDaily: ['Pulizia ugelli', 'Ispezione guarnizioni valvole'],
    valvesAll: ['Pulizia ugelli', 'Ispezione guarnizioni valvole', 'Controllo perdite', 'Lubrificazione steli valvole'],
    conveyor: 'Nastro di ingresso',
    typedActivity: 'PULIZIA ugelli',
    card: [
      ['Descrizione', 'Pulire gli ugelli di riempimento con panno e detergente alimentare, togliendo i residui di prodotto.'],
      ['Componente', 'Ugelli di riempimento'],
      ['DPI', 'Guanti in nitrile, Occhiali di protezione'],
      ['Attrezzi', 'Panno in microfibra, Detergente alimentare'],
      ['Frequenza', 'Giorno'],
      ['Stato macchina', 'Macchina ferma'],
    ],
    weeklyLube: ['Lubrificazione steli valvole', 'Stato macchina', 'Macchina spenta'],
    runningCheck: ['Controllo perdite', 'Stato macchina', 'Macchina in marcia'],
    yes: 'Sì',
    typedYes: 'si',
    no: 'No',
  },
  {
    lang: 'en' as const,
    lines: ['Line 1', 'Line 2', 'Line 3'],
    intro: "Hi! I'm the CIL assistant: I'll show you the cleaning, inspection and lubrication tasks of each work point.",
    askLine: 'Which line are you on?',
    askEquipment: (line: string) => `Which machine of ${line}?`,
    askWorkpoint: (eq: string) => `Machine: ${eq}. Which work point do you want to check?`,
    askFrequency: 'Which frequency? Pick All to see every activity.',
    askActivity: 'Which activity do you want to see?',
    details: 'Here is the activity:',
    another: 'Do you want to check another activity?',
    noneFound: 'No CIL activity found for this frequency.',
    retry: 'Activity not found. Try again.',
    unknown: 'Not recognised. Try again or pick an option.',
    filler: 'Filler',
    equipment: ['Filler', 'Capper', 'Cartoner'],
    fillerWps: ['Filling valves', 'Product tank', 'Infeed conveyor'],
    capperWps: ['Capping head', 'Cap chute'],
    frequencies: ['Daily', 'Shift', 'Weekly', 'All'],
    valves: 'Filling valves',
    valvesDaily: ['Nozzle cleaning', 'Valve seal inspection'],
    valvesAll: ['Nozzle cleaning', 'Valve seal inspection', 'Leak check', 'Valve stem lubrication'],
    conveyor: 'Infeed conveyor',
    typedActivity: 'nozzle CLEANING',
    card: [
      ['Description', 'Clean the filling nozzles with a cloth and food-grade detergent, removing any product residue.'],
      ['Component', 'Filling nozzles'],
      ['PPE', 'Nitrile gloves, Safety glasses'],
      ['Tools', 'Microfibre cloth, Food-grade detergent'],
      ['Frequency', 'Daily'],
      ['Machine status', 'Machine stopped'],
    ],
    weeklyLube: ['Valve stem lubrication', 'Machine status', 'Machine turned off'],
    runningCheck: ['Leak check', 'Machine status', 'Machine running'],
    yes: 'Yes',
    typedYes: 'YES',
    no: 'No',
  },
];

describe.each(CASES)('CIL assistant ($lang)', (t) => {
  const [daily, , weekly, all] = t.frequencies as [string, string, string, string];
  const start = () => play(cilScript(t.lang));
  const toActivity = () => start().tap(t.valves).tap(daily);
  const toDetails = () => toActivity().tap(t.valvesDaily[0] ?? '');

  it('opens at the work point of Line 1 and the Filler, the line and machine answered', () => {
    const chat = start();
    expect(chat.lines()).toEqual([
      `bot: ${t.intro}`,
      `bot: ${t.askLine}`,
      `you: ${t.lines[0]}`,
      `bot: ${t.askEquipment(t.lines[0]!)}`,
      `you: ${t.filler}`,
      `bot: ${t.askWorkpoint(t.filler)}`,
    ]);
    expect(chat.state().step).toBe('workpoint');
    expect(chat.chips()).toEqual(t.fillerWps);
  });

  it('lists the work points of the chosen equipment (steps 0–2)', () => {
    const chat = start().back().back();
    expect(chat.chips()).toEqual(t.lines);
    chat.tap(t.lines[1]!);
    expect(chat.lines().at(-1)).toBe(`bot: ${t.askEquipment(t.lines[1]!)}`);
    expect(chat.chips()).toEqual(t.equipment);
    chat.tap('Capper');
    expect(chat.lines().at(-1)).toBe(`bot: ${t.askWorkpoint('Capper')}`);
    expect(chat.chips()).toEqual(t.capperWps);
  });

  it('offers the distinct frequencies plus Tutte/All (step 3)', () => {
    const chat = start().tap(t.valves);
    expect(chat.lines().at(-1)).toBe(`bot: ${t.askFrequency}`);
    expect(chat.chips()).toEqual(t.frequencies);
  });

  it('lists the activities of the work point at that frequency, or all of them (step 4)', () => {
    const chat = toActivity();
    expect(chat.lines().at(-1)).toBe(`bot: ${t.askActivity}`);
    expect(chat.chips()).toEqual(t.valvesDaily);
    expect(start().tap(t.valves).tap(all).chips()).toEqual(t.valvesAll);
  });

  it('stays at step 3 when no activity matches the frequency, then takes another', () => {
    const chat = start().tap(t.conveyor).tap(weekly);
    expect(chat.lines().slice(-2)).toEqual([`~you: ${weekly}`, `bot: ${t.noneFound}`]);
    expect(chat.state().step).toBe('frequency');
    expect(chat.chips()).toEqual(t.frequencies);
    chat.tap(daily);
    expect(chat.state().step).toBe('activity');
  });

  it('answers an unknown activity with the retry message at step 4, then takes a typed one', () => {
    const chat = toActivity().type('xyz');
    expect(chat.lines().slice(-2)).toEqual(['~you: xyz', `bot: ${t.retry}`]);
    expect(chat.state().step).toBe('activity');
    chat.type(t.typedActivity);
    expect(chat.state().step).toBe('another');
    expect(chat.lines().at(-2)).toBe(`you: ${t.valvesDaily[0]}`);
  });

  it('shows the details card and asks whether to check another (step 5)', () => {
    const last = toDetails().state().messages.at(-1);
    expect(last?.text).toBe(t.details);
    expect(last?.card?.title).toBe(t.valvesDaily[0]);
    expect(last?.card?.rows.map((r) => [r.label, r.value])).toEqual(t.card);
    expect(last?.followUp).toBe(t.another);
    expect(toDetails().chips()).toEqual([t.yes, t.no]);
  });

  it('reads every machine status', () => {
    for (const [name, label, value] of [t.weeklyLube, t.runningCheck] as Array<[string, string, string]>) {
      const rows = start().tap(t.valves).tap(all).tap(name).state().messages.at(-1)?.card?.rows ?? [];
      expect(rows.find((r) => r.label === label)?.value).toBe(value);
    }
  });

  it('yes returns to the work point of the same machine; typed yes works too', () => {
    const chat = toDetails().tap(t.yes);
    expect(chat.lines().at(-1)).toBe(`bot: ${t.askWorkpoint(t.filler)}`);
    expect(chat.chips()).toEqual(t.fillerWps);
    expect(toDetails().type(t.typedYes).state().step).toBe('workpoint');
  });

  it('no leaves for the line log', () => {
    const chat = toDetails().tap(t.no);
    expect(chat.state().leaveTo).toBe('/report-operatore');
    expect(chat.lines().at(-1)).toBe(`you: ${t.no}`);
  });

  it('answers text naming no work point with the generic retry', () => {
    expect(start().type('tetto').lines().slice(-2)).toEqual(['~you: tetto', `bot: ${t.unknown}`]);
  });

  it('Back steps back one step at a time, removing the last two messages, down to step 0', () => {
    const chat = toDetails();
    const steps: string[] = [chat.state().step];
    let count = chat.lines().length;
    while (chat.canBack()) {
      chat.back();
      expect(chat.lines()).toHaveLength(count - 2);
      count -= 2;
      steps.push(chat.state().step);
    }
    expect(steps).toEqual(['another', 'activity', 'frequency', 'workpoint', 'equipment', 'line']);
    expect(chat.lines()).toEqual([`bot: ${t.intro}`, `bot: ${t.askLine}`]);
  });

  it('Back from the work point after yes returns to the card', () => {
    const chat = toDetails().tap(t.yes).back();
    expect(chat.state().step).toBe('another');
    expect(chat.lines().at(-1)).toContain(t.another);
  });

  it('Back is disabled while the bot types', () => {
    const chat = start().raw({ type: 'choose', key: t.valves });
    expect(chat.canBack()).toBe(false);
    expect(chat.back().state().pending).toHaveLength(1);
  });
});
