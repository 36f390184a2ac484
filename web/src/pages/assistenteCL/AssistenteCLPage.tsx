import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Italian centerline assistant (/assistenteCL); a placeholder until its own issue builds the screen. */
export function AssistenteCLPage() {
  return <PlaceholderPage path="/assistenteCL" />;
}
