import { Link } from 'react-router-dom';
import { PlaceholderPage } from '../../components/PlaceholderPage.js';

/**
 * Operational summary for support staff (/dashboard-miglioramento); a placeholder until its own
 * issue builds the summary. The button 'AGGIUNGI AZIONE DBR' (line log §2.6) already leads to the
 * DBR action page, which the sidebar does not list.
 */
export function DashboardMiglioramentoPage() {
  return (
    <>
      <PlaceholderPage path="/dashboard-miglioramento" />
      <p>
        <Link className="button button-primary" to="/azioni-dbr-miglioramento">
          AGGIUNGI AZIONE DBR
        </Link>
      </p>
    </>
  );
}
