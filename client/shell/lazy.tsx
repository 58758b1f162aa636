// Heavy parts (tables, calendar, maps, statistics, terminal) load as separate chunks when opened. A chunk
// that has not arrived within 120 seconds (spec section 9) gives up with a clear message and a way to
// refresh, instead of a spinner forever.
import { Component, type ComponentType, lazy, type ReactNode } from "react";
import { useT } from "../i18n/use_t.ts";
import { Button, Notice } from "../ui/controls.tsx";
import { withTimeout } from "./chunk.ts";

export { CHUNK_TIMEOUT_MS, ChunkTimeoutError, withTimeout } from "./chunk.ts";

// deno-lint-ignore no-explicit-any
export function lazyScreen<P extends Record<string, any>>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  return lazy(() => withTimeout(load));
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
