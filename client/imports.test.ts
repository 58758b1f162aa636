// The sign-in page's scripts stay small only while the shell never imports react-aria-components through
// its index: esbuild puts a module in the chunks that can reach it, so one import of the index from a
// statically loaded file drags every component any island uses (the date picker and its 40 locales) into
// the first page. Components are imported by their own path (react-aria-components/Button). Likewise a
// language's catalogue reaches the browser only through shared/i18n/catalogues*.ts, which load it when a
// page needs it: a value imported from en_us.ts elsewhere would put English in every page's scripts.
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

  it("take a language's texts only through the catalogue loader (types may be imported anywhere)", () => {
    // shared/i18n/api/ is the API's own catalogue, which the browser gets only as the errors area's plain texts.
    const scanned = [...sources("client"), ...sources("shared").filter((f) => !/i18n[\\/]api[\\/]/.test(f))];
    const offenders = scanned.filter((f) =>
      !/\.test\.tsx?$/.test(f) && !/i18n[\\/]catalogues(_browser)?\.ts$/.test(f) &&
      /import\s+\{[^}]*\}\s+from\s+["'][./]*(i18n\/)?[a-z]{2}_[a-z]{2}\.ts["']/.test(readFileSync(f, "utf8"))
    );
    expect(offenders).toEqual([]);
  });
});
