// The write guard's decisions (client/intent.ts): a signed-in page's write is refused while the screen is
// redrawn for a new language or theme, and when nobody has used the page; reads, writes of a page not
// signed in, the terminal's queued scans and the chosen setting itself go.
import { describe, expect, it } from "vitest";
import { langAtom, store, themeAtom } from "./state.ts";
import { watchIntent, writeRefusal, writeStarted } from "./intent.ts";

describe("writeRefusal", () => {
  watchIntent();

  it("lets reads and the writes of a page not signed in go", () => {
    expect(writeRefusal("GET", true)).toBeNull();
    expect(writeRefusal("POST", false)).toBeNull();
  });

  it("refuses a write when no person has used the page, unless it carries a person's queued action", () => {
    expect(writeRefusal("PATCH", true)).toBe("idle");
    expect(writeRefusal("POST", true, "queued")).toBeNull();
  });

  it("is not made to think a person is there by reads or by writes with a cause of their own", () => {
    // A refresh (a read) and a queued scan, both answered: the idle page still writes nothing by itself.
    for (const [method, cause] of [["GET", undefined], ["POST", "queued"], ["POST", "read"]] as const) {
      const answered = writeStarted(method, cause);
      expect(writeRefusal("PATCH", true)).toBe("idle");
      answered();
      expect(writeRefusal("PATCH", true)).toBe("idle");
    }
  });

  it("refuses every write while the screen is redrawn for a new language or theme, but the setting itself", async () => {
    store.set(langAtom, "pl-pl");
    expect(writeRefusal("PATCH", true)).toBe("redraw");
    expect(writeRefusal("PATCH", true, "setting")).toBeNull();
    expect(writeRefusal("POST", true, "queued")).toBeNull();
    store.set(themeAtom, "dark");
    expect(writeRefusal("PUT", true)).toBe("redraw");
    // The redraw ends (here, with no frames, at its time limit).
    await expect.poll(() => writeRefusal("PUT", true), { timeout: 5_000 }).toBe("idle");
  });
});
