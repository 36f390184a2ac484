/**
 * The three assistants per language, as the landing pages /assistente and /assistant offer them
 * (foundations §2): their route, and a line saying what each does (ours; the spec shows no
 * landing page). The titles are the sidebar's link labels (app/routes.ts).
 */
import type { Lang } from './engine.js';

/** One assistant on the landing page. */
export interface AssistantEntry {
  path: string;
  summary: string;
}

/** The landing page's intro and its three entries. */
export const ASSISTANT_CATALOG: Readonly<Record<Lang, { intro: string; open: string; entries: readonly AssistantEntry[] }>> = {
  it: {
    intro: 'Tre chat guidate per il lavoro in linea. Scegli un assistente: ti fa una domanda alla volta, tu rispondi toccando un suggerimento o scrivendo.',
    open: 'Apri',
    entries: [
      { path: '/assistenteCIL', summary: 'Pulizia, ispezione e lubrificazione: le attività CIL di un punto di lavoro, per frequenza, con DPI e attrezzi.' },
      { path: '/assistenteCL', summary: 'Centerline: i settaggi standard di un punto di lavoro, con misura, stato e immagine.' },
      { path: '/assistenteLoss', summary: 'Investigazione di uno stop: pulizia, settaggi standard, componenti e manutenzione, un passo alla volta.' },
    ],
  },
  en: {
    intro: 'Three guided chats for work on the line. Pick an assistant: it asks one question at a time, and you answer by tapping a suggestion or typing.',
    open: 'Open',
    entries: [
      { path: '/assistantCIL', summary: 'Clean, inspect, lubricate: the CIL activities of a work point by frequency, with PPE and tools.' },
      { path: '/assistantCL', summary: 'Centerline: the standard settings of a work point, with measure, status and picture.' },
      { path: '/assistantLoss', summary: 'Investigate a stop: cleaning, standard settings, components and maintenance, one step at a time.' },
    ],
  },
};
