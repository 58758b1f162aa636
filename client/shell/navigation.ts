// Path-based navigation (base "/") with the guard run before each move.
import { authAtom, pathAtom, store } from "../state.ts";
import { guard } from "./routes.ts";

type Listener = () => void;
const beforeNavigate = new Set<Listener>();

/** Runs before each navigation (the right-hand drawer closes itself this way). */
export function onNavigate(fn: Listener): () => void {
  beforeNavigate.add(fn);
  return () => beforeNavigate.delete(fn);
}

export function currentFullPath(): string {
  const { pathname, search, hash } = globalThis.location;
  return pathname + search + hash;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  for (const fn of beforeNavigate) fn();
  const verdict = guard(to, store.get(authAtom) !== null);
  if (verdict.kind === "signin") {
    try {
      sessionStorage.setItem("wms.remembered", verdict.remember);
    } catch { /* no session storage */ }
    to = "/signin";
    options = { replace: true };
  }
  if (to !== currentFullPath()) {
    if (options.replace) history.replaceState(null, "", to);
    else history.pushState(null, "", to);
  }
  store.set(pathAtom, to);
  globalThis.scrollTo?.(0, 0);
}

/** Applies the guard to the address the page was opened with, and follows back/forward. */
export function startNavigation(): void {
  navigate(currentFullPath(), { replace: true });
  globalThis.addEventListener("popstate", () => navigate(currentFullPath(), { replace: true }));
}
