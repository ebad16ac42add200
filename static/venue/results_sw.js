/* damas: the service worker of an event's round pages (registered by static/venue/offline_results.js
   from the arbiter's results page only; served at /eventos/<id>/rodadas/resultados-sw.js, so its
   scope is that event's rounds and nothing else).
   - The page asks it (message {type: "keep", urls}) to keep a clean copy of the page and of the
     files the page uses; the page's copy is fetched with the X-Damas-Offline-Copy header, so the
     server leaves its one-time messages for the real page and marks the copy as one.
   - Pages and files of the app are fetched from the network first (always the fresh ones when
     there is a connection), from the kept copies when the network fails. POSTs and every other
     request pass through untouched: the results typed offline wait in IndexedDB (the page's
     script), never here. */
"use strict";

var CACHE = "damas-resultados-v1";
var COPY_HEADER = "X-Damas-Offline-Copy";

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("damas-resultados-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function keep(urls, page) {
  return caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      var headers = {};
      if (url === page) { headers[COPY_HEADER] = "1"; }
      return fetch(new Request(url, { headers: headers, credentials: "same-origin", cache: "no-store" }))
        .then(function (response) {
          if (response.ok && !response.redirected) { return cache.put(url, response); }
          return null;
        });
    }));
  });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) { return; }
  var reply = event.ports && event.ports[0];
  var sameOrigin = data.urls.filter(function (url) {
    try { return new URL(url, self.location.href).origin === self.location.origin; } catch (e) { return false; }
  }).map(function (url) { return new URL(url, self.location.href).href; });
  var page = data.page ? new URL(data.page, self.location.href).href : null;
  event.waitUntil(keep(sameOrigin, page).then(function () {
    if (reply) { reply.postMessage({ kept: true }); }
  }, function () {
    if (reply) { reply.postMessage({ kept: false }); }
  }));
});

function kept(request) {
  var url = new URL(request.url);
  url.hash = "";
  return caches.open(CACHE).then(function (cache) {
    return cache.match(url.href).then(function (hit) {
      return hit || cache.match(url.href, { ignoreSearch: true });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  var page = request.mode === "navigate";
  var file = url.pathname.indexOf("/static/") === 0 || /\/app\.webmanifest$/.test(url.pathname);
  if (!page && !file) { return; }
  event.respondWith(fetch(request).then(function (response) {
    if (file && response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { return cache.put(request, copy); });
    }
    return response;
  }).catch(function (error) {
    return kept(request).then(function (hit) {
      if (hit) { return hit; }
      throw error;
    });
  }));
});
