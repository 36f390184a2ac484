import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Unplanned-stop chatbot (/inserimento-loss-ai-operatore); a placeholder until its own issue builds the screen. */
export function InserimentoLossAiOperatorePage() {
  return <PlaceholderPage path="/inserimento-loss-ai-operatore" />;
}
