// Test service worker: caches /pwa/cached.txt on install, serves it cache-first, logs from the worker.
const CACHE = "pwa-test-v1";

self.addEventListener("install", (event) => {
  console.log("sw install");
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(["/pwa/cached.txt"])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  console.log("sw activate");
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  event.respondWith(caches.match(event.request).then((hit) => hit || fetch(event.request)));
});

self.addEventListener("message", (event) => {
  console.log("sw says " + event.data);
  console.warn("sw warns " + event.data);
  event.source && event.source.postMessage("logged " + event.data);
});
