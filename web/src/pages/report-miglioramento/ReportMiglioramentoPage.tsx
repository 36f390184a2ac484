import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Improvement-role line log (/report-miglioramento); a placeholder until its own issue builds the screen. */
export function ReportMiglioramentoPage() {
  return <PlaceholderPage path="/report-miglioramento" />;
}
