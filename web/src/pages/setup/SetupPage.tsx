/**
 * Station setup (/setup), shown without the sidebar (foundations §2). Login sends users here
 * while their station defaults are missing, and the sidebar's 'Cambia stazione' leads here; once
 * saved, the spec's button leads to /home. A plant with no shop floor first leads an admin through
 * the guided start (features/plantAdmin).
 */
import { Navigate, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/Logo.js';
import { FirstRunGate } from '../../features/plantAdmin/index.js';
import { StationSetupForm } from '../../features/station/index.js';
import { getStoredRole, getToken } from '../../lib/session.js';
import '../../styles/pages-admin.css';

/** The setup card: the user, the three selectors and the button. */
export function SetupPage() {
  const navigate = useNavigate();
  const token = getToken();
  // The role is the username stored at login (the session check's answer). Setup does not run
  // the check itself: Layout treats any failed /me as a logout, and sharing its cache would let a
  // network hiccup here end the session on the next page.
  const role = getStoredRole();

  if (!token) return <Navigate to="/login" replace />;

  return (
    <FirstRunGate>
      <main className="standalone">
        <div className="standalone-card setup-card">
          <Logo />
          <h1 className="page-title">Scelta della stazione</h1>
          <p className="setup-intro">
            Scegli reparto, linea e stazione di lavoro: le pagine partiranno da questa scelta.
            {role && (
              <>
                {' '}
                Utente: <strong>{role}</strong>.
              </>
            )}
          </p>
          <StationSetupForm role={role} onSaved={() => navigate('/home')} />
        </div>
      </main>
    </FirstRunGate>
  );
}
