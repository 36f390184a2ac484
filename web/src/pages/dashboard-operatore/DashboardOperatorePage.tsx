import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Operator production dashboard (/dashboard-operatore); a placeholder until its own issue builds the screen. */
export function DashboardOperatorePage() {
  return <PlaceholderPage path="/dashboard-operatore" />;
}
