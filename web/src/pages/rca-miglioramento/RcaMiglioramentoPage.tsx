import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Root Cause Tool (/rca-miglioramento); a placeholder until its own issue builds the screen. */
export function RcaMiglioramentoPage() {
  return <PlaceholderPage path="/rca-miglioramento" />;
}
