/**
 * The two stop chatbots as data (line log §2.2, §2.3, §4.2–§4.4, §5, §9): the steps in the spec's
 * order, what kind of answer each takes, the bot's questions and the fixed texts. Both bots run on
 * the same state machine (chatState.ts); only this table tells them apart.
 */

/** The unplanned-stop bot (/inserimento-loss-ai-operatore) or the planned-stop bot (/inserimento-pianificate-ai-operatore). */
export type ChatKind = 'unplanned' | 'planned';

/** Every step of either bot. */
export type StepId = 'line' | 'equipment' | 'workpoint' | 'stopCode' | 'failureMode' | 'triggeringEvent' | 'actions' | 'correctiveAction' | 'reason' | 'note' | 'times' | 'confirm';

/** How a step is answered: a list choice, free text, the four checkboxes, the times form, or the final confirmation. */
export type StepType = 'select' | 'text' | 'actions' | 'times' | 'confirm';

/** The steps in the spec's order (§4.2 unplanned, §4.3 planned). */
export const STEPS: Readonly<Record<ChatKind, readonly StepId[]>> = {
  unplanned: ['line', 'equipment', 'workpoint', 'stopCode', 'failureMode', 'triggeringEvent', 'actions', 'correctiveAction', 'times', 'confirm'],
  planned: ['line', 'equipment', 'reason', 'note', 'times', 'confirm'],
};

/** The kind of answer of each step. */
export const STEP_TYPE: Readonly<Record<StepId, StepType>> = {
  line: 'select',
  equipment: 'select',
  workpoint: 'select',
  stopCode: 'select',
  failureMode: 'text',
  triggeringEvent: 'select',
  actions: 'actions',
  correctiveAction: 'text',
  reason: 'select',
  note: 'text',
  times: 'times',
  confirm: 'confirm',
};

/** Page titles (§2.2, §2.3). */
export const CHAT_TITLES: Readonly<Record<ChatKind, string>> = {
  unplanned: 'Chatbot inserimento stop non pianificati',
  planned: 'Chatbot inserimento stop pianificati',
};

/** The bot's first words, before the line question. */
export const INTRO: Readonly<Record<ChatKind, string>> = {
  unplanned: 'Ciao! Ti guido nella registrazione di uno stop non pianificato.',
  planned: 'Ciao! Ti guido nella registrazione di uno stop pianificato.',
};

const COMMON_QUESTIONS = {
  line: 'Su quale linea?',
  equipment: 'Su quale macchina?',
  times: 'Quando è iniziato e quando è finito lo stop?',
} as const;

/** The question the bot asks at each step. */
export const QUESTIONS: Readonly<Record<ChatKind, Partial<Record<StepId, string>>>> = {
  unplanned: {
    ...COMMON_QUESTIONS,
    workpoint: 'In quale area della macchina si è verificato lo stop?',
    stopCode: 'Qual è il codice di stop?',
    failureMode: 'Descrivi il modo di guasto: che cosa è successo?',
    triggeringEvent: "Qual è stato l'evento scatenante?",
    actions: 'Quali azioni sono state eseguite? Seleziona tutte quelle fatte.',
    correctiveAction: "Descrivi l'azione correttiva eseguita.",
    confirm: 'Ecco il riepilogo. Controlla i dati e conferma per registrare lo stop.',
  },
  planned: {
    ...COMMON_QUESTIONS,
    reason: 'Qual è la causale dello stop pianificato?',
    note: 'Vuoi aggiungere una nota? È facoltativa: invia senza scrivere nulla per nessuna nota.',
    confirm: 'Ecco il riepilogo. Controlla i dati e conferma per registrare lo stop pianificato.',
  },
};

/** Short names of the steps, used in the summary and the preselection hint. */
export const STEP_LABELS: Readonly<Record<StepId, string>> = {
  line: 'Linea',
  equipment: 'Macchina',
  workpoint: 'Area',
  stopCode: 'Codice di stop',
  failureMode: 'Modo di guasto',
  triggeringEvent: 'Evento scatenante',
  actions: 'Azioni',
  correctiveAction: 'Azione correttiva',
  reason: 'Causale',
  note: 'Nota',
  times: 'Orari',
  confirm: 'Conferma',
};

/** §5 and §8: a typed text that names no option. */
export const UNRECOGNIZED = "Voce non riconosciuta. Riprova o seleziona un'opzione.";
/** §5 and §8: the end is not strictly after the start (or a field is missing). */
export const CHECK_DATES = 'Controlla le date';
/** §7 and §8: the stop was created. */
export const SUCCESS: Readonly<Record<ChatKind, string>> = {
  unplanned: 'Stop registrato correttamente.',
  planned: 'Stop pianificato registrato correttamente.',
};
/** Ours: offline, the stop waits on the device and is sent when the network is back (docs/offline.md). */
export const QUEUED: Readonly<Record<ChatKind, string>> = {
  unplanned: 'Sei offline: lo stop è salvato sul dispositivo e sarà registrato appena torna la rete.',
  planned: 'Sei offline: lo stop pianificato è salvato sul dispositivo e sarà registrato appena torna la rete.',
};
/** Ours: an empty text where one is required (the spec only says it is refused). */
export const EMPTY_TEXT = 'Scrivi una risposta prima di inviare.';
/** Ours: a select step whose list is empty (an equipment without areas, an area without codes). */
export const NO_OPTIONS = "Non ci sono voci per questa scelta: torna indietro con 'Indietro' e cambia la risposta precedente.";
/** Ours: the answer shown for an empty planned note. */
export const NO_NOTE = 'Nessuna nota';
/** Ours: the answer shown when no action box is ticked. */
export const NO_ACTIONS = 'Nessuna azione';
/** Ours: the user's bubble when the confirm button is pressed. */
export const CONFIRM_ANSWER = 'Conferma';

/** §5, §9: 250 characters per answer, 1000 for the corrective action. */
export const DEFAULT_TEXT_LIMIT = 250;
export const CORRECTIVE_ACTION_LIMIT = 1000;

/** The character limit of the text box at a step (select steps share the default). */
export function textLimit(step: StepId): number {
  return step === 'correctiveAction' ? CORRECTIVE_ACTION_LIMIT : DEFAULT_TEXT_LIMIT;
}

/** Only the planned note may be sent empty (§5). */
export function allowsEmpty(step: StepId): boolean {
  return step === 'note';
}

/** §4.4, §9: the bot's reply delay in ms, a range per bot. */
export const BOT_DELAY_MS: Readonly<Record<ChatKind, { min: number; max: number }>> = {
  unplanned: { min: 500, max: 1000 },
  planned: { min: 300, max: 800 },
};

/** A delay drawn uniformly from the bot's range, both ends included; `random` returns [0, 1). */
export function botDelay(kind: ChatKind, random: () => number = Math.random): number {
  const { min, max } = BOT_DELAY_MS[kind];
  const r = Math.min(Math.max(random(), 0), 0.999999);
  return min + Math.floor(r * (max - min + 1));
}

/** The step after `step`, or null after the last. */
export function nextStep(kind: ChatKind, step: StepId): StepId | null {
  const steps = STEPS[kind];
  return steps[steps.indexOf(step) + 1] ?? null;
}

/** The step before `step`, or null at the first. */
export function previousStep(kind: ChatKind, step: StepId): StepId | null {
  const i = STEPS[kind].indexOf(step);
  return i > 0 ? (STEPS[kind][i - 1] ?? null) : null;
}

/** The bot's question at a step. */
export function questionFor(kind: ChatKind, step: StepId): string {
  return QUESTIONS[kind][step] ?? '';
}
