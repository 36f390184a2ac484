/**
 * The words of the chat furniture (screen-reader prefixes, the box, the typing dots, Back), so
 * the Italian stop chats and the English assistants share one set of components.
 */

/** Every text the shared chat components show or announce. */
export interface ChatLabels {
  /** Hidden prefix of a bot bubble for screen readers. */
  bot: string;
  /** Hidden prefix of the user's bubble. */
  you: string;
  /** Name of the message list. */
  log: string;
  /** Name of the typing dots. */
  typing: string;
  /** Name of the text box. */
  answer: string;
  send: string;
  /** The hint under the box on a tablet. */
  keysHelp: string;
  back: string;
}

/** Italian, the product's language (the stop chats and the Italian assistants). */
export const CHAT_LABELS_IT: ChatLabels = {
  bot: 'Bot: ',
  you: 'Tu: ',
  log: 'Conversazione',
  typing: 'Il bot sta scrivendo',
  answer: 'Risposta',
  send: 'Invia',
  keysHelp: 'Invio per inviare, Maiusc+Invio per andare a capo',
  back: 'Indietro',
};

/** English (the English assistants). */
export const CHAT_LABELS_EN: ChatLabels = {
  bot: 'Bot: ',
  you: 'You: ',
  log: 'Conversation',
  typing: 'The bot is typing',
  answer: 'Answer',
  send: 'Send',
  keysHelp: 'Enter to send, Shift+Enter for a new line',
  back: 'Back',
};
