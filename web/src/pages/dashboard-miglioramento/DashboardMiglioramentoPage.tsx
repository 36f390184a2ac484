import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Operational summary for support staff (/dashboard-miglioramento); a placeholder until its own issue builds the screen. */
export function DashboardMiglioramentoPage() {
  return <PlaceholderPage path="/dashboard-miglioramento" />;
}
