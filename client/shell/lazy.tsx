// Heavy parts (tables, calendar, maps, statistics, terminal) load as separate chunks when opened. A chunk
// that has not arrived within 120 seconds (spec section 9) gives up with a clear message and a way to
// refresh, instead of a spinner forever.
// Once the page is idle the screens' chunks are loaded one by one in the background (`preloadScreens`), and a
// screen whose chunk is here renders at once: a suspended screen is shown by React no sooner than 300 ms
// (its fallback throttle), which was most of the time of opening any screen from the menu.
import { Component, type ComponentType, createElement, lazy, type ReactNode, useState } from "react";
import { useT } from "../i18n/use_t.ts";
import { Button, Notice } from "../ui/controls.tsx";
import { withTimeout } from "./chunk.ts";

export { CHUNK_TIMEOUT_MS, ChunkTimeoutError, withTimeout } from "./chunk.ts";

/** Each screen chunk's loader (and what a screen needs besides, added as it arrives), for the preload. */
const loaders: Array<() => Promise<unknown>> = [];

let at = 0;
/**
 * Something a screen needs before it can show (a resource's metadata) is loaded with the screens, next:
 * it is small, and it was asked for by a screen's code that is here already.
 */
export function preloadWithScreens(load: () => Promise<unknown>): void {
  loaders.splice(at, 0, load);
}

// deno-lint-ignore no-explicit-any
export function lazyScreen<P extends Record<string, any>>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const get = () =>
    pending ??= withTimeout(load).then((m) => {
      loaded = m.default;
      return m;
    }, (err) => {
      pending = null;
      throw err;
    });
  loaders.push(get);
  const Lazy = lazy(get);
  function Screen(props: P) {
    // Chosen once per mount (a screen switching from the lazy wrapper to its component would remount).
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Lazy, props);
  }
  return Screen;
}

let preloading = false;
/**
 * Loads every screen's chunk in the background, one at a time when the page is idle (the service worker
 * usually has them already: this is their parsing), so that opening a screen later does not wait for it.
 */
export function preloadScreens(): void {
  if (preloading || typeof window === "undefined") return;
  preloading = true;
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData;
  if (saveData) return;
  // The list itself is the queue (what a loaded chunk adds comes next). One load at a time, in idle moments;
  // one that takes long (a chunk that waits on something of its own) does not hold the others up.
  const idle = (fn: () => void) =>
    typeof requestIdleCallback === "function"
      ? requestIdleCallback(fn, { timeout: 2_000 })
      : setTimeout(fn, 50);
  const next = () => {
    const load = loaders[at++];
    if (!load) return;
    let moved = false;
    const onward = () => {
      if (moved) return;
      moved = true;
      idle(next);
    };
    load().catch(() => {/* opened later, it says so */}).finally(onward);
    setTimeout(onward, 1_000);
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
