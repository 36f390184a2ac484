import { AssistantLanding } from '../../features/assistant/components/AssistantLanding.js';

/** Italian assistants' landing page (/assistente): the three assistants. */
export function AssistentePage() {
  return <AssistantLanding lang="it" path="/assistente" />;
}
