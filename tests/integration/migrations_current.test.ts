// The drizzle tables are the schema: drizzle-kit generates the migrations from them, loading the entity
// files under Node. This proves both that the committed migrations are what the tables say (a column added
// to a declaration without its migration fails here) and that every entity file still loads outside Deno
// (an import of node:sqlite or a Deno global at module level would break `deno task db:generate`).
import { describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(".");

async function generate(schema: string, migrations: string): Promise<{ output: string; files: string[] }> {
  // drizzle-kit reads `out` relative to its working directory: the copy sits in the project's test data.
  mkdirSync(join(root, ".test-data"), { recursive: true });
  const dir = mkdtempSync(join(root, ".test-data", "migrations-"));
  try {
    const out = join(dir, "out");
    cpSync(join(root, migrations), out, { recursive: true });
    const before = readdirSync(out, { recursive: true }).map(String).sort();
    const config = join(dir, "drizzle.config.mjs");
    writeFileSync(
      config,
      `export default ${
        JSON.stringify({ dialect: "sqlite", schema: `./${schema}`, out: `./${relative(root, out)}` })
      };\n`,
    );
    const { code, stdout, stderr } = await new Deno.Command("node", {
      args: [join(root, "node_modules/drizzle-kit/bin.cjs"), "generate", "--config", config],
      cwd: root,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const output = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
    expect(code, output).toBe(0);
    const after = readdirSync(out, { recursive: true }).map(String).sort();
    return { output, files: after.filter((f) => !before.includes(f)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the committed migrations", () => {
  it("are what the tenant tables declare: drizzle-kit finds nothing to generate", async () => {
    const { output, files } = await generate("server/schema.ts", "migrations/tenant");
    expect(files, output).toEqual([]);
    expect(output).toContain("No schema changes");
  });

  it("are what the control database's tables declare", async () => {
    const { output, files } = await generate("server/tenancy/schema.ts", "migrations/control");
    expect(files, output).toEqual([]);
    expect(output).toContain("No schema changes");
  });
});
