#!/usr/bin/env node
// `npm start` and `npm test` on a fresh machine: install what is missing (npm packages, the Deno binary
// from the npm package, Debian's chromium and poppler-utils for the tests), then hand over to the Deno task.
// Runs on the machine's Node.js (20+), before any dependency exists, so it uses only node: built-ins.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const task = process.argv[2];
const extra = process.argv.slice(3);
const deno = join(root, "node_modules", "deno", "deno");

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...options });
  if (r.error) return { status: 1, error: r.error };
  return r;
}

function mustRun(cmd, args, what) {
  const r = run(cmd, args);
  if (r.status !== 0) {
    console.error(
      `\n${what} failed (${cmd} ${args.join(" ")}): exit ${r.status}${r.error ? `, ${r.error.message}` : ""}`,
    );
    process.exit(r.status || 1);
  }
}

function npmPackagesStale() {
  const marker = join(root, "node_modules", ".package-lock.json");
  if (!existsSync(marker)) return true;
  const lock = join(root, "package-lock.json");
  return existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000 &&
    readFileSync(lock, "utf8") !== readFileSync(marker, "utf8");
}

if (npmPackagesStale()) {
  // `npm install` rather than `npm ci`: the lock file lists Deno's binaries for this platform only.
  // Errors only: npm's notices that some packages ask for a newer Node.js (EBADENGINE) do not apply, since
  // they run under Deno or in the browser, never on this Node.js; install scripts are approved in
  // package.json's allowScripts (deno's binary, esbuild's).
  console.log("Installing npm packages (the first time: a minute or two)...");
  mustRun("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], "Installing npm packages");
}

if (run(deno, ["--version"], { stdio: "ignore" }).status !== 0) {
  console.log("Fetching the Deno binary of the npm package deno...");
  mustRun(process.execPath, [join(root, "node_modules", "deno", "install.cjs")], "Installing Deno");
}

// The browser tests drive Debian's chromium; the export and label tests read PDFs with poppler's tools.
const debianForTests = { chromium: "/usr/bin/chromium", "poppler-utils": "/usr/bin/pdftotext" };
const missing = Object.entries(debianForTests).filter(([, path]) => !existsSync(path)).map(([name]) => name);
if (task === "test" && missing.length) {
  console.log(`Installing Debian's ${missing.join(" and ")} for the tests...`);
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const apt = (args) =>
    asRoot
      ? run("apt-get", args, { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } })
      : run("sudo", ["-n", "apt-get", ...args]);
  if (
    apt(["update", "-qq"]).status !== 0 ||
    apt(["install", "-y", "-qq", "--no-install-recommends", ...missing]).status !== 0
  ) {
    console.error(`Could not install ${missing.join(" and ")} with apt-get: the tests will report it.`);
  }
}

const tasks = { start: "start", test: "test", bench: "bench" };
if (!tasks[task]) {
  console.error(`usage: node scripts/bootstrap.mjs ${Object.keys(tasks).join("|")}`);
  process.exit(2);
}
const r = run(deno, ["task", tasks[task], ...extra]);
process.exit(r.status ?? 1);
