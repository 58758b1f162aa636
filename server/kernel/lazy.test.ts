import { describe, expect, it } from "vitest";
import { lazy } from "./lazy.ts";

describe("lazy", () => {
  it("loads at the first call only, and every call gets what it loaded", async () => {
    let loads = 0;
    const get = lazy(() => Promise.resolve(++loads));
    expect(loads).toBe(0);
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    expect(await get()).toBe(1);
    expect(loads).toBe(1);
  });

  it("loads again at the next call after a load that failed", async () => {
    let loads = 0;
    const get = lazy(() => ++loads === 1 ? Promise.reject(new Error("not yet")) : Promise.resolve(loads));
    await expect(get()).rejects.toThrow("not yet");
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
  });
});
