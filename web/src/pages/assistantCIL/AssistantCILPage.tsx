import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** English CIL assistant (/assistantCIL); a placeholder until its own issue builds the screen. */
export function AssistantCILPage() {
  return <PlaceholderPage path="/assistantCIL" />;
}
