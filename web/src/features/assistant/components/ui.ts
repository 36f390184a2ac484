/** The words of the assistant pages around the chat, per language (the chat's own are in components/chat/labels.ts). */
import { CHAT_LABELS_EN, CHAT_LABELS_IT, type ChatLabels } from '../../../components/chat/labels.js';
import type { Lang } from '../model/engine.js';

/** Page texts. */
export interface AssistantUi {
  chat: ChatLabels;
  options: string;
  placeholder: string;
  typing: string;
  leaving: string;
}

export const ASSISTANT_UI: Readonly<Record<Lang, AssistantUi>> = {
  it: {
    chat: CHAT_LABELS_IT,
    options: 'Opzioni',
    placeholder: "Scrivi o tocca un'opzione",
    typing: 'Il bot sta scrivendo…',
    leaving: 'Apertura del Registro di Linea…',
  },
  en: {
    chat: CHAT_LABELS_EN,
    options: 'Options',
    placeholder: 'Type or tap an option',
    typing: 'The bot is typing…',
    leaving: 'Opening the line log…',
  },
};
