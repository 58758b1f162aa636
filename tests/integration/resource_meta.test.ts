// The client reads each resource's metadata from shared/resources/generated/, written from the server's
// declarations by scripts/resource_meta.ts. A declaration changed without rewriting them (or a file edited
// by hand, or one left over from a removed entity) fails here: `deno task resource-meta` rewrites them.
import { describe, expect, it } from "vitest";
import { declaredMetas, GENERATED_DIR } from "../../scripts/resource_meta.ts";

describe("the generated resource metadata", () => {
  it("is one file per entity's metadata, each holding what the server declares now", async () => {
    const declared = await declaredMetas();
    expect(declared.length).toBeGreaterThan(30);
    const files: string[] = [];
    for await (const e of Deno.readDir(GENERATED_DIR)) files.push(e.name);
    expect(files.sort(), "run `deno task resource-meta`").toEqual(declared.map((d) => d.file).sort());
    for (const d of declared) {
      const generated = await import(new URL(d.file, GENERATED_DIR).href) as Record<string, unknown>;
      expect(generated[d.name], `${d.file} (from ${d.source}): run \`deno task resource-meta\``).toEqual(
        d.meta,
      );
    }
  });
});
