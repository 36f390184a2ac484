import { StopChatPage } from '../../features/stopChat/index.js';

/** Unplanned-stop chatbot (/inserimento-loss-ai-operatore, line log §2.2, §4.2). */
export function InserimentoLossAiOperatorePage() {
  return <StopChatPage kind="unplanned" />;
}
