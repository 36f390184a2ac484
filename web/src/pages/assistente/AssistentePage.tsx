import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Italian assistants landing page (/assistente); a placeholder until its own issue builds the screen. */
export function AssistentePage() {
  return <PlaceholderPage path="/assistente" />;
}
