// Signing in and out, and where the user goes afterwards.
import {
  authAtom,
  KEYS,
  langAtom,
  pathAtom,
  setPreferenceCookie,
  startupAtom,
  store,
  type TokenData,
  writeStorage,
} from "./state.ts";
import { isLanguage, switchLanguage } from "../shared/i18n/mod.ts";
import { afterSignIn } from "./shell/routes.ts";
import { navigate } from "./shell/navigation.ts";

const REMEMBERED = "wms.remembered";

export function rememberPath(path: string): void {
  try {
    sessionStorage.setItem(REMEMBERED, path);
  } catch { /* no session storage: the user lands on the start page */ }
}

/** The path remembered for after sign-in, left in place for the sign-in that uses it. */
export function rememberedPath(): string | null {
  try {
    return sessionStorage.getItem(REMEMBERED);
  } catch {
    return null;
  }
}

export function completeSignIn(data: TokenData): void {
  // Signing in again where someone is signed in (the sign-in page opened anyway, another person at a shared
  // terminal) ends the sign-in this browser had, on the server too (ASVS 7.2.4).
  const previous = store.get(authAtom);
  store.set(authAtom, data);
  if (previous && previous.refreshToken !== data.refreshToken) {
    void import("./api.ts").then((m) => m.endOnServer(previous));
  }
  if (isLanguage(data.user.defaultLanguage)) {
    const lang = data.user.defaultLanguage;
    setPreferenceCookie("wms_lang", lang);
    // The user's own language, once its texts are here.
    void switchLanguage(lang, (l) => store.set(langAtom, l)).catch(() => {});
  }
  let remembered: string | null = null;
  try {
    remembered = sessionStorage.getItem(REMEMBERED);
    sessionStorage.removeItem(REMEMBERED);
  } catch { /* see rememberPath */ }
  const menu = JSON.parse(localStorage.getItem(KEYS.menu) ?? "null") as { lastLink?: string } | null;
  navigate(afterSignIn(remembered, menu?.lastLink ?? null), { replace: true });
}

/** Remembers the last menu link opened, for the next sign-in. */
export function rememberMenuLink(path: string): void {
  const menu = JSON.parse(localStorage.getItem(KEYS.menu) ?? "null") as Record<string, unknown> | null;
  writeStorage(KEYS.menu, { ...(menu ?? {}), lastLink: path });
}

/** Ends the session here; `remember` keeps the current path for after the next sign-in. */
export function signOut(remember = false): void {
  if (remember) rememberPath(store.get(pathAtom));
  // The terminal's cached products and documents go with the session (its queue of unsent steps stays
  // for the same user's next sign-in: nothing done may be lost).
  if (typeof caches !== "undefined") void caches.delete("wms-startup").catch(() => {});
  const startup = store.get(startupAtom);
  if (startup && typeof indexedDB !== "undefined") {
    const owner = `${startup.tenant.slug}:${startup.user.id}`;
    void import("./features/terminal/idb_store.ts").then((m) => m.wipeCache(owner)).catch(() => {});
  }
  store.set(authAtom, null);
  store.set(startupAtom, null);
  writeStorage(KEYS.auth, null);
  navigate("/signin", { replace: true });
}
