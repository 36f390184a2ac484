/**
 * What the assistants say, in Italian and English. The four messages of §8 are the spec's
 * (English equivalents ours); questions, greetings and card labels are ours.
 */
import type { Lang } from '../engine.js';
import type { MachineStatus } from '../demo/types.js';

/** Texts every assistant uses. */
export interface CommonTexts {
  askLine: string;
  askEquipment(line: string): string;
  askWorkpoint(equipment: string): string;
  /** Typed text that names no chip, where the spec names no message. */
  unknown: string;
  empty: string;
  yes: string;
  no: string;
  /** The 'Tutte' / 'All' chip. */
  all: string;
  description: string;
  lineLog: string;
}

/** Texts of the CIL assistant (§4.5). */
export interface CilTexts {
  intro: string;
  askFrequency: string;
  askActivity: string;
  noneFound: string;
  retry: string;
  details: string;
  another: string;
  labels: { component: string; ppe: string; tools: string; frequency: string; machineStatus: string };
  status: Readonly<Record<MachineStatus, string>>;
}

/** Texts of the centerline assistant (§4.6). */
export interface CenterlineTexts {
  intro: string;
  askType: string;
  askSetting: string;
  noneFound: string;
  retry: string;
  details: string;
  another: string;
  labels: { measure: string; standard: string; type: string };
  inStandard: string;
  inStandardNow(value: string): string;
  imageAlt(name: string): string;
}

export const COMMON: Readonly<Record<Lang, CommonTexts>> = {
  it: {
    askLine: 'Su quale linea ti trovi?',
    askEquipment: (line) => `Quale macchina della ${line}?`,
    askWorkpoint: (equipment) => `Macchina: ${equipment}. Quale punto di lavoro vuoi controllare?`,
    unknown: "Voce non riconosciuta. Riprova o seleziona un'opzione.",
    empty: 'Scrivi una risposta prima di inviare.',
    yes: 'Sì',
    no: 'No',
    all: 'Tutte',
    description: 'Descrizione',
    lineLog: 'Torna al Registro di Linea',
  },
  en: {
    askLine: 'Which line are you on?',
    askEquipment: (line) => `Which machine of ${line}?`,
    askWorkpoint: (equipment) => `Machine: ${equipment}. Which work point do you want to check?`,
    unknown: 'Not recognised. Try again or pick an option.',
    empty: 'Type an answer before sending.',
    yes: 'Yes',
    no: 'No',
    all: 'All',
    description: 'Description',
    lineLog: 'Back to the line log',
  },
};

export const CIL_TEXTS: Readonly<Record<Lang, CilTexts>> = {
  it: {
    intro: "Ciao! Sono l'assistente CIL: ti mostro le attività di pulizia, ispezione e lubrificazione di ogni punto di lavoro.",
    askFrequency: 'Con quale frequenza? Scegli Tutte per vedere ogni attività.',
    askActivity: 'Quale attività vuoi vedere?',
    noneFound: 'Nessuna attività CIL trovata per questa frequenza.',
    retry: 'Attività non trovata. Riprova.',
    details: "Ecco l'attività:",
    another: "Vuoi controllare un'altra attività?",
    labels: { component: 'Componente', ppe: 'DPI', tools: 'Attrezzi', frequency: 'Frequenza', machineStatus: 'Stato macchina' },
    status: { stopped: 'Macchina ferma', off: 'Macchina spenta', running: 'Macchina in marcia' },
  },
  en: {
    intro: "Hi! I'm the CIL assistant: I'll show you the cleaning, inspection and lubrication tasks of each work point.",
    askFrequency: 'Which frequency? Pick All to see every activity.',
    askActivity: 'Which activity do you want to see?',
    noneFound: 'No CIL activity found for this frequency.',
    retry: 'Activity not found. Try again.',
    details: 'Here is the activity:',
    another: 'Do you want to check another activity?',
    labels: { component: 'Component', ppe: 'PPE', tools: 'Tools', frequency: 'Frequency', machineStatus: 'Machine status' },
    status: { stopped: 'Machine stopped', off: 'Machine turned off', running: 'Machine running' },
  },
};

export const CENTERLINE_TEXTS: Readonly<Record<Lang, CenterlineTexts>> = {
  it: {
    intro: "Ciao! Sono l'assistente Centerline: ti aiuto a verificare i settaggi standard della macchina.",
    askType: 'Quale tipo di settaggio? Scegli Tutte per vederli tutti.',
    askSetting: 'Quale settaggio vuoi controllare?',
    noneFound: 'Nessun settaggio trovato per questo tipo.',
    retry: 'Settaggio non trovato. Riprova.',
    details: 'Ecco il settaggio:',
    another: 'Vuoi controllare un altro settaggio?',
    labels: { measure: 'Misura', standard: 'Standard', type: 'Tipo' },
    inStandard: 'in standard',
    inStandardNow: (value) => `in standard, valore attuale ${value}`,
    imageAlt: (name) => `Immagine del settaggio: ${name}`,
  },
  en: {
    intro: "Hi! I'm the Centerline assistant: I'll help you check the machine's standard settings.",
    askType: 'Which type of setting? Pick All to see them all.',
    askSetting: 'Which setting do you want to check?',
    noneFound: 'No setting found for this type.',
    retry: 'Setting not found. Try again.',
    details: 'Here is the setting:',
    another: 'Do you want to check another setting?',
    labels: { measure: 'Measure', standard: 'Standard', type: 'Type' },
    inStandard: 'in standard',
    inStandardNow: (value) => `in standard, current value ${value}`,
    imageAlt: (name) => `Picture of the setting: ${name}`,
  },
};
