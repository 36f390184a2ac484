/**
 * The loss-investigation assistant (line log §4.7): seven scripted messages about the stop code
 * 'Tappo disallineato' / 'Misaligned cap' on the Capper — the opening, then in turn the cleaning,
 * the standard settings, the camera component and the maintenance task, a wrap-up and the
 * goodbye. Every reply (a chip or any text) moves on one message; after the goodbye the choices
 * are 'Altra investigazione' / 'New investigation' (start again) or back to the line log.
 */
import type { Lang, Script } from '../engine.js';
import { chipsOf, LINE_LOG_PATH, pickStep } from './common.js';
import { COMMON } from './texts.js';

/** One scripted message and the replies it suggests. */
interface LossMessage {
  text: string;
  chips: readonly string[];
}

/** The script per language: the six messages that wait for a reply, the goodbye and the restart chip. */
export const LOSS_SCRIPT: Readonly<Record<Lang, { messages: readonly LossMessage[]; goodbye: string; restart: string }>> = {
  it: {
    messages: [
      {
        text: "Ciao! Investighiamo insieme lo stop della Capper sulla Linea 1 con codice 'Tappo disallineato'. Ti faccio alcune domande, una alla volta. Iniziamo?",
        chips: ['Iniziamo'],
      },
      {
        text: 'Partiamo dalla pulizia: il canale tappi e le pinze della testa di avvitamento sono puliti, senza polvere di plastica né frammenti di tappo?',
        chips: ['Sì, sono puliti', 'No, li pulisco ora'],
      },
      {
        text: "Ora i settaggi standard: l'altezza della testa è a 152 mm e la coppia di serraggio a 2,1 Nm, come da centerline?",
        chips: ['Sì, sono in standard', 'No, li riporto in standard'],
      },
      {
        text: 'Controlliamo un componente: la telecamera di controllo tappi ha la lente pulita e scarta i tappi storti?',
        chips: ['Sì, funziona', 'No, va controllata'],
      },
      {
        text: 'Infine la manutenzione: la sostituzione delle pinze di avvitamento, prevista ogni 2000 ore, è stata fatta?',
        chips: ['Sì, è stata fatta', 'No, è in ritardo', 'Non lo so'],
      },
      {
        text: "Riassumendo: pulizia, settaggi standard, telecamera e manutenzione sono i quattro punti da controllare a ogni 'Tappo disallineato'. Lo stop è risolto?",
        chips: ['Sì, è risolto', 'No, chiamo la manutenzione'],
      },
    ],
    goodbye: "Grazie, l'investigazione è conclusa. Ricordati di registrare lo stop e l'azione correttiva nel Registro di Linea. Buon lavoro!",
    restart: 'Altra investigazione',
  },
  en: {
    messages: [
      {
        text: "Hi! Let's investigate the Capper stop on Line 1 with stop code 'Misaligned cap' together. I'll ask you a few questions, one at a time. Shall we start?",
        chips: ["Let's start"],
      },
      {
        text: 'First the cleaning: are the cap chute and the capping head chucks clean, with no plastic dust or cap fragments?',
        chips: ['Yes, they are clean', "No, I'll clean them now"],
      },
      {
        text: 'Now the standard settings: is the head height at 152 mm and the capping torque at 2.1 Nm, as the centerline says?',
        chips: ['Yes, in standard', "No, I'll reset them"],
      },
      {
        text: 'Let us check a component: is the cap inspection camera lens clean, and does it reject crooked caps?',
        chips: ['Yes, it works', 'No, it needs checking'],
      },
      {
        text: 'Finally the maintenance: has the capping chuck replacement, due every 2000 hours, been done?',
        chips: ['Yes, it is done', 'No, it is overdue', "I don't know"],
      },
      {
        text: "To sum up: cleaning, standard settings, camera and maintenance are the four things to check for every 'Misaligned cap'. Is the stop solved?",
        chips: ['Yes, solved', "No, I'll call maintenance"],
      },
    ],
    goodbye: 'Thank you, the investigation is complete. Remember to record the stop and the corrective action in the line log. Have a good shift!',
    restart: 'New investigation',
  },
};

/** Which scripted message the chat is at. */
export interface LossContext {
  index: number;
}

/** Step ids: 'q0'…'q5' wait for a reply, 'end' offers the two choices. */
const stepId = (index: number) => `q${index}`;

/** The loss-investigation assistant in one language. */
export function lossScript(lang: Lang): Script<LossContext> {
  const s = LOSS_SCRIPT[lang];
  const c = COMMON[lang];
  const steps: Script<LossContext>['steps'] = Object.fromEntries(
    s.messages.map((m, index) => [
      stepId(index),
      {
        ask: () => ({ text: m.text }),
        chips: () => chipsOf(m.chips),
        answer: () =>
          index + 1 < s.messages.length ? { type: 'next', step: stepId(index + 1), ctx: { index: index + 1 } } : { type: 'next', step: 'end', ctx: { index: index + 1 } },
      },
    ]),
  );
  return {
    lang,
    emptyText: c.empty,
    start: { step: stepId(0), ctx: { index: 0 } },
    steps: {
      ...steps,
      end: pickStep<LossContext>(
        () => ({ text: s.goodbye }),
        () => [
          { key: 'restart', label: s.restart },
          { key: 'lineLog', label: c.lineLog },
        ],
        c.unknown,
        (_ctx, chip) => (chip.key === 'restart' ? { type: 'restart' } : { type: 'leave', to: LINE_LOG_PATH }),
      ),
    },
  };
}
