import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Logo } from '../../components/Logo.js';
import { DirectorySignIn, LoginForm, restoreStationDefaults, takeFragmentToken } from '../../features/auth/index.js';
import { needsStationSetup, readStoredStation } from '../../lib/station.js';

/**
 * Login (/login), shown without the sidebar. After a successful login the user goes to /setup
 * while the station defaults are incomplete, otherwise home (foundations §4 "Login"); an account
 * whose password an admin gave goes to 'Cambia password' first (issue 21).
 */
export function LoginPage() {
  const navigate = useNavigate();
  function afterLogin(username: string, mustChangePassword: boolean) {
    if (username === 'display') navigate('/tabellone', { replace: true });
    else if (mustChangePassword) navigate('/cambia-password', { replace: true });
    else navigate(needsStationSetup(username, readStoredStation()) ? '/setup' : '/', { replace: true });
  }
  // Back from the company's sign-in (OIDC) with a token: on, as after the form.
  useEffect(() => {
    const signedIn = takeFragmentToken();
    if (!signedIn) return;
    if (signedIn.role === 'display') return afterLogin('display', false);
    void restoreStationDefaults(signedIn.username).then(() => afterLogin(signedIn.username, false));
  }, []);
  return (
    <main className="standalone">
      <div className="standalone-card">
        <Logo />
        <h1 className="page-title">Accesso</h1>
        <LoginForm onLoggedIn={afterLogin} />
        <DirectorySignIn />
      </div>
    </main>
  );
}
