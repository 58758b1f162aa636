// The layer check (.dependency-cruiser.cjs: the server's layers, no circle between areas, stock below orders,
// client and server apart) as `npm test` runs it (scripts/gate.ts) and tests/integration/layers.test.ts bites
// it. Known violations that other changes remove are in KNOWN_VIOLATIONS (written with
// `--output-type baseline`); a new one fails the run.
import { existsSync } from "node:fs";
import { join } from "node:path";

export const CRUISER = "node_modules/dependency-cruiser/bin/dependency-cruise.mjs";
export const CONFIG = ".dependency-cruiser.cjs";
export const KNOWN_VIOLATIONS = ".dependency-cruiser-known-violations.json";

/** The folders the check reads (those present under `root`): the server and everything that imports it. */
export function layerRoots(root = "."): string[] {
  return ["server", "shared", "client", "widgets", "tenants", "demo", "bench"]
    .filter((dir) => existsSync(join(root, dir)));
}

/** The arguments for `node CRUISER ...`, run in the repository's root. */
export function layerCheckArgs(outputType = "err"): string[] {
  return [
    CRUISER,
    ...layerRoots(),
    "--config",
    CONFIG,
    "--ignore-known",
    KNOWN_VIOLATIONS,
    "--output-type",
    outputType,
  ];
}

// `deno run -A scripts/layers.ts baseline` writes KNOWN_VIOLATIONS anew from what the check finds now (once a
// change removed some, or a merge moved them); `deno run -A scripts/layers.ts` runs the check as npm test does.
if (import.meta.main) {
  const baseline = Deno.args[0] === "baseline";
  const args = baseline
    ? [
      CRUISER,
      ...layerRoots(),
      "--config",
      CONFIG,
      "--output-type",
      "baseline",
      "--output-to",
      KNOWN_VIOLATIONS,
    ]
    : layerCheckArgs();
  const { code } = await new Deno.Command("node", { args, stdout: "inherit", stderr: "inherit" }).output();
  Deno.exit(code);
}
