/* Vaya día's service worker (hand-written; docs/web.md "Offline and installable").
 *
 * - Documents (page navigations): from the network; the public ones it served are kept, so an offline
 *   reload shows the last copy read (the home page's feed), and the page says «Sin conexión». An
 *   unknown page offline gets a short Spanish page that says so.
 * - The app's hashed files (/assets/*): from the cache once fetched (they never change), kept across
 *   versions so a page opened before an update still loads its lazy parts.
 * - The app's own reads (fetch() calls: the API, /config.json): from the network, the cache when
 *   offline; kept only when the answer says it is the same for everyone (`Cache-Control: public`, as
 *   the API's public reads do) and /config.json, so no path of the API is written here.
 * - Never kept: any request with an Authorization header, every non-GET request, and any response that
 *   is not a 200, is marked private or is not public — so one account's answers are never kept, let
 *   alone shown to another.
 * - Copies follow the server: a 404 or 410 for a kept document or read drops its copy; when it is a post
 *   (`/post/<id>`, `/posts/<id>`), every other kept copy that shows it (the feeds, the Top, an author's
 *   page, their API reads) is read again, or dropped if that fails, so offline the post is shown nowhere.
 * - Updates: a new version takes over at once (skipWaiting + claim) without deleting what an open page
 *   may still ask for; only the documents' and reads' caches of older versions are dropped.
 * - Web Push: shows the message (title, body) and opens its page on a tap.
 */
/* global self, caches */
const VERSION = 'v1';
const DOCUMENTS = `vaya-dia-documents-${VERSION}`;
const READS = `vaya-dia-reads-${VERSION}`;
const ASSETS = 'vaya-dia-assets';
const KEEP = new Set([DOCUMENTS, READS, ASSETS]);
/** Asset entries kept at most (the oldest go first). */
const MAX_ASSETS = 120;

/** The one read kept whatever its Cache-Control says: the app cannot start offline without it. */
const CONFIG = '/config.json';
const DOCUMENT_KEEP = [/^\/$/, /^\/category\/[a-z]+$/, /^\/post\/[0-9a-f-]+$/, /^\/top$/, /^\/autor\/[^/]+$/];

// The shell kept at once: the home page, the files it names and /config.json (the app cannot start
// without it: an offline reload would replace the kept feed with «el sitio no ha podido arrancar»), so the
// first offline reload works even if the page was loaded before this worker controlled it — its own
// /config.json request then never passed through here. Offline, the install still succeeds.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        const config = await fetch(CONFIG, { cache: 'no-cache' });
        if (keepable(config)) await (await caches.open(READS)).put(CONFIG, config);
      } catch {
        // Offline: kept on the next visit instead.
      }
      try {
        const home = await fetch('/', { cache: 'no-cache' });
        if (keepable(home)) {
          const html = await home.clone().text();
          await (await caches.open(DOCUMENTS)).put('/', home);
          const files = new Set(html.match(/\/assets\/[A-Za-z0-9._-]+/g) || []);
          const assets = await caches.open(ASSETS);
          await Promise.all([...files].map((file) => assets.add(file).catch(() => undefined)));
        }
      } catch {
        // Offline: the shell is kept on the next visit instead.
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!KEEP.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.headers.has('authorization')) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(event, url));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(event));
  } else if (request.destination === '') {
    event.respondWith(networkFirst(event, READS, url.pathname === CONFIG ? keepable : sharedRead));
  }
});

/** The server's word that what is at an address is gone: no copy of it may be shown any more. */
function isGone(response) {
  return response.status === 404 || response.status === 410;
}

/** A post's page (`/post/<id>`) or its API read (`/posts/<id>`): the post's id. */
const POST_ADDRESS = /^\/posts?\/([0-9a-f][0-9a-f-]{7,})$/;

/**
 * What answered 404/410 at `url` is gone: its copies go, and when it is a post, the kept copies that show
 * it are read again while the network is there (the server's lists no longer hold it), or dropped.
 */
async function forget(url) {
  const documents = await caches.open(DOCUMENTS);
  const reads = await caches.open(READS);
  await documents.delete(url.pathname);
  await reads.delete(url.href);
  const id = POST_ADDRESS.exec(url.pathname)?.[1];
  if (!id) return;
  for (const cache of [documents, reads]) {
    for (const key of await cache.keys()) {
      const kept = await cache.match(key);
      if (!kept || !(await kept.text()).includes(id)) continue;
      try {
        const fresh = await fetch(key.url, { cache: 'no-cache', credentials: 'same-origin' });
        if (keepable(fresh) && !(await fresh.clone().text()).includes(id)) {
          await cache.put(key, fresh);
          continue;
        }
      } catch {
        // Offline again: dropped below.
      }
      await cache.delete(key);
    }
  }
}

/** Whether a response may be kept: a whole 200 from this origin that is not marked private. */
function keepable(response) {
  if (!response || response.status !== 200 || response.type !== 'basic') return false;
  return !/private/i.test(response.headers.get('cache-control') || '');
}

async function navigation(event, url) {
  const keep = DOCUMENT_KEEP.some((pattern) => pattern.test(url.pathname));
  try {
    const response = await fetch(event.request);
    if (keep && keepable(response)) {
      keepCopy(event, DOCUMENTS, url.pathname, response);
    } else if (isGone(response)) {
      event.waitUntil(forget(url));
    }
    return response;
  } catch {
    const cache = await caches.open(DOCUMENTS);
    const kept = await cache.match(url.pathname);
    if (kept) return kept;
    return new Response(OFFLINE_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
}

/** A read whose answer is the same for every reader (the API's public reads say `public`). */
function sharedRead(response) {
  return keepable(response) && /(^|,)\s*public\b/i.test(response.headers.get('cache-control') || '');
}

async function networkFirst(event, cacheName, keep) {
  const request = event.request;
  try {
    const response = await fetch(request);
    if (keep(response)) keepCopy(event, cacheName, request, response);
    else if (isGone(response)) event.waitUntil(forget(new URL(request.url)));
    return response;
  } catch (error) {
    const kept = await (await caches.open(cacheName)).match(request);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(event) {
  const request = event.request;
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (keepable(response)) {
    event.waitUntil(
      (async () => {
        await cache.put(request, response.clone());
        const keys = await cache.keys();
        for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(old);
      })().catch(() => undefined),
    );
  }
  return response;
}

/**
 * Keeps a copy of an answer while the page already reads it: the copy is written from the response's
 * clone under `waitUntil` (the worker stays alive until it is written), so a page never waits for the
 * cache's disk write before its first byte — a document would otherwise reach the page only once all of
 * it had been downloaded and stored.
 */
function keepCopy(event, cacheName, key, response) {
  const copy = response.clone();
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.put(key, copy))
      .catch(() => undefined),
  );
}

const OFFLINE_PAGE = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sin conexión · Vaya día</title></head>
<body><main><h1>Sin conexión</h1><p>No hay conexión a internet y esta página no está guardada en este dispositivo.</p>
<p><a href="/">Ver la portada guardada</a></p></main></body></html>`;

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === 'string' ? message.title : 'Vaya día';
  const url = typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/avisos';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : 'Tienes un aviso nuevo.',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'es',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/avisos';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open) return open.navigate(target);
        return undefined;
      }
      return self.clients.openWindow(target);
    })(),
  );
});
