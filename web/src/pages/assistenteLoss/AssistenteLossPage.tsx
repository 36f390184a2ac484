import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Italian loss-investigation assistant (/assistenteLoss); a placeholder until its own issue builds the screen. */
export function AssistenteLossPage() {
  return <PlaceholderPage path="/assistenteLoss" />;
}
