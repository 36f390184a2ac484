/// <reference types="vite/client" />
/**
 * Registers the service worker (dist/sw.js, docs/offline.md) in a built app: it keeps the app
 * shell and the pages' code, so a page opens with the network off. The development server has
 * none (its modules change at every edit).
 */

/** Registers the worker once the page has loaded, so it never competes with the first paint. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((err: unknown) => console.error('Registrazione del service worker non riuscita', err));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Resolves once a service worker serves this page, i.e. the app itself opens offline: only then
 * is it worth reading ahead what the line log needs offline. Never resolves where there is none
 * (the development server; a browser blocking workers, as the test suites other than the offline
 * one do), so such a page reads nothing more than it shows.
 */
export function whenServedOffline(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return new Promise(() => undefined);
  const sw = navigator.serviceWorker;
  if (sw.controller) return Promise.resolve();
  return new Promise((resolve) => sw.addEventListener('controllerchange', () => resolve(), { once: true }));
}
