/**
 * The route tree: /login, /setup and /tabellone stand alone, every other path (including unknown ones)
 * renders inside the sidebar Layout, which runs the session check (foundations §2).
 * Home and 'Pagina non trovata' are a heading and a paragraph, smaller than the request a chunk
 * of their own would cost, so they stay in the entry; so does the login form (about 1.5 KB), the
 * first page of every device, which then paints without waiting for a second round trip. Every
 * other page is loaded lazily.
 */
import { Suspense, type ReactElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { HomePage } from '../pages/home/HomePage.js';
import { LoginPage } from '../pages/login/LoginPage.js';
import { NotFoundPage } from '../pages/not-found/NotFoundPage.js';
import { Layout } from './Layout.js';
import { lazyPage, PageLoading, type LazyPage } from './lazyPage.js';
import { PAGE_ELEMENTS } from './pageRoutes.js';

const SetupPage = lazyPage(() => import('../pages/setup/SetupPage.js'), 'SetupPage');
const TabellonePage = lazyPage(() => import('../pages/tabellone/TabellonePage.js'), 'TabellonePage');
const CambiaPasswordPage = lazyPage(() => import('../pages/cambia-password/CambiaPasswordPage.js'), 'CambiaPasswordPage');

/** The routes, exported for tests and for a memory router if ever needed. */
export const routes: RouteObject[] = [
  {
    path: '/login',
    element: <LoginPage />,
  },
  {
    path: '/setup',
    element: (
      <Suspense fallback={<PageLoading standalone />}>
        <SetupPage />
      </Suspense>
    ),
  },
  {
    // The TV board: full screen, no sidebar (docs/board.md).
    path: '/tabellone',
    element: (
      <Suspense fallback={<PageLoading standalone />}>
        <TabellonePage />
      </Suspense>
    ),
  },
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      // Everyone's, from the sidebar's foot: outside the role table's sections.
      { path: '/cambia-password', element: <CambiaPasswordPage /> },
      ...Object.entries(PAGE_ELEMENTS).map(([path, element]) => ({ path, element })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The lazily loaded page of each path, standalone ones included. */
const PAGES_BY_PATH: Readonly<Record<string, ReactElement>> = {
  ...PAGE_ELEMENTS,
  '/setup': <SetupPage />,
  '/tabellone': <TabellonePage />,
  '/cambia-password': <CambiaPasswordPage />,
};

/**
 * Loads the page of a path (exactly as in the route table) ahead of the first render, so that
 * render draws it rather than its fallback (main.tsx; the server has already named its chunks in
 * the HTML, docs/performance.md). Resolves at once for any other path; never rejects.
 */
export function preloadPage(pathname: string): Promise<void> {
  const element = Object.hasOwn(PAGES_BY_PATH, pathname) ? PAGES_BY_PATH[pathname] : undefined;
  const page = element?.type as Partial<LazyPage> | undefined;
  return typeof page?.preload === 'function' ? page.preload().catch(() => undefined) : Promise.resolve();
}

/** The app's single browser router; api.ts navigates with it on a 401. */
export const router = createBrowserRouter(routes);
