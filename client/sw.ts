/// <reference lib="webworker" />
// The service worker: precaches the hashed assets (the list is injected at build time by workbox-build)
// and serves pages network-first, falling back to the last shell it saw when offline. The signed-in user's
// startup configuration is kept the same way, so that a terminal reloaded without network (a phone that
// dropped the tab) opens with the menu and the user it had; sign-out deletes it (session.ts).
import { precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";

/** The cache of the startup configuration (session.ts deletes it at sign-out). */
const STARTUP_CACHE = "wms-startup";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(new NetworkFirst({ cacheName: "wms-shell", networkTimeoutSeconds: 5 }), {
    // Shared pages carry their key in the address: never kept in a cache.
    denylist: [/^\/api\//, /^\/shared(\/|$)/],
  }),
);

registerRoute(
  ({ url, request }) => request.method === "GET" && url.pathname === "/api/config/getuserstartupconfig",
  new NetworkFirst({ cacheName: STARTUP_CACHE, networkTimeoutSeconds: 5 }),
);

self.addEventListener("install", () => void self.skipWaiting());
// The outdated banner's Refresh: a new worker that is still waiting takes over before the reload.
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
