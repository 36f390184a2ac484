import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Daily DBR activities (/daily-routine-operatore); a placeholder until its own issue builds the screen. */
export function DailyRoutineOperatorePage() {
  return <PlaceholderPage path="/daily-routine-operatore" />;
}
