/**
 * The service worker of the visitor's ticket (served as /sw.js, scope /): it lets the ticket page open with no
 * network once it was opened online (docs/decisions/0920-the-ticket-opens-with-no-network.md). It answers only
 *   - a navigation to the ticket page: the network first, the copy the page saved when the network fails or is too
 *     slow to wait for (a crowded hall), and
 *   - the build's hashed files: the saved copy first (they never change), else the network.
 * Everything else — the API, other pages — goes to the network untouched: no personal data passes through here.
 * The page itself fills and empties the cache (web/src/lib/offline-ticket.ts); the cache's name is the same there.
 */
// A module for the type checker only (the build removes the export): `self` is the service worker's scope here.
export {};
declare const self: ServiceWorkerGlobalScope;

const OFFLINE_CACHE = 'portal-offline-ticket-v1';
const TICKET_PATHS = new Set(['/wa/visitor/ticket', '/wa/ticket']);
/** How long a navigation waits for the network before the saved page is shown instead. */
const NETWORK_PATIENCE_MS = 4000;

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

async function savedCopy(path: string): Promise<Response | undefined> {
  const cache = await caches.open(OFFLINE_CACHE);
  return cache.match(path, { ignoreSearch: true });
}

async function ticketPage(request: Request, path: string): Promise<Response> {
  const network = fetch(request);
  const patience = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), NETWORK_PATIENCE_MS));
  const early = await Promise.race([network.catch(() => undefined), patience]);
  if (early) return early;
  const saved = await savedCopy(path);
  if (saved) return saved;
  // Nothing saved: the network's answer, or its failure, as the browser would have shown it.
  return network;
}

async function hashedFile(request: Request): Promise<Response> {
  const saved = await caches.match(request, { cacheName: OFFLINE_CACHE });
  return saved ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (TICKET_PATHS.has(url.pathname)) event.respondWith(ticketPage(request, url.pathname));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(hashedFile(request));
});
