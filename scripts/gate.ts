// `npm test` (deno task test): format check, lint, type check, the layer check, the client build, then every
// vitest test (server, client and browser tests); one closing line `N passed, N failed` adds everything up
// (each static check and the build count as one).
//
// On a 2-core machine the steps overlap where nothing waits on them: the format check, lint, the layer check
// (a wrong-way import, .dependency-cruiser.cjs, fails the run) and the client build run side by side, and the type check (the slowest static step, one core's worth of work) goes on
// beside the tests, which need only the build (the browser tests serve dist/) and leave a core part idle.
// A step's output is printed whole when it ends, under its name, with how long it took.
import { layerCheckArgs } from "./layers.ts";

const deno = "./node_modules/deno/deno";
let passed = 0;
let failed = 0;
const failures: string[] = [];
const gateStart = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

interface Step {
  name: string;
  done: Promise<{ ok: boolean; output: Uint8Array; took: string }>;
}

function start(name: string, args: string[], command = deno): Step {
  const t0 = performance.now();
  const done = new Deno.Command(command, { args, stdout: "piped", stderr: "piped" }).output().then((r) => {
    const output = new Uint8Array(r.stdout.length + r.stderr.length);
    output.set(r.stdout);
    output.set(r.stderr, r.stdout.length);
    return { ok: r.code === 0, output, took: seconds(t0) };
  });
  return { name, done };
}

async function finish(step: Step): Promise<boolean> {
  const { ok, output, took } = await step.done;
  console.log(`\n=== ${step.name} (${took})`);
  // A passing step's "Check <file>" lines (deno check names every root it checks) say nothing a count does not,
  // and would push the tests' failures out of a log read from its end.
  const text = new TextDecoder().decode(output);
  // Only "Check <file>": the format check's and lint's closing "Checked N files" stays as they print it.
  // deno-lint-ignore no-control-regex -- the colour codes deno check writes around "Check"
  const isCheck = (l: string) => /^Check /.test(l.replace(/\x1b\[[0-9;]*m/g, ""));
  const lines = text.split("\n");
  const checks = lines.filter(isCheck).length;
  if (ok && checks > 0) {
    const rest = lines.filter((l) => !isCheck(l)).join("\n").trim();
    console.log(`${checks} files checked${rest ? `\n${rest}` : ""}`);
  } else await Deno.stdout.write(output);
  if (ok) passed++;
  else {
    failed++;
    failures.push(step.name);
  }
  return ok;
}

const typeCheck = start("type check (deno check)", [
  "check",
  "server/",
  "tenants/",
  "demo/",
  "tests/",
  "bench/",
  "client/",
  "shared/",
  "scripts/gate.ts",
  "scripts/screenshots.ts",
  "scripts/start.ts",
]);
const format = start("format check (deno fmt --check)", ["fmt", "--check"]);
const lint = start("lint (deno lint)", ["lint"]);
const layers = start("layers (dependency-cruiser, .dependency-cruiser.cjs)", layerCheckArgs(), "node");
const build = start("client build (esbuild, vanilla-extract, workbox)", ["client/build.mjs"], "node");
await finish(format);
await finish(lint);
await finish(layers);
await finish(build);

console.log("\n=== tests (vitest)");
const testsStart = performance.now();
const report = ".vitest-results.json";
try {
  Deno.removeSync(report);
} catch { /* absent */ }
const vitest = await new Deno.Command(deno, {
  args: [
    "run",
    "-A",
    "node_modules/vitest/vitest.mjs",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...Deno.args,
  ],
  stdout: "inherit",
  stderr: "inherit",
}).output();
try {
  const r = JSON.parse(Deno.readTextFileSync(report)) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    success: boolean;
    testResults: Array<{
      status: string;
      name: string;
      message?: string;
      assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
    }>;
  };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A file that failed to load has no failed test but must not pass unnoticed.
  // Each failed test by name with its message's first line, repeated at the end of the log, where a reader of
  // its tail (CI shows the tail) finds it.
  for (const file of r.testResults) {
    for (const t of file.assertionResults.filter((a) => a.status === "failed")) {
      const why = t.failureMessages?.[0]?.split("\n")[0]?.slice(0, 300) ?? "";
      failures.push(`${file.name.replace(Deno.cwd() + "/", "")} > ${t.fullName}: ${why}`);
    }
  }
  const broken = r.testResults.filter((t) => t.status === "failed" && t.message);
  for (const b of broken) failures.push(`${b.name}: ${b.message?.split("\n")[0]}`);
  if (r.numFailedTests === 0 && (broken.length > 0 || vitest.code !== 0)) {
    failed += Math.max(1, broken.length);
  }
  if (r.numTotalTests === 0) {
    failures.push("vitest ran no test");
    failed++;
  }
} catch {
  failures.push(`vitest produced no report (exit ${vitest.code})`);
  failed++;
}

console.log(`\n(vitest took ${seconds(testsStart)})`);
await finish(typeCheck);

console.log(`\nthe gate took ${seconds(gateStart)}`);
if (failures.length) console.log(`\nFailed:\n- ${failures.join("\n- ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
Deno.exit(failed ? 1 : 0);
