// The service worker: the app opens without a network. At a card table the wifi comes
// and goes; the pages a phone has opened (home, a sheet's ledger, its deal form, its view
// link) and the app's assets are kept here, and shown when the server cannot be reached.
// The server stays the only place that scores: nothing is computed here, no POST and no
// version poll is ever answered from the cache, and a page from the cache says so.
// A link that stopped working (410) is dropped from the cache with every page under it:
// its dead pages are never shown offline.
"use strict";

var ASSETS = "tarot-assets-v1";
var PAGES = "tarot-pages-v1";
var PAGES_KEPT = 40;
var WAIT = 5000;  // then a page comes from the cache: a dead wifi can hang for a minute
var STATIC = [
  "/static/app.css", "/static/offline.css", "/static/deal.js", "/static/live.js",
  "/static/offline.js", "/static/deal_offline.js", "/static/countdown.js", "/static/wake.js", "/static/ledger.js",
  "/static/sentence.js",
  "/static/icon.svg", "/static/icon-192.png", "/static/icon-512.png", "/manifest.webmanifest"
];
// The pages kept: home, a club's page (Back from its new evening), a ledger, its view
// link, a new deal's form.
var KEPT = /^\/$|^\/[cev]\/[^/]+$|^\/e\/[^/]+\/deals\/new$/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(ASSETS).then(function (cache) {
    return cache.addAll(STATIC);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== ASSETS && name !== PAGES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/manifest.webmanifest") {
    event.respondWith(asset(event, request));
  } else if (KEPT.test(url.pathname) && request.headers.get("X-Preview") !== "1") {
    event.respondWith(page(request));
  }
  // Anything else (version.json, exports, QR codes, other pages) goes to the network only.
});

// An asset: from the cache at once, refreshed from the network for the next visit.
function asset(event, request) {
  return caches.open(ASSETS).then(function (cache) {
    return cache.match(request, {ignoreSearch: true}).then(function (kept) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) return cache.put(request, response.clone()).then(function () { return response; });
        return response;
      });
      if (!kept) return fresh;
      event.waitUntil(fresh.catch(function () {}));
      return kept;
    });
  });
}

// A page: from the network, kept for later; from the cache when the network fails,
// is too slow or answers with a server error.
function page(request) {
  return caches.open(PAGES).then(function (cache) {
    var network = fetch(request).then(function (response) {
      if (response.ok && response.type === "basic" && !response.redirected) {
        return cache.put(request, response.clone()).then(function () {
          return trim(cache);
        }).then(function () { return response; });
      }
      if (response.status >= 500) throw new Error("server error " + response.status);
      if (response.status === 410) return forget(cache, request.url).then(function () { return response; });
      return response;
    });
    var late = new Promise(function (resolve) { setTimeout(resolve, WAIT); });
    var copy = function () {
      return cache.match(request).then(function (kept) {
        return kept || cache.match(request, {ignoreSearch: true});
      }).then(function (kept) { return kept ? marked(kept) : null; });
    };
    var slow = late.then(copy);
    return Promise.race([
      network.catch(function () { return copy().then(function (kept) { return kept || network; }); }),
      slow.then(function (kept) { return kept || network; })
    ]);
  });
}

// The page from the cache says so on its <html> element: its script then continues the
// deal numbering from what this phone knows, as the page may be older than its last save.
function marked(response) {
  return response.text().then(function (html) {
    return new Response(html.replace(/<html\b/i, '<html data-offline-copy="1"'), {
      status: response.status, statusText: response.statusText, headers: response.headers
    });
  });
}

// Every page kept of the link in ``url`` (/e/<link>…, /v/<link>…).
function forget(cache, url) {
  var link = /^\/[ev]\/[^/]+/.exec(new URL(url).pathname);
  if (!link) return Promise.resolve();
  return cache.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      var path = new URL(key.url).pathname;
      return path === link[0] || path.indexOf(link[0] + "/") === 0;
    }).map(function (key) { return cache.delete(key); }));
  });
}

function trim(cache) {
  return cache.keys().then(function (keys) {
    var extra = keys.slice(0, Math.max(0, keys.length - PAGES_KEPT));
    return Promise.all(extra.map(function (key) { return cache.delete(key); }));
  });
}
