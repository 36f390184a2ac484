import { AssistantLanding } from '../../features/assistant/index.js';

/** Italian assistants' landing page (/assistente): the three assistants. */
export function AssistentePage() {
  return <AssistantLanding lang="it" path="/assistente" />;
}
