import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** English assistants landing page (/assistant); a placeholder until its own issue builds the screen. */
export function AssistantPage() {
  return <PlaceholderPage path="/assistant" />;
}
