import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** DBR action entry and list (/azioni-dbr-miglioramento); a placeholder until its own issue builds the screen. */
export function AzioniDbrMiglioramentoPage() {
  return <PlaceholderPage path="/azioni-dbr-miglioramento" />;
}
