// The layer check bites: dependency-cruiser with the project's own rules (.dependency-cruiser.cjs) run over a
// small tree of files with one wrong-way import of each kind. A rule that no longer matches what it names (a
// path renamed, a regular expression broken) fails here, not silently in CI. The project itself is checked by
// `npm test`'s layers step (scripts/gate.ts, scripts/layers.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CONFIG, CRUISER } from "../../scripts/layers.ts";

const root = resolve(".");

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

async function cruise(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await new Deno.Command("node", {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, output: new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr) };
}

// Each file of the tree and what it imports (paths relative to the tree's root).
const tree: Record<string, string[]> = {
  "server/kernel/errors.ts": [],
  "server/kernel/upward.ts": ["server/domain/stock/ledger.ts"],
  "server/db/local.ts": ["server/kernel/errors.ts"],
  "server/engine/engine.ts": ["server/db/local.ts", "server/http/route.ts"],
  "server/http/route.ts": ["server/engine/engine.ts"],
  "server/domain/stock/ledger.ts": ["server/engine/engine.ts", "server/domain/orders/order.ts"],
  "server/domain/stock/ledger.test.ts": ["server/app.ts", "server/domain/orders/order.ts"],
  "server/domain/orders/order.ts": ["server/domain/stock/ledger.ts"],
  "server/domain/parties/company.ts": ["server/domain/assortment/product.ts"],
  "server/domain/assortment/product.ts": ["server/domain/parties/company.ts", "server/kernel/errors.ts"],
  "server/newfolder/thing.ts": ["server/kernel/errors.ts"],
  "server/main.ts": ["server/app.ts", "demo/password.ts"],
  "server/app.ts": ["server/http/route.ts", "widgets/routes.ts"],
  "server/cluster/placement.ts": ["widgets/routes.ts"],
  "widgets/routes.ts": ["server/domain/parties/company.ts", "server/engine/engine.ts"],
  "demo/password.ts": ["server/kernel/errors.ts"],
  "client/app.ts": ["server/kernel/errors.ts", "shared/meta.ts"],
  "client/app.test.ts": ["server/app.ts"],
  "shared/meta.ts": ["client/app.ts"],
};

describe("the layer check", () => {
  let dir: string;
  let violations: Violation[];

  beforeAll(async () => {
    mkdirSync(join(root, ".test-data"), { recursive: true });
    dir = mkdtempSync(join(root, ".test-data", "layers-"));
    for (const [file, imports] of Object.entries(tree)) {
      mkdirSync(join(dir, dirname(file)), { recursive: true });
      const lines = imports.map((to, i) => {
        let rel = join(...dirname(file).split("/").map(() => "..")) + "/" + to;
        if (!rel.startsWith(".")) rel = "./" + rel;
        return `import { x as x${i} } from "${rel}";\nvoid x${i};`;
      });
      writeFileSync(join(dir, file), `${lines.join("\n")}\nexport const x = 1;\n`);
    }
    const { output } = await cruise(
      [
        join(root, CRUISER),
        "server",
        "client",
        "shared",
        "widgets",
        "demo",
        "--config",
        join(root, CONFIG),
        "--output-type",
        "json",
      ],
      dir,
    );
    violations = (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const found = (rule: string) =>
    violations.filter((v) => v.rule.name === rule).map((v) => `${v.from} -> ${v.to}`).sort();

  it("refuses an import of a higher layer, and nothing the layers allow", () => {
    expect(found("layer-kernel")).toEqual(["server/kernel/upward.ts -> server/domain/stock/ledger.ts"]);
    expect(found("layer-engine")).toEqual(["server/engine/engine.ts -> server/http/route.ts"]);
    // The areas' imports of the engine, the db's of the kernel, the root's of everything: allowed.
    for (const layer of ["layer-db", "layer-areas", "layer-edge"]) expect(found(layer)).toEqual([]);
  });

  it("refuses stock importing orders, in tests too", () => {
    expect(found("stock-not-orders")).toEqual([
      "server/domain/stock/ledger.test.ts -> server/domain/orders/order.ts",
      "server/domain/stock/ledger.ts -> server/domain/orders/order.ts",
    ]);
  });

  it("refuses a circle between areas, and any circle in the server", () => {
    // A circle is reported at one of its imports (whichever the cruise meets first).
    const circle = (rule: string, a: string, b: string) =>
      found(rule).some((edge) => edge === `${a} -> ${b}` || edge === `${b} -> ${a}`);
    expect(circle("no-area-cycle", "server/domain/parties/company.ts", "server/domain/assortment/product.ts"))
      .toBe(true);
    expect(circle("no-area-cycle", "server/domain/orders/order.ts", "server/domain/stock/ledger.ts")).toBe(
      true,
    );
    expect(circle("no-server-cycle", "server/engine/engine.ts", "server/http/route.ts")).toBe(true);
    // Nothing else goes round.
    expect(
      found("no-server-cycle").every((edge) => /(company|product|order|ledger|engine|route)\.ts/.test(edge)),
    )
      .toBe(true);
  });

  it("keeps the server and the client apart, shared/ alone, widgets mounted by the app alone", () => {
    expect(found("server-not-outside")).toEqual(["server/main.ts -> demo/password.ts"]);
    expect(found("widgets-only-from-app")).toEqual(["server/cluster/placement.ts -> widgets/routes.ts"]);
    expect(found("client-not-server")).toEqual(["client/app.ts -> server/kernel/errors.ts"]);
    expect(found("shared-alone")).toEqual(["shared/meta.ts -> client/app.ts"]);
  });

  it("places every server file in a layer", () => {
    expect(found("server-unlayered")).toEqual(["server/newfolder/thing.ts -> server/kernel/errors.ts"]);
  });

  it("lets tests reach anything but orders from stock", () => {
    const fromTests = violations.filter((v) => v.from.endsWith(".test.ts"));
    expect(fromTests.map((v) => v.rule.name)).toEqual(["stock-not-orders"]);
  });
});
