import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo.js';

/**
 * Station setup (/setup), shown without the sidebar. A placeholder until the setup issue adds
 * the Reparto/Linea/Stazione selectors; the spec's button leads to /home.
 */
export function SetupPage() {
  return (
    <div className="standalone">
      <div className="standalone-card">
        <Logo />
        <h1 className="page-title">Scelta della stazione</h1>
        <p>Questa pagina è in preparazione.</p>
        <Link to="/home" className="button button-primary button-block">
          Vai alla home
        </Link>
      </div>
    </div>
  );
}
