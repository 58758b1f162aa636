// The browser entry: loads the page's language, hydrates the server-rendered shell, keeps the session in local storage, registers
// the service worker.
import { hydrateRoot } from "react-dom/client";
import { App } from "./shell/app.tsx";
import { framed, preloadFrame } from "./shell/frame.tsx";
import { loadLanguage } from "../shared/i18n/mod.ts";
import { watchIntent } from "./intent.ts";
import { followPreferencesOfOtherTabs } from "./shell/chrome.tsx";
import {
  applyGreatReset,
  authAtom,
  type Boot,
  KEYS,
  langAtom,
  pathAtom,
  store,
  themeAtom,
  writeStorage,
} from "./state.ts";

const boot = JSON.parse(document.getElementById("wms-boot")!.textContent!) as Boot;
applyGreatReset();
store.set(pathAtom, boot.path);
store.set(langAtom, boot.lang);
store.set(themeAtom, boot.theme);
store.sub(authAtom, () => writeStorage(KEYS.auth, store.get(authAtom)));
// From here on a write leaves only as a person's edit (client/intent.ts).
watchIntent();
followPreferencesOfOtherTabs();

// The page's language before it hydrates (its script is preloaded by the server's render), and on a page of
// the signed-in frame the frame with the rest of the texts, so that it hydrates as the server drew it.
// A script that cannot be fetched (offline before the service worker has it) falls back to English, and
// the page hydrates either way (the frame then shows when it arrives).
await loadLanguage(boot.lang).catch(() => loadLanguage("en-us")).catch(() => {});
if (framed(boot.path)) await preloadFrame().catch(() => {});
hydrateRoot(document.getElementById("app")!, <App store={store} />);

// Service workers need a secure context (https or localhost); elsewhere registration fails harmlessly.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => {/* the app works without it */});
}
