// One verb of a dialog (confirm, revert, ship, assign, send...): busy while it runs, what follows a
// success (a toast, a refresh) only once it succeeded, and a refusal in the user's language: the
// server's message in a notice and/or a toast, and its field codes for the fields they name. The steps
// are a reducer and a plain function so that they are tested without a browser; useVerb joins them.
import { useCallback, useReducer } from "react";
import { errorMessage, fieldErrorMessages } from "../../errors.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { useT } from "../../i18n/use_t.ts";
import { pushToast } from "../../state.ts";

export interface VerbState {
  busy: boolean;
  /** The last refusal's message, for a notice in the dialog (null when shown as a toast only). */
  refusal: string | null;
  /** The last refusal's messages by field. */
  fields: Record<string, string[]>;
}

export type VerbEvent =
  | { type: "start" }
  | { type: "succeeded" }
  | { type: "refused"; message: string | null; fields: Record<string, string[]> }
  | { type: "dismiss" };

export const idleVerb: VerbState = { busy: false, refusal: null, fields: {} };

/** A new try forgets the last refusal; a refusal replaces it; dismissing clears it without a try. */
export function verbReducer(state: VerbState, event: VerbEvent): VerbState {
  switch (event.type) {
    case "start":
      return { busy: true, refusal: null, fields: {} };
    case "succeeded":
      return { ...state, busy: false };
    case "refused":
      return { busy: false, refusal: event.message, fields: event.fields };
    case "dismiss":
      return { ...state, refusal: null, fields: {} };
  }
}

/** Where a refusal's message goes: a notice in the dialog, a toast, or both. */
export type RefusalShown = "notice" | "toast" | "both";

export interface VerbSteps<T> {
  /** After a success, still busy (a toast, a refresh awaited, closing the dialog); a throw is a refusal. */
  done?: (result: T) => unknown;
  /** After either outcome (closing a question asked before the verb). */
  settled?: () => void;
  show?: RefusalShown;
}

/** Runs one verb through its steps; true when it succeeded. */
export async function runVerb<T>(
  dispatch: (event: VerbEvent) => void,
  toast: (text: string) => void,
  t: Translator,
  call: () => Promise<T>,
  steps: VerbSteps<T> = {},
): Promise<boolean> {
  const show = steps.show ?? "both";
  dispatch({ type: "start" });
  try {
    const result = await call();
    await steps.done?.(result);
    dispatch({ type: "succeeded" });
    return true;
  } catch (err) {
    const message = errorMessage(t, err);
    dispatch({
      type: "refused",
      message: show === "toast" ? null : message,
      fields: fieldErrorMessages(t, err),
    });
    if (show !== "notice") toast(message);
    return false;
  } finally {
    steps.settled?.();
  }
}

/** A dialog's verb state and its runner; `show` is where refusals go unless a run says otherwise. */
export function useVerb(defaults: { show?: RefusalShown } = {}) {
  const t = useT();
  const [state, dispatch] = useReducer(verbReducer, idleVerb);
  const show = defaults.show;
  const run = useCallback(
    <T>(call: () => Promise<T>, steps: VerbSteps<T> = {}) =>
      runVerb(dispatch, (text) => pushToast("error", text), t, call, { show, ...steps }),
    [t, show],
  );
  const dismiss = useCallback(() => dispatch({ type: "dismiss" }), []);
  return { ...state, run, dismiss };
}
