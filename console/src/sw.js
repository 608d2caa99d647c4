// The console's service worker: the page and its two files, so a member with no signal can still
// open the console and show the QR ticket kept on the device. Network first (a new console is
// picked up at once when online), the cache when the network fails. The API is never cached here:
// what the page keeps for itself (the ticket, my bookings) it keeps in localStorage.
const CACHE = "fairslot-console";
const SHELL = ["/", "/console/app.js", "/console/app.css"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const shell = url.pathname === "/" || url.pathname.startsWith("/console/");
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !shell) return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(url.pathname, copy)));
        }
        return response;
      })
      .catch(() => caches.match(url.pathname).then((hit) => hit ?? Response.error())),
  );
});
