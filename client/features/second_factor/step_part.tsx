// The second factor's step where a sign-in shows it (the sign-in page, a third party's return): its own
// chunk, loaded when a password or a third party asks for the second factor, with the texts the sign-in
// page's first script leaves out (client/shell/lazy.tsx).
import { Suspense } from "react";
import type { SecondFactorChallenge } from "../../state.ts";
import { useT } from "../../i18n/use_t.ts";
import { ChunkBoundary, lazyScreen } from "../../shell/lazy.tsx";
import { Loading } from "../../ui/loading.tsx";

const Step = lazyScreen<{ challenge: SecondFactorChallenge; onCancel: () => void }>(
  () => import("./step.tsx").then((m) => ({ default: m.SecondFactorStep })),
  [],
);

/** Loads the step ahead (a person started signing in). */
export const preloadSecondFactorStep: () => Promise<unknown> = Step.preload;

export function SecondFactorStep(p: { challenge: SecondFactorChallenge; onCancel: () => void }) {
  const t = useT();
  return (
    <ChunkBoundary>
      <Suspense fallback={<Loading text={t.t("common.loading")} />}>
        <Step challenge={p.challenge} onCancel={p.onCancel} />
      </Suspense>
    </ChunkBoundary>
  );
}
