// The client reads each resource's metadata from shared/resources/generated/, written from the server's
// declarations by scripts/resource_meta.ts. A declaration changed without rewriting them (or a file edited
// by hand, or one left over from a removed entity) fails here: `deno task resource-meta` rewrites them.
import { describe, expect, it } from "vitest";
import { declaredMetas, GENERATED_DIR } from "../../scripts/resource_meta.ts";
import { metaLoaders } from "../../shared/resources/generated/index.ts";

const rewrite = "run `deno task resource-meta`";

describe("the generated resource metadata", () => {
  it("is one file per entity's metadata, each holding what the server declares now", async () => {
    const declared = await declaredMetas();
    expect(declared.length).toBeGreaterThan(30);
    const files: string[] = [];
    for await (const e of Deno.readDir(GENERATED_DIR)) files.push(e.name);
    expect(files.sort(), rewrite).toEqual([...declared.map((d) => d.file), "index.ts"].sort());
    for (const d of declared) {
      const generated = await import(new URL(d.file, GENERATED_DIR).href) as Record<string, unknown>;
      expect(generated[d.name], `${d.file} (from ${d.source}): ${rewrite}`).toEqual(d.meta);
    }
  });

  it("is found by each resource's name in the index", async () => {
    const declared = await declaredMetas();
    expect(Object.keys(metaLoaders).sort(), rewrite).toEqual(declared.map((d) => d.meta.resource).sort());
    for (const d of declared) expect(await metaLoaders[d.meta.resource](), d.meta.resource).toEqual(d.meta);
  });
});
