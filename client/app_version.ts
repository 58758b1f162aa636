// Which client build this page runs, and loading the latest one. client/build.mjs compiles the build id
// in; the server names the build it serves in every API answer (X-App-Version), and api.ts raises the
// outdated banner when the two differ.
import { outdatedAtom, store } from "./state.ts";

declare const __CLIENT_BUILD__: string | undefined;

/** This page's build id ("unbuilt" when the code runs outside the bundle, as in unit tests). */
export const CLIENT_BUILD: string = typeof __CLIENT_BUILD__ === "string" ? __CLIENT_BUILD__ : "unbuilt";

/** Compares the build the server serves (an answer's X-App-Version) with this page's. */
export function noteServedBuild(served: string | null): void {
  if (served && served !== CLIENT_BUILD && !store.get(outdatedAtom)) store.set(outdatedAtom, true);
}

/** Fetches the service worker of the new build, lets it take over at once, and reloads the page. */
export async function loadLatestClient(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration) {
      await registration.update();
      registration.waiting?.postMessage({ type: "SKIP_WAITING" });
    }
  } catch { /* no service worker or no connection: the reload still asks the server */ }
  location.reload();
}
