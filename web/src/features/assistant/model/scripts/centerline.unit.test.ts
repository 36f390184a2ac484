/**
 * The centerline assistant (line log §4.6, §4.8, §8) in both languages: work point → type
 * (distinct types plus Tutte/All) → setting, 'name (type)' with All, 'none found', the retry,
 * the card with the standard text and the image, yes/no, and Back. Expected texts are literal.
 */
import { play } from '../../../../test/assistantDriver.js';
import { centerlineScript } from './centerline.js';

const CASES = [
  {
    lang: 'it' as const,
    intro: "Ciao! Sono l'assistente Centerline: ti aiuto a verificare i settaggi standard della macchina.",
    askWorkpoint: 'Macchina: Riempitrice. Quale punto di lavoro vuoi controllare?',
    askType: 'Quale tipo di settaggio? Scegli Tutte per vederli tutti.',
    askSetting: 'Quale settaggio vuoi controllare?',
    details: 'Ecco il settaggio:',
    another: 'Vuoi controllare un altro settaggio?',
    noneFound: 'Nessun settaggio trovato per questo tipo.',
    retry: 'Settaggio non trovato. Riprova.',
    fillerWps: ['Valvole di riempimento', 'Serbatoio prodotto', 'Nastro di ingresso'],
    types: ['Meccanica', 'Elettronica', 'Tutte'],
    valves: 'Valvole di riempimento',
    conveyor: 'Nastro di ingresso',
    valvesMechanical: ['Altezza ugelli'],
    valvesAll: ['Altezza ugelli (Meccanica)', 'Tempo apertura valvola (Elettronica)'],
    typedAll: 'tempo apertura',
    standardCard: [
      ['Descrizione', "Distanza tra la punta dell'ugello e il collo della bottiglia a inizio riempimento."],
      ['Misura', '35 mm'],
      ['Standard', 'in standard'],
      ['Tipo', 'Meccanica'],
    ],
    changedCard: [
      ['Descrizione', 'Tempo di apertura della valvola impostato sul pannello per il formato da 1 litro.'],
      ['Misura', '420 ms'],
      ['Standard', 'in standard, valore attuale 450 ms'],
      ['Tipo', 'Elettronica'],
    ],
    alt: 'Immagine del settaggio: Altezza ugelli',
    yes: 'Sì',
    no: 'No',
  },
  {
    lang: 'en' as const,
    intro: "Hi! I'm the Centerline assistant: I'll help you check the machine's standard settings.",
    askWorkpoint: 'Machine: Filler. Which work point do you want to check?',
    askType: 'Which type of setting? Pick All to see them all.',
    askSetting: 'Which setting do you want to check?',
    details: 'Here is the setting:',
    another: 'Do you want to check another setting?',
    noneFound: 'No setting found for this type.',
    retry: 'Setting not found. Try again.',
    fillerWps: ['Filling valves', 'Product tank', 'Infeed conveyor'],
    types: ['Mechanical', 'Electronic', 'All'],
    valves: 'Filling valves',
    conveyor: 'Infeed conveyor',
    valvesMechanical: ['Nozzle height'],
    valvesAll: ['Nozzle height (Mechanical)', 'Valve opening time (Electronic)'],
    typedAll: 'valve opening',
    standardCard: [
      ['Description', 'Distance between the nozzle tip and the bottle neck when filling starts.'],
      ['Measure', '35 mm'],
      ['Standard', 'in standard'],
      ['Type', 'Mechanical'],
    ],
    changedCard: [
      ['Description', 'Valve opening time set on the panel for the 1-litre format.'],
      ['Measure', '420 ms'],
      ['Standard', 'in standard, current value 450 ms'],
      ['Type', 'Electronic'],
    ],
    alt: 'Picture of the setting: Nozzle height',
    yes: 'Yes',
    no: 'No',
  },
];

