// Heavy parts (tables, calendar, maps, statistics, terminal) load as separate chunks when opened. A chunk
// that has not arrived within 120 seconds (spec section 9) gives up with a clear message and a way to
// refresh, instead of a spinner forever.
// Once the page is idle the chunks of the screens in the user's menu are loaded one by one in the background
// (`preloadScreens`), and a screen whose chunk is here renders at once: a suspended screen is shown by React
// no sooner than 300 ms (its fallback throttle), which was most of the time of opening a screen from the menu.
import { Component, type ComponentType, createElement, lazy, type ReactNode, useState } from "react";
import { useT } from "../i18n/use_t.ts";
import { loadAllTexts } from "../../shared/i18n/mod.ts";
import { Button, Notice } from "../ui/controls.tsx";
import { withTimeout } from "./chunk.ts";

export { CHUNK_TIMEOUT_MS, ChunkTimeoutError, withTimeout } from "./chunk.ts";

/** A chunk to load in the background, and what it serves: screen kinds (routes.ts) or route names. */
interface Preload {
  load: () => Promise<unknown>;
  serves: readonly string[];
}

/** Each screen chunk's loader (and what a screen needs besides, added as it arrives), for the preload. */
const loaders: Preload[] = [];

let at = 0;
/**
 * Something the screen of `route` needs before it can show (a resource's metadata) is loaded with the
 * screens, next: it is small, and it was asked for by a screen's code that is here already.
 */
export function preloadWithScreens(route: string, load: () => Promise<unknown>): void {
  loaders.splice(at, 0, { load, serves: [route] });
}

// deno-lint-ignore no-explicit-any
export function lazyScreen<P extends Record<string, any>>(
  load: () => Promise<{ default: ComponentType<P> }>,
  /** The screen kinds (routes.ts) it draws: it is preloaded for a user whose menu has one of them. */
  serves: readonly string[],
) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  // A part that arrives later arrives with every text (the first script has only the sign-in's).
  const get = () =>
    pending ??= withTimeout(() => Promise.all([load(), loadAllTexts()])).then(([m]) => {
      loaded = m.default;
      return m;
    }, (err) => {
      pending = null;
      throw err;
    });
  loaders.push({ load: get, serves });
  const Lazy = lazy(get);
  function Screen(props: P) {
    // Chosen once per mount (a screen switching from the lazy wrapper to its component would remount).
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Lazy, props);
  }
  /** Loads it now: what is here before hydration renders at once, as the server rendered it. */
  Screen.preload = get;
  /** Whether its code is here (then it renders without suspending). */
  Screen.loaded = () => loaded !== null;
  return Screen;
}

let preloading = false;
/**
 * Loads the chunks of what the user's menu leads to (`wanted`: its routes' screen kinds and names) in the
 * background, one after another when the page is idle (the service worker usually has them already: this is
 * their parsing), so that opening one of those screens later does not wait for it. Nothing else is loaded:
 * a contractor or a terminal's phone gets only its own few screens.
 */
export function preloadScreens(wanted: ReadonlySet<string>): void {
  if (preloading || typeof window === "undefined") return;
  preloading = true;
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
  if (saveData) return;
  const idle = (fn: () => void) =>
    typeof requestIdleCallback === "function"
      ? requestIdleCallback(fn, { timeout: 2_000 })
      : setTimeout(fn, 50);
  // The list itself is the queue (what a loaded chunk adds comes next); each load waits for the one before.
  const next = () => {
    while (at < loaders.length && !loaders[at].serves.some((x) => wanted.has(x))) at++;
    const item = loaders[at++];
    if (item) item.load().catch(() => {/* opened later, it says so */}).finally(() => idle(next));
  };
  idle(next);
}

function ChunkFailed() {
  const t = useT();
  return (
    <Notice kind="error">
      {t.t("shell.chunkTimeout")} <Button onPress={() => location.reload()}>{t.t("common.refresh")}</Button>
    </Notice>
  );
}

/** Catches a chunk that timed out or failed to load, and offers a refresh. */
export class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ChunkFailed /> : this.props.children;
  }
}
