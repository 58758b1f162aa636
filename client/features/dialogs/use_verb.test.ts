// A dialog verb's states: busy while it runs, what follows a success only after it, a refusal in the
// user's language where the dialog shows it (notice, toast or both) with its field messages, and a new
// try forgetting the last refusal.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api.ts";
import { translator } from "../../../shared/i18n/mod.ts";
import { idleVerb, runVerb, type VerbEvent, verbReducer, type VerbState } from "./use_verb.ts";

const t = translator("en-us");
const refusal = () =>
  new ApiError(422, "validation.failed", "Validation failed", { price: ["validation.required"] });

/** Runs a verb as the hook does, recording every state it passes through and every toast. */
async function trace<T>(
  call: () => Promise<T>,
  steps: Parameters<typeof runVerb<T>>[4] = {},
  from = idleVerb,
) {
  let state: VerbState = from;
  const states: VerbState[] = [];
  const toasts: string[] = [];
  const order: string[] = [];
  const dispatch = (e: VerbEvent) => {
    state = verbReducer(state, e);
    states.push(state);
    order.push(e.type);
  };
  const ok = await runVerb(dispatch, (text) => toasts.push(text), t, call, {
    ...steps,
    done: steps.done && ((r: T) => (order.push(state.busy ? "done while busy" : "done"), steps.done!(r))),
    settled: () => (order.push("settled"), steps.settled?.()),
  });
  return { ok, state, states, toasts, order };
}

describe("verbReducer", () => {
  it("is busy from the start until it succeeds, keeping no refusal", () => {
    const started = verbReducer(idleVerb, { type: "start" });
    expect(started).toEqual({ busy: true, refusal: null, fields: {} });
    expect(verbReducer(started, { type: "succeeded" })).toEqual(idleVerb);
  });

  it("keeps a refusal until the next try or a dismissal", () => {
    const refused = verbReducer(verbReducer(idleVerb, { type: "start" }), {
      type: "refused",
      message: "No",
      fields: { price: ["Required"] },
    });
    expect(refused).toEqual({ busy: false, refusal: "No", fields: { price: ["Required"] } });
    expect(verbReducer(refused, { type: "start" })).toEqual({ busy: true, refusal: null, fields: {} });
    expect(verbReducer(refused, { type: "dismiss" })).toEqual(idleVerb);
  });
});

describe("runVerb", () => {
  it("runs what follows a success while still busy, then settles", async () => {
    const results: number[] = [];
    const r = await trace(() => Promise.resolve(41), { done: (n) => results.push(n) });
    expect(r.ok).toBe(true);
    expect(results).toEqual([41]);
    expect(r.order).toEqual(["start", "done while busy", "succeeded", "settled"]);
    expect(r.state).toEqual(idleVerb);
    expect(r.toasts).toEqual([]);
  });

  it("shows a refusal in a notice and a toast by default, with its field messages", async () => {
    const r = await trace(() => Promise.reject(refusal()), {
      done: () => expect.fail("not after a refusal"),
    });
    expect(r.ok).toBe(false);
    expect(r.order).toEqual(["start", "refused", "settled"]);
    expect(r.state.busy).toBe(false);
    expect(r.state.refusal).toBe(t.t("apiError.validation.failed"));
    expect(r.toasts).toEqual([t.t("apiError.validation.failed")]);
    expect(r.state.fields).toEqual({ price: [t.t("validation.required")] });
  });

  it("shows a refusal only where the dialog asks", async () => {
    const toast = await trace(() => Promise.reject(refusal()), { show: "toast" });
    expect(toast.state.refusal).toBeNull();
    expect(toast.toasts).toHaveLength(1);
    const notice = await trace(() => Promise.reject(refusal()), { show: "notice" });
    expect(notice.state.refusal).toBe(t.t("apiError.validation.failed"));
    expect(notice.toasts).toEqual([]);
  });

  it("treats a failure in what follows the call as a refusal", async () => {
    const r = await trace(() => Promise.resolve(1), {
      done: () => Promise.reject(new ApiError(0, "network", "")),
    });
    expect(r.ok).toBe(false);
    expect(r.state.refusal).toBe(t.t("error.network"));
  });

  it("forgets the last refusal when tried again", async () => {
    const first = await trace(() => Promise.reject(refusal()));
    const second = await trace(() => Promise.resolve(null), {}, first.state);
    expect(second.states[0]).toEqual({ busy: true, refusal: null, fields: {} });
    expect(second.state).toEqual(idleVerb);
  });
});