describe.each(CASES)('centerline assistant ($lang)', (t) => {
  const [mechanical, electronic, all] = t.types as [string, string, string];
  const start = () => play(centerlineScript(t.lang));
  const card = (chat: ReturnType<typeof start>) => chat.state().messages.at(-1)?.card;

  it('opens at the work point of Line 1 and the Filler', () => {
    const chat = start();
    expect(chat.lines()[0]).toBe(`bot: ${t.intro}`);
    expect(chat.lines().at(-1)).toBe(`bot: ${t.askWorkpoint}`);
    expect(chat.state().step).toBe('workpoint');
    expect(chat.chips()).toEqual(t.fillerWps);
  });

  it('asks the setting type: the distinct types plus Tutte/All', () => {
    const chat = start().tap(t.valves);
    expect(chat.lines().at(-1)).toBe(`bot: ${t.askType}`);
    expect(chat.chips()).toEqual(t.types);
  });

  it('lists the settings of that type by name, and with All as "name (type)"', () => {
    const chat = start().tap(t.valves).tap(mechanical);
    expect(chat.lines().at(-1)).toBe(`bot: ${t.askSetting}`);
    expect(chat.chips()).toEqual(t.valvesMechanical);
    expect(start().tap(t.valves).tap(all).chips()).toEqual(t.valvesAll);
  });

  it('stays at the type step when the work point has no setting of that type', () => {
    const chat = start().tap(t.conveyor).tap(electronic);
    expect(chat.lines().slice(-2)).toEqual([`~you: ${electronic}`, `bot: ${t.noneFound}`]);
    expect(chat.state().step).toBe('type');
    chat.tap(mechanical);
    expect(chat.state().step).toBe('setting');
  });

  it('answers an unknown setting with the retry message, then takes a typed name with All', () => {
    const chat = start().tap(t.valves).tap(all).type('xyz');
    expect(chat.lines().slice(-2)).toEqual(['~you: xyz', `bot: ${t.retry}`]);
    expect(chat.state().step).toBe('setting');
    chat.type(t.typedAll);
    expect(chat.lines().at(-2)).toBe(`you: ${t.valvesAll[1]}`);
    expect(card(chat)?.rows.map((r) => [r.label, r.value])).toEqual(t.changedCard);
  });

  it('shows title, description, measure, "in standard", type and the image of a setting at standard', () => {
    const chat = start()
      .tap(t.valves)
      .tap(mechanical)
      .tap(t.valvesMechanical[0] ?? '');
    const last = chat.state().messages.at(-1);
    expect(last?.text).toBe(t.details);
    expect(last?.card?.title).toBe(t.valvesMechanical[0]);
    expect(last?.card?.rows.map((r) => [r.label, r.value])).toEqual(t.standardCard);
    expect(last?.card?.image).toEqual({ src: '/assistant/cl-nozzle-height.svg', alt: t.alt });
    expect(last?.followUp).toBe(t.another);
    expect(chat.chips()).toEqual([t.yes, t.no]);
  });

  it('yes returns to the work point, no leaves for the line log', () => {
    const details = () =>
      start()
        .tap(t.valves)
        .tap(all)
        .tap(t.valvesAll[0] ?? '');
    const yes = details().tap(t.yes);
    expect(yes.lines().at(-1)).toBe(`bot: ${t.askWorkpoint}`);
    expect(yes.chips()).toEqual(t.fillerWps);
    expect(details().tap(t.no).state().leaveTo).toBe('/report-operatore');
  });

  it('Back steps back one step at a time, removing the last two messages, down to step 0', () => {
    const chat = start()
      .tap(t.valves)
      .tap(all)
      .tap(t.valvesAll[0] ?? '');
    const steps: string[] = [chat.state().step];
    while (chat.canBack()) {
      const count = chat.lines().length;
      chat.back();
      expect(chat.lines()).toHaveLength(count - 2);
      steps.push(chat.state().step);
    }
    expect(steps).toEqual(['another', 'setting', 'type', 'workpoint', 'equipment', 'line']);
  });

  it('Back after "none found" removes it and reopens the work point', () => {
    const chat = start().tap(t.conveyor).tap(electronic).back();
    expect(chat.state().step).toBe('workpoint');
    expect(chat.lines().at(-1)).toBe(`bot: ${t.askWorkpoint}`);
  });

  it('Back is disabled while the bot types', () => {
    const chat = start().raw({ type: 'choose', key: t.valves });
    expect(chat.canBack()).toBe(false);
  });
});
