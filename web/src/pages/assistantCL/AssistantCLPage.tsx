import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** English centerline assistant (/assistantCL); a placeholder until its own issue builds the screen. */
export function AssistantCLPage() {
  return <PlaceholderPage path="/assistantCL" />;
}
