import { defineConfig } from "vitest/config";
import { LongestFirst } from "./tests/sequencer.ts";

/** This checkout's folders whose code Deno loads itself in the test processes (see `server.deps.external`). */
const native = new RegExp(
  `^${
    import.meta.dirname!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  }/(server|shared|tenants|demo|widgets|tests/fixtures)/(?!.*\\.test\\.tsx?$)`,
);

export default defineConfig({
  test: {
    include: [
      "server/**/*.test.ts",
      "tenants/**/*.test.ts",
      "client/**/*.test.ts",
      "shared/**/*.test.ts",
      "widgets/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    // A bound against a hang, not a wait (every test waits for states). 60 s: in a clean-clone gate on a
    // loaded 2-core machine (load average ~9) the import wizard's and the shop connection's browser tests,
    // 16 s in a quiet gate, passed 30 s (2026-11-30); the longer tests set bounds of their own.
    testTimeout: 60_000,
    // What a passing test wrote to the console (a server's log of an error the test provoked, a decoder's
    // notes) is left out: it made the log 16,000 lines long, where a failure's own output had to be found.
    silent: "passed-only",
    hookTimeout: 60_000,
    // expect.poll waits for a state and ends as soon as it holds, so its bound costs nothing when the state
    // comes; vitest's default bound (1 s) was a wait for time in disguise: a confirmation queued by a page
    // took longer than that on a loaded machine and the test failed. A poll that must hold sooner says so.
    expect: { poll: { timeout: 15_000 } },
    // Each test file makes its own data directory and server. Three files at a time on a 2-core machine: with
    // two the cores were ~57% busy, the files waiting on their servers, pages and timers (vitest 647 s with
    // two, 565 s with three at 96% busy, the same commit on a clean clone, nothing else running). Three had
    // been slower before (901 s against 762 s) while every browser window ran Chromium's omnibox pop-ups
    // and each context's service worker precached the app (tests/e2e/chromium.ts); TEST_WORKERS sets
    // another number.
    // Each file in a process of its own (isolation on): a thread's own state (db/local.ts's checkpoint on close,
    // which a replicated platform turns off for the thread; a sharded front's count of open transactions)
    // would otherwise carry from one file's server to the next's: without isolation a restored replica came
    // back malformed (vitest 534 s against 565 s, not worth it until that state is per platform).
    maxWorkers: Number(process.env.TEST_WORKERS) || 3,
    // One Chromium for the run, which the browser tests connect to (tests/e2e/chromium.ts).
    globalSetup: ["tests/e2e/shared_browser.ts"],
    // The longest files first, the same order on every machine (tests/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    // The server's rendering bundle (client/build.mjs writes dist/ssr/ssr.js, 9 MB) is imported as Deno imports
    // it in production, not through Vite's transform and module runner, which took seconds in every file.
    // So is the server's code (and shared/, the operator's and demo code, the widgets, the test fixtures): Deno
    // loads TypeScript itself, and keeps what it compiled between processes, where Vite's module runner
    // asked the main process for each of a thousand modules again in every test file's process. Test files,
    // and the client code they import, still go through Vite; none of them is mocked (no vi.mock).
    server: { deps: { external: [/\/dist\/ssr\//, native] } },
  },
});
