/**
 * The service worker: the page starts, and every stored session opens, without a network.
 *
 * Built by build/service-worker.ts into `sw.js` beside index.html, which prepends `TOOLSCOPE_SW` (this build's
 * version and the files it precaches, as paths relative to this script). It serves only its own origin under its
 * own scope: model endpoints, HTTP tools and MCP servers are other origins, and their requests never reach
 * `respondWith`, so a request that cannot be made fails on the page as it would without a worker.
 *
 * A new version installs in the background and then waits: it takes over only when a page asks (`skip-waiting`,
 * sent by "Reload to update"), so a page in the middle of a run is never swapped under it. The previous version's
 * cache is kept one generation, so a page still running the old code can lazily load its old chunks.
 *
 * No DOM or WebWorker lib types here (the project compiles against the DOM lib): the few event shapes used are
 * declared below.
 */

type SwManifest = { version: string; files: string[] };
declare const TOOLSCOPE_SW: SwManifest;

type ExtendableEventLike = Event & { waitUntil(p: Promise<unknown>): void };
type FetchEventLike = ExtendableEventLike & { request: Request; respondWith(r: Promise<Response>): void };
type MessageEventLike = ExtendableEventLike & { data: unknown };
type SwScope = {
  registration: { scope: string };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEventLike) => void): void;
  addEventListener(type: 'message', fn: (e: MessageEventLike) => void): void;
};

const sw = self as unknown as SwScope;
const PREFIX = 'toolscope-';
const CACHE = `${PREFIX}${TOOLSCOPE_SW.version}`;
/** Caches are per origin, not per scope: two copies of the app on one host must not delete each other's. */
const scopeKey = (name: string) => `${name}@${sw.registration.scope}`;
const ownCache = scopeKey(CACHE);
const scopeUrl = (path: string) => new URL(path, sw.registration.scope).href;
const INDEX = scopeUrl('index.html');
const precached = new Set(TOOLSCOPE_SW.files.map(scopeUrl));

sw.addEventListener('install', (e) => {
  e.waitUntil(
    caches.open(ownCache).then(async (cache) => {
      // `reload` skips the HTTP cache: the files stored are the ones this version was built with.
      await cache.addAll([...precached].map((url) => new Request(url, { cache: 'reload' })));
    }),
  );
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    caches.keys().then(async (names) => {
      const ours = names.filter(
        (n) => n.startsWith(PREFIX) && n.endsWith(`@${sw.registration.scope}`) && n !== ownCache,
      );
      // caches.keys() lists in creation order: keep the newest other one (the version pages may still run).
      const keep = ours.at(-1);
      await Promise.all(ours.filter((n) => n !== keep).map((n) => caches.delete(n)));
    }),
  );
});

sw.addEventListener('message', (e) => {
  if (e.data === 'skip-waiting') void sw.skipWaiting();
});

sw.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  url.hash = '';
  if (!url.href.startsWith(sw.registration.scope)) return;
  if (req.mode === 'navigate') {
    // Every page of the app is the one document: served from the cache, so it starts offline.
    e.respondWith(fromCache(INDEX).then((hit) => hit ?? fetch(req)));
    return;
  }
  url.search = '';
  e.respondWith(fromCache(url.href).then((hit) => hit ?? fetch(req)));
});

/**
 * Looks in this version's cache, then in the one kept from the version before: a page still running the old code
 * lazily loads the old chunks, which the new list does not name.
 */
async function fromCache(url: string): Promise<Response | undefined> {
  const own = await caches.open(ownCache);
  return (await own.match(url)) ?? (await caches.match(url));
}
