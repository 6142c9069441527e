// The service worker: the app opens without a network. At a card table the wifi comes
// and goes; the pages a phone has opened (home, a club's page, a sheet's ledger, its deal
// form, its view link) and the app's files are kept here, and shown when the server
// cannot be reached. The server stays the only place that scores: nothing is computed
// here, no POST and no version poll is ever answered from the cache, and a page from the
// cache says so. A link that stopped working (410) is dropped from the cache with every
// page under it: its dead pages are never shown offline.
//
// The server writes the release into the line below when it serves this file
// (scorekeeper/assets.py): its name and its files, each under a name that carries a hash
// of its content. A new release is a new worker: it keeps the new files, fetches anew
// the pages this phone kept (they name the new files), and drops the old ones, all at
// once. A page never meets a script of another release.
"use strict";

const RELEASE = {"name": "source", "assets": []};
const ASSETS = "tarot-assets-" + RELEASE.name;
const PAGES = "tarot-pages-" + RELEASE.name;
const PAGES_KEPT = 40;
const WAIT = 5000;  // then a page comes from the cache: a dead wifi can hang for a minute
// The pages kept: home, a club's page (Back from its new evening), a ledger, its view
// link, a new deal's form, a new evening's form and the page of an evening started
// offline (evenings/offline.html).
const KEPT = /^\/$|^\/[cev]\/[^/]+$|^\/e\/[^/]+\/deals\/new$|^(\/c\/[^/]+)?\/evenings\/new$|^\/evenings\/offline$/;
// Kept as the worker installs, before the network goes: a table with no network can
// start an evening and score it (home, the new-evening form, the offline evening's page).
const FIRST = ["/", "/evenings/new", "/evenings/offline"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(ASSETS)
    .then((cache) => cache.addAll(RELEASE.assets))
    .then(keepPagesAnew)
    .then(keepFirstPages)
    .then(() => self.skipWaiting()));
});

// The pages an older worker kept, fetched anew for this release (a page that cannot be
// fetched now, or whose link stopped working, is not kept).
async function keepPagesAnew() {
  const fresh = await caches.open(PAGES);
  const older = (await caches.keys()).filter((name) => name.startsWith("tarot-pages") && name !== PAGES);
  for (const name of older) {
    const cache = await caches.open(name);
    for (const request of (await cache.keys()).slice(-PAGES_KEPT)) {
      try {
        const response = await fetch(request.url, {credentials: "same-origin", cache: "no-store"});
        if (response.ok && response.type === "basic" && !response.redirected) {
          await fresh.put(request.url, response);
        }
      } catch {
        // offline meanwhile: that page waits for the next visit
      }
    }
  }
}

// The pages of FIRST this phone does not keep yet (one that cannot be fetched now waits
// for the phone's next visit to it).
async function keepFirstPages() {
  const cache = await caches.open(PAGES);
  for (const url of FIRST) {
    if (await cache.match(url)) continue;
    try {
      const response = await fetch(url, {credentials: "same-origin", cache: "no-store"});
      if (response.ok && response.type === "basic" && !response.redirected) await cache.put(url, response);
    } catch {
      // offline meanwhile
    }
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name !== ASSETS && name !== PAGES)
    .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(asset(request));
  } else if (KEPT.test(url.pathname)) {
    event.respondWith(page(request));
  }
  // Anything else (version.json, exports, QR codes, other pages) goes to the network only.
});

// A file of the release: from the cache; its name says its content, so it never changes.
function asset(request) {
  return caches.open(ASSETS).then((cache) => cache.match(request).then((kept) => kept ||
    fetch(request).then((response) => {
      if (!response.ok) return response;
      return cache.put(request, response.clone()).then(() => response);
    })));
}

// A page: from the network, kept for later; from the cache when the network fails,
// is too slow or answers with a server error.
function page(request) {
  return caches.open(PAGES).then((cache) => {
    const network = fetch(request).then((response) => {
      if (response.ok && response.type === "basic" && !response.redirected) {
        return cache.put(request, response.clone()).then(() => trim(cache)).then(() => response);
      }
      if (response.status >= 500) throw new Error("server error " + response.status);
      if (response.status === 410) return forget(cache, request.url).then(() => response);
      return response;
    });
    const late = new Promise((resolve) => { setTimeout(resolve, WAIT); });
    const copy = () => cache.match(request)
      .then((kept) => kept || cache.match(request, {ignoreSearch: true}))
      .then((kept) => (kept ? marked(kept) : null));
    return Promise.race([
      network.catch(() => copy().then((kept) => kept || network)),
      late.then(copy).then((kept) => kept || network),
    ]);
  });
}

// The page from the cache says so on its <html> element: its script then continues the
// deal numbering from what this phone knows, as the page may be older than its last save.
function marked(response) {
  return response.text().then((html) => new Response(
    html.replace(/<html\b/i, '<html data-offline-copy="1"'),
    {status: response.status, statusText: response.statusText, headers: response.headers}));
}

// Every page kept of the link in ``url`` (/e/<link>…, /v/<link>…).
function forget(cache, url) {
  const link = /^\/[ev]\/[^/]+/.exec(new URL(url).pathname);
  if (!link) return Promise.resolve();
  return cache.keys().then((keys) => Promise.all(keys.filter((key) => {
    const path = new URL(key.url).pathname;
    return path === link[0] || path.startsWith(link[0] + "/");
  }).map((key) => cache.delete(key))));
}

function trim(cache) {
  return cache.keys().then((keys) => {
    const others = keys.filter((key) => !FIRST.includes(new URL(key.url).pathname));
    const extra = others.slice(0, Math.max(0, keys.length - PAGES_KEPT));
    return Promise.all(extra.map((key) => cache.delete(key)));
  });
}
