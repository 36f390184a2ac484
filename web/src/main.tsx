/**
 * Entry point: one SWR configuration (the shared fetcher, no retries on client errors) and the
 * router. A 401 while someone works opens the password prompt in place (SessionPrompt), so what
 * is typed is never lost; where there is no session to renew it goes to /login, without a reload.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { preloadPage, router } from './app/router.js';
import { ApiError, setUnauthorizedHandler, swrFetcher } from './lib/api.js';
import { startOutbox } from './lib/outbox.js';
import { registerServiceWorker } from './lib/serviceWorker.js';
import { clearToken, getStoredRole, getToken, markSessionExpired } from './lib/session.js';
import './styles/base.css';
import './styles/layout.css';
import './styles/drawer.css';
import './styles/components.css';
import './styles/print.css';

setUnauthorizedHandler((code) => {
  const path = router.state.location.pathname;
  if (path === '/login') return;
  // A switched-off account has no session to renew: straight to the login (issue 21).
  if (code !== 'ACCOUNT_DISABLED' && path !== '/setup' && getToken() && getStoredRole()) {
    markSessionExpired();
    return;
  }
  clearToken();
  void router.navigate('/login', { replace: true });
});

const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  revalidateOnFocus: false,
  onErrorRetry(error, _key, _config, revalidate, { retryCount }) {
    if (error instanceof ApiError && error.status < 500) return;
    if (retryCount >= 3) return;
    setTimeout(() => void revalidate({ retryCount }), 2000 * (retryCount + 1));
  },
};

// Offline (docs/offline.md): the worker keeps the app's files; the queue sends what waited.
registerServiceWorker();
startOutbox();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render waits for the opened page's code (already downloading: the server named it in
// the HTML), so it draws the page, not a fallback then the page; and it is a transition, which
// React builds in slices of a few milliseconds, so a slow tablet's main thread stays free for
// input between them (docs/performance.md).
void preloadPage(window.location.pathname).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <SWRConfig value={swrConfig}>
          <RouterProvider router={router} />
        </SWRConfig>
      </StrictMode>,
    );
  });
});
