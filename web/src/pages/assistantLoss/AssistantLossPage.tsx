import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** English loss-investigation assistant (/assistantLoss); a placeholder until its own issue builds the screen. */
export function AssistantLossPage() {
  return <PlaceholderPage path="/assistantLoss" />;
}
