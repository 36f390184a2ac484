/**
 * Stand-in for a screen another issue builds: the route's heading and a note that it is being
 * prepared, so every route of the spec exists and navigates from day one.
 */
import { findRoute, pageTitle } from '../app/routes.js';

/** Props: the route-table path whose label becomes the heading. */
export interface PlaceholderPageProps {
  path: string;
}

/** A page that says it is in preparation. */
export function PlaceholderPage({ path }: PlaceholderPageProps) {
  const entry = findRoute(path);
  return (
    <div className="page">
      <h1 className="page-title">{entry ? pageTitle(entry) : path}</h1>
      <div className="card placeholder">
        <p>Questa pagina è in preparazione.</p>
      </div>
    </div>
  );
}
