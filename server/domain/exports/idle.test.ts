// An XLSX export whose reader stalls without going away (write.ts, EXPORT_READER_IDLE_MS): its writer's
// thread goes back once the reader has taken nothing for that long, and its rows' walk ends. Here 200 ms, in a
// file of its own: the setting is read when write.ts is loaded.
import { describe, expect, it } from "vitest";
import type { Row } from "../../../shared/list/format.ts";
import { translator } from "../../../shared/i18n/mod.ts";
import type { FieldMeta } from "../../../shared/resources/meta.ts";

Deno.env.set("EXPORT_READER_IDLE_MS", "200");
const { exportStream } = await import("./write.ts");

const field: FieldMeta = { name: "index", kind: "text", labelKey: "field.index" };

function walk() {
  const seen = { chunks: 0, ended: false };
  async function* rows(): AsyncGenerator<Row[]> {
    try {
      for (let c = 0; c < 1000; c++) {
        seen.chunks++;
        yield Array.from({ length: 1000 }, (_, i) => ({ id: c * 1000 + i + 1, index: `P-${c * 1000 + i}` }));
      }
    } finally {
      seen.ended = true;
    }
  }
  return { seen, rows: rows() };
}

const open = async (rows: AsyncIterator<Row[]>) =>
  (await exportStream("xlsx", {
    title: "Stalled",
    columns: [{ field, label: "Index" }],
    t: translator("en-us"),
    currency: "EUR",
    summary: [],
  }, rows)).getReader();

describe("an XLSX export whose reader stalls", () => {
  it("gives its writer's thread back and ends its walk once the reader has taken nothing for a while", async () => {
    // Both threads (EXPORT_WORKERS, 2) taken by readers that read once and then stall.
    const stalled = [walk(), walk()];
    const readers = await Promise.all(stalled.map((w) => open(w.rows)));
    for (const r of readers) expect((await r.read()).done).toBe(false);
    await expect.poll(() => stalled.every((w) => w.seen.ended), { timeout: 30_000 }).toBe(true);
    // Their next read says why.
    await expect(readers[0].read()).rejects.toThrow("the reader took nothing of the file for 200 ms");
    // Both threads free: two new exports each write.
    const fresh = await Promise.all([walk(), walk()].map((w) => open(w.rows)));
    for (const r of fresh) expect((await r.read()).done).toBe(false);
    for (const r of fresh) await r.cancel();
  });
});
