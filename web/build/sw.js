// The app's service worker (docs/offline.md), built by web/build/serviceWorker.ts into dist/sw.js
// with the list of the build's files and a version in place of the two placeholders below.
// It keeps the app shell and every page's code so the app opens with the network off; it never
// answers an API call (those go to the network as always; the app keeps the reads it needs).
const VERSION = '__LINEA_VERSION__';
const FILES = ['__LINEA_FILES__'];
const PREFIX = 'linea-shell-';
const CACHE = PREFIX + VERSION;
const SHELL = '/index.html';
const precached = new Set(FILES);

self.addEventListener('install', (event) => {
  // A file that fails to arrive fails the install: the previous worker and its cache stay.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/** A page of the app: the network's index.html (a deploy shows at once), else the kept one. */
async function navigation(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const shell = await caches.match(SHELL, { cacheName: CACHE });
    if (shell) return shell;
    throw err;
  }
}

/** A file of the build: hashed names never change, so the kept copy answers first. */
async function buildFile(request) {
  const kept = await caches.match(request, { cacheName: CACHE });
  return kept ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && request.headers.get('accept')?.includes('text/html')) {
    event.respondWith(navigation(request));
  } else if (precached.has(url.pathname)) {
    event.respondWith(buildFile(request));
  }
  // Anything else (the API, the live channel) is the network's, untouched.
});
