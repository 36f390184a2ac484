import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Landing page of the support section (/miglioramento); a placeholder until its own issue builds the screen. */
export function MiglioramentoPage() {
  return <PlaceholderPage path="/miglioramento" />;
}
