import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Landing page of the operator section (/operatore); a placeholder until its own issue builds the screen. */
export function OperatorePage() {
  return <PlaceholderPage path="/operatore" />;
}
