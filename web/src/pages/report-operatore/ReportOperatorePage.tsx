import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Operator line log (/report-operatore); a placeholder until its own issue builds the screen. */
export function ReportOperatorePage() {
  return <PlaceholderPage path="/report-operatore" />;
}
