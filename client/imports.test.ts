// The sign-in page's scripts stay small only while the shell never imports react-aria-components through
// its index: esbuild puts a module in the chunks that can reach it, so one import of the index from a
// statically loaded file drags every component any island uses (the date picker and its 40 locales) into
// the first page. Components are imported by their own path (react-aria-components/Button).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const sources = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));

describe("client imports", () => {
  it("take react-aria-components by component, never through its index", () => {
    const offenders = sources("client").filter((f) =>
      /from\s+["']react-aria-components["']/.test(readFileSync(f, "utf8"))
    );
    expect(offenders).toEqual([]);
  });
});
