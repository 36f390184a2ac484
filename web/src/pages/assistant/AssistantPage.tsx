import { AssistantLanding } from '../../features/assistant/index.js';

/** English assistants' landing page (/assistant): the three assistants. */
export function AssistantPage() {
  return <AssistantLanding lang="en" path="/assistant" />;
}
