import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Planned-stop chatbot (/inserimento-pianificate-ai-operatore); a placeholder until its own issue builds the screen. */
export function InserimentoPianificateAiOperatorePage() {
  return <PlaceholderPage path="/inserimento-pianificate-ai-operatore" />;
}
