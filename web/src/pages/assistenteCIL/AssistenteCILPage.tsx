import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Italian CIL assistant (/assistenteCIL); a placeholder until its own issue builds the screen. */
export function AssistenteCILPage() {
  return <PlaceholderPage path="/assistenteCIL" />;
}
