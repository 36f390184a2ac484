/**
 * Route pages as their own chunks: the shell (router, layout, sidebar, fetch wrapper) is in the
 * entry, and each page's code, styles and libraries (charts with the pages that draw them) load
 * the first time the page is opened.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** sessionStorage key: when the app last reloaded itself for a missing chunk. */
const RELOADED_AT = 'chunk_reload_at';
/** A second failure within this window is a real error (server down), not a deploy: no reload loop. */
const RELOAD_WINDOW_MS = 10_000;

/**
 * A chunk that fails to load is most often one a deploy replaced while this tab kept the old
 * entry: reloading fetches the new index.html and its chunks. Once per window, then the error
 * goes to the router's error screen.
 */
function reloadForNewDeploy(err: unknown): Promise<never> {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < RELOAD_WINDOW_MS) return Promise.reject(err);
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
  // Keep the fallback on screen until the reload replaces the page.
  return new Promise<never>(() => undefined);
}

/** A lazily loaded page that can be asked to load ahead of its first render. */
export interface LazyPage extends LazyExoticComponent<ComponentType> {
  /** Loads the page's module; once it is in, the page renders at once, without a Suspense fallback first. */
  preload(): Promise<void>;
}

/**
 * `React.lazy` for a page module's named export. `load` must be a literal
 * `() => import('../pages/...')`, so Vite sees the path and emits the page's chunk.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const get = () => (loading ??= load().then((module) => (loaded = module[name])));
  // A module already loaded is handed over by a thenable that answers at once: React.lazy then
  // renders the page in the same pass instead of showing the fallback for a microtask.
  const page = lazy(() =>
    loaded
      ? ({ then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: loaded! }) } as unknown as Promise<{ default: ComponentType }>)
      : get().then((component) => ({ default: component }), reloadForNewDeploy),
  ) as LazyPage;
  page.preload = () => get().then(() => undefined);
  return page;
}

/**
 * What a page shows while its chunk loads: its own space, empty, and a quiet 'Caricamento…'
 * only if the wait is long enough to notice (CSS delay), so a fast load never flashes a text.
 */
export function PageLoading({ standalone = false }: { standalone?: boolean }) {
  const status = (
    <div className="page page-loading" role="status" aria-busy="true">
      <span className="page-loading-text">Caricamento…</span>
    </div>
  );
  return standalone ? <div className="standalone">{status}</div> : status;
}
