import { describe, expect, it } from "vitest";
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError, withTimeout } from "./chunk.ts";

describe("chunk loading", () => {
  it("waits 120 seconds for a chunk", () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it("gives the chunk when it arrives in time, and its own failure when it fails", async () => {
    await expect(withTimeout(() => Promise.resolve("chunk"), 50)).resolves.toBe("chunk");
    await expect(withTimeout(() => Promise.reject(new Error("404")), 50)).rejects.toThrow("404");
  });

  it("gives up with ChunkTimeoutError when the chunk takes longer", async () => {
    const never = () => new Promise<never>(() => {});
    await expect(withTimeout(never, 30)).rejects.toBeInstanceOf(ChunkTimeoutError);
  });
});
