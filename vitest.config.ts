import { defineConfig } from "vitest/config";

/**
 * Files that change what their process keeps for good and so run in a process of their own: the replication
 * tests' in-process supervisors tell its thread that Litestream owns the WAL (leaveWalResetsToReplication), which would
 * hold for every file after it.
 */
const ISOLATED = [
  "tests/integration/replication.test.ts",
  "tests/integration/replication_s3.test.ts",
  "tests/integration/replication_stream.test.ts",
];

const ALL = [
  "server/**/*.test.ts",
  "tenants/**/*.test.ts",
  "client/**/*.test.ts",
  "widgets/**/*.test.ts",
  "tests/**/*.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file makes its own data directory and server; two workers suit a 2-core machine.
    maxWorkers: 2,
    // The server's rendering bundle (client/build.mjs writes dist/ssr/ssr.js, 9 MB) is imported as Deno imports
    // it in production, not through Vite's transform and module runner, which took seconds in every file.
    server: { deps: { external: [/\/dist\/ssr\//] } },
    projects: [
      {
        extends: true,
        // A worker runs file after file with the modules it has imported (the server's, the SSR bundle):
        // importing them again for every file was some 1.5 s a file of a server. Every file closes what it
        // starts; the files run one at a time in a worker, each on its own server and data directory.
        test: { name: "shared", include: ALL, exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED, isolate: true } },
    ],
  },
});
