import { AssistantLanding } from '../../features/assistant/components/AssistantLanding.js';

/** English assistants' landing page (/assistant): the three assistants. */
export function AssistantPage() {
  return <AssistantLanding lang="en" path="/assistant" />;
}
