// The stock engine's lifecycle hooks: each app's registry is its own (tests run several apps in one
// process), handlers run in the order they were registered, and a context without hooks is refused
// aloud rather than skipping what orders must do (an order left behind its documents).
import { describe, expect, it } from "vitest";
import { Hooks } from "../../../kernel/hooks.ts";
import type { Db } from "../../../db/connection.ts";
import { callHooks, documentHooks } from "./hooks.ts";

const tx = {} as Db;
/** A handler that notes its call. */
const note = (calls: string[], what: (...args: unknown[]) => string) => (...args: unknown[]) => {
  calls.push(what(...args));
  return Promise.resolve();
};

describe("callHooks", () => {
  it("runs every handler registered with this app's hooks, in order, and none of another app's", async () => {
    const calls: string[] = [];
    const mine = new Hooks()
      .register(documentHooks, { changed: note(calls, (_tx, orderId) => `first ${orderId}`) })
      .register(documentHooks, { guard: note(calls, () => "guard") })
      .register(documentHooks, { changed: note(calls, (_tx, orderId) => `second ${orderId}`) });
    const other = new Hooks()
      .register(documentHooks, { changed: note(calls, () => "other app") });
    await callHooks({ hooks: mine }, "changed", tx, 7);
    expect(calls).toEqual(["first 7", "second 7"]);
    await callHooks({ hooks: other }, "changed", tx, 8);
    expect(calls).toEqual(["first 7", "second 7", "other app"]);
  });

  it("lets a handler refuse: its error is the verb's", async () => {
    const hooks = new Hooks().register(documentHooks, {
      guard: () => Promise.reject(new Error("refused")),
    });
    await expect(callHooks({ hooks }, "guard", tx, {} as never, "confirm")).rejects.toThrow("refused");
  });

  it("refuses a context that carries no hooks instead of skipping them", async () => {
    await expect(callHooks(undefined, "changed", tx, 1)).rejects.toThrow(/no hooks on this context/);
    await expect(callHooks({} as { hooks: Hooks }, "changed", tx, 1)).rejects.toThrow(/no hooks/);
  });

  it("does nothing where no area registered a handler", async () => {
    await expect(callHooks({ hooks: new Hooks() }, "changed", tx, 1)).resolves.toBeUndefined();
  });
});
