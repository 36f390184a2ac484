import { StopChatPage } from '../../features/stopChat/index.js';

/** Planned-stop chatbot (/inserimento-pianificate-ai-operatore, line log §2.3, §4.3). */
export function InserimentoPianificateAiOperatorePage() {
  return <StopChatPage kind="planned" />;
}
