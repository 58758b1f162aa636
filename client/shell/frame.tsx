// The signed-in frame (menu, header, favorites: ./layout.tsx) is its own chunk, and it brings the texts the
// first script of a language leaves out (shared/i18n/catalogues_browser.ts): the sign-in page loads neither.
// A page drawn in the frame loads it before hydrating (client/boot.tsx); the sign-in page starts loading it
// once someone starts signing in.
import { type ReactNode, Suspense, useState } from "react";
import { ChunkBoundary, lazyScreen } from "./lazy.tsx";
import { matchPath } from "./routes.ts";
import { Loading } from "../ui/loading.tsx";
import { useT } from "../i18n/use_t.ts";

const Frame = lazyScreen<{ children: ReactNode }>(
  () => import("./layout.tsx").then((m) => ({ default: m.MainLayout })),
  [],
);

/** Loads the frame and every text (once; later calls answer the same promise). */
export const preloadFrame: () => Promise<unknown> = Frame.preload;

function Waiting() {
  const t = useT();
  return <Loading text={t.t("common.loading")} />;
}

/**
 * The signed-in frame around `children`. Where its chunk is here already (the server's render, a page that
 * loaded it before hydrating) it is drawn without a Suspense boundary: React hydrates a boundary's content
 * after the rest of the page, when the session read from local storage has already changed what the frame
 * shows (the user's initial where the server drew none), which it reports as a mismatch.
 */
export function MainLayout(p: { children: ReactNode }) {
  const [here] = useState(Frame.loaded);
  if (here) return <Frame>{p.children}</Frame>;
  return (
    <ChunkBoundary>
      <Suspense fallback={<Waiting />}>
        <Frame>{p.children}</Frame>
      </Suspense>
    </ChunkBoundary>
  );
}

/** The screens drawn without the frame, signed in or not. */
const unframed = new Set(["signin", "oidcReturn", "activate", "recovery", "title", "shared"]);

/** Whether the page at `path` is drawn in the signed-in frame (an unknown address is not, until signed in). */
export function framed(path: string): boolean {
  const match = matchPath(path.split("?")[0]);
  return match !== undefined && !unframed.has(match.route.screen);
}
