/**
 * Entry point: one SWR configuration (the shared fetcher, no retries on client errors) and the
 * router; a 401 from any call goes to /login through the router, without a page reload.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { router } from './app/router.js';
import { ApiError, setUnauthorizedHandler, swrFetcher } from './lib/api.js';
import './styles/base.css';
import './styles/layout.css';
import './styles/drawer.css';
import './styles/components.css';

setUnauthorizedHandler(() => {
  if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
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

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <RouterProvider router={router} />
    </SWRConfig>
  </StrictMode>,
);
