import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/** Admin shift generation (/admin); a placeholder until its own issue builds the screen. */
export function AdminPage() {
  return <PlaceholderPage path="/admin" />;
}
