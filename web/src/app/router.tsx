/**
 * The route tree: /login and /setup stand alone, every other path (including unknown ones)
 * renders inside the sidebar Layout, which runs the session check (foundations §2).
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { HomePage } from '../pages/home/HomePage.js';
import { LoginPage } from '../pages/login/LoginPage.js';
import { NotFoundPage } from '../pages/not-found/NotFoundPage.js';
import { SetupPage } from '../pages/setup/SetupPage.js';
import { Layout } from './Layout.js';
import { PAGE_ELEMENTS } from './pageRoutes.js';

/** The routes, exported for tests and for a memory router if ever needed. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/setup', element: <SetupPage /> },
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      ...Object.entries(PAGE_ELEMENTS).map(([path, element]) => ({ path, element })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The app's single browser router; api.ts navigates with it on a 401. */
export const router = createBrowserRouter(routes);
