import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** DBR constants editor (/DBRConstantsForm); a placeholder until its own issue builds the screen. */
export function DBRConstantsFormPage() {
  return <PlaceholderPage path="/DBRConstantsForm" />;
}
