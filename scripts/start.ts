// `npm start` (deno task start): build the client, migrate every database, seed the demo tenant, serve —
// a line for each step as it begins and how long it took, so that a newcomer never waits on a silent
// terminal. The server's own line gives the URL; the demo sign-in follows it.
import { loadConfig } from "../server/config.ts";
import { demoPassword } from "../demo/password.ts";

const deno = "./node_modules/deno/deno";

async function step(n: number, what: string, command: string, args: string[]): Promise<void> {
  console.log(`[${n}/4] ${what}`);
  const started = performance.now();
  const { code } = await new Deno.Command(command, { args, stdout: "inherit", stderr: "inherit" }).output();
  if (code !== 0) {
    console.error(`\n${what.replace(/…$/, "")} failed (exit ${code}).`);
    Deno.exit(code);
  }
  console.log(`      done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await step(1, "Building the client (esbuild, vanilla-extract, workbox)…", "node", ["client/build.mjs"]);
await step(2, "Migrating the control database and every tenant database…", deno, [
  "run",
  "-A",
  "tenants/cli.ts",
  "migrate",
]);
await step(
  3,
  "Seeding the demo tenant (the first time: master data and half a year of stock history, up to a minute)…",
  deno,
  ["run", "-A", "tenants/cli.ts", "seed-demo"],
);
console.log("[4/4] Starting the server…");
const server = new Deno.Command(deno, {
  args: ["run", "-A", "server/main.ts"],
  stdout: "inherit",
  stderr: "inherit",
  // The demo's password for the server's start line (the server imports nothing of demo/); the process's
  // environment is its user's alone, as DATA_DIR/demo-password is.
  env: { WMS_DEMO_HINT: demoPassword(loadConfig()) },
}).spawn();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    try {
      server.kill(signal);
    } catch { /* already gone */ }
  });
}
Deno.exit((await server.status).code);
