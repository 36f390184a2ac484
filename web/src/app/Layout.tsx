/**
 * The sidebar layout every path uses except /login and /setup. Entering it runs the session
 * check (GET /me); without a token or on a failed check the token is removed and the user goes
 * to /login (foundations §4, §8).
 */
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '../components/Logo.js';
import { useMe, SessionPrompt } from '../features/auth/index.js';
import { ApiError } from '../lib/api.js';
import { forgetKeptReads } from '../lib/offlineReads.js';
import { clearToken, getStoredRole, getToken } from '../lib/session.js';
import { ForcedPasswordChange } from './ForcedPasswordChange.js';
import { PageLoading } from './lazyPage.js';
import { sidebarTitle } from './navigation.js';
import { Sidebar } from './Sidebar.js';
import { useLiveUpdates } from './useLiveUpdates.js';

/** Shell with sidebar (drawer on phones) around the routed page. */
export function Layout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const token = getToken();
  const { data: me, error, mutate: recheck } = useMe();
  // What other tablets record shows by itself (GET /live); not before a forced password change.
  useLiveUpdates(!!me && !me.must_change_password);

  useEffect(() => {
    // Only the server refusing the session ends it: a reload cutting the request short or a
    // network blip on the line must not log the operator out and lose what is on screen.
    if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) return;
    clearToken();
    navigate('/login', { replace: true });
  }, [error, navigate]);

  useEffect(() => setDrawerOpen(false), [pathname]);

  // Escape closes the phone menu and gives the focus back to the button that opened it.
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!drawerOpen) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setDrawerOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  // One function for the page's life, so the memoized sidebar is not drawn again at every answer the shell gets.
  const logout = useCallback(() => {
    // The reads kept for offline use go with the session; writes still queued stay with their user.
    forgetKeptReads(getStoredRole());
    clearToken();
    navigate('/login', { replace: true });
  }, [navigate]);

  if (!token) return <Navigate to="/login" replace />;
  // The display account opens the TV board and nothing else (docs/board.md).
  if (me?.role === 'display') return <Navigate to="/tabellone" replace />;

  return (
    <div className={drawerOpen ? 'shell drawer-open' : 'shell'}>
      <header className="topbar">
        <button
          ref={menuButton}
          type="button"
          className="topbar-menu"
          aria-controls="sidebar"
          aria-expanded={drawerOpen}
          aria-label={drawerOpen ? 'Chiudi menu' : 'Apri menu'}
          onClick={() => setDrawerOpen((v) => !v)}
        >
          <span className="hamburger" aria-hidden="true" />
        </button>
        <Logo compact />
        <span className="topbar-title">{sidebarTitle(pathname)}</span>
      </header>
      {/* Sections by the account's role (issue 21), never by its name. */}
      <Sidebar role={me?.role} open={drawerOpen} onLogout={logout} />
      {drawerOpen && <div className="drawer-backdrop" onClick={() => setDrawerOpen(false)} aria-hidden="true" />}
      <main className="content" id="content">
        {/* Pages load lazily; the shell stays while a page's chunk arrives. */}
        <Suspense fallback={<PageLoading />}>{me?.must_change_password ? <ForcedPasswordChange username={me.username} onChanged={() => void recheck()} /> : <Outlet />}</Suspense>
      </main>
      <SessionPrompt username={me?.username ?? getStoredRole() ?? ''} onLeave={logout} />
    </div>
  );
}
