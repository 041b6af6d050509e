// The page's service worker (registered by page.js as sw.js?build=<hash>, beside the page, in either host): after
// one visit the page opens with the network off, the kept text painted by every tokenizer used before.
//
// - The page itself: from the network when it answers (a new build is seen at once), else the copy kept; asked
//   for while this worker starts (navigation preload), so a reload waits for the network or the worker, not both.
// - Its files (page/..., playground/twin/..., the Languages section): each named by its content's hash, so a kept
//   copy is always right: from the cache, else the network, and kept.
// - Nothing else is kept: the asks (POST), Gradio's API, anything that may carry what someone typed.
//
// One cache a build (its hash is this script's ?build=): a new build's worker takes over at once and deletes the
// others' caches, so the files of two builds never mix; the page then hands it the files it loaded before the
// worker was there to see them ({type: "playground-keep", urls}).
const BUILD = new URL(self.location.href).searchParams.get("build") || "none";
const CACHE = `playground-${BUILD}`;
const SCOPE = new URL(self.registration.scope);
const PAGE = new URL("./", SCOPE).href;  // the page, kept under its address without a query
const KEPT_PATHS = ["page/", "playground/twin/", "playground/premium.html"];  // relative to the scope

function kept(url) {
  return url.origin === SCOPE.origin && url.pathname.startsWith(SCOPE.pathname) &&
    KEPT_PATHS.some((path) => url.pathname.slice(SCOPE.pathname.length).startsWith(path));
}

self.addEventListener("install", (event) => {
  // The page as the browser has just loaded it (force-cache: no second download of it).
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(new Request(PAGE, {cache: "force-cache"})))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith("playground-") && name !== CACHE) await caches.delete(name);
    await self.registration.navigationPreload?.enable();
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "playground-keep" || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.map((u) => new URL(u, SCOPE)).filter(kept).map((u) => u.href);
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    for (const url of urls) {
      if (await cache.match(url)) continue;
      // From the browser's HTTP cache, which the page's own load just filled: no second download (force-cache
      // goes to the network only for what the cache does not hold).
      const response = await fetch(url, {cache: "force-cache"}).catch(() => null);
      if (response && response.ok) await cache.put(url, response);
    }
  }));
});

async function fromNetworkElsePage(request, preloaded) {
  try {
    const response = (await preloaded) || await fetch(request);
    const url = new URL(request.url);
    if (response.ok && url.searchParams.get("view") !== "api") {
      const cache = await caches.open(CACHE);
      await cache.put(PAGE, response.clone());
    }
    return response;
  } catch (err) {
    const copy = await caches.match(PAGE, {cacheName: CACHE});
    if (copy) return copy;
    throw err;
  }
}

async function fromCacheElseNetwork(request) {
  const cache = await caches.open(CACHE);
  const copy = await cache.match(request);
  if (copy) return copy;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request, url = new URL(request.url);
  if (request.method !== "GET") return;
  if (request.mode === "navigate" && url.origin === SCOPE.origin && (url.pathname === SCOPE.pathname ||
                                                                     url.pathname === `${SCOPE.pathname}index.html`)) {
    event.respondWith(fromNetworkElsePage(request, event.preloadResponse));
  } else if (kept(url)) {
    event.respondWith(fromCacheElseNetwork(request));
  }
});
