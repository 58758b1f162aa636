// The map's checks before and around the cleaner run in linear time: markup made to make them backtrack
// (tags that never close, runs of quotes and attributes, white space inside a width, CSS comments that never
// close, a prelude of comments) is answered within two seconds at the size limit (that time is bounded by
// `deno task bench parse_costs`); before the fix `"<svg>" + "<a"×2000` took 47 s in the pre-parse check
// alone. Each call runs on a worker thread given up past 10 s, so a regression fails instead of hanging the run.
import { afterAll, describe, expect, it } from "vitest";
import { TimedCalls } from "../../../../tests/fixtures/in_worker.ts";

const sanitize = new URL("./sanitize.ts", import.meta.url);
const calls = new TimedCalls();
afterAll(() => calls.close());

/**
 * A text of `unit` repeated to 1 MB, between `head` and `tail`: a fifth of the limit, where a quadratic
 * check takes hours and a linear one a fraction of a second even on a busy machine (the suite in
 * tests/integration/pathological_inputs.test.ts sends the limit itself).
 */
const atLimit = (head: string, unit: string, tail = "") =>
  head + unit.repeat(Math.floor((1024 * 1024 - head.length - tail.length - 16) / unit.length)) + tail;

describe("a map's checks", () => {
  it("answer pathological markup within two seconds, the cleaner included", async () => {
    // The first call loads jsdom and DOMPurify (half a second): not what is measured.
    expect((await calls.call(sanitize, "sanitizeMap", ["warm.svg", "<svg/>"], 30_000)).ok).toBe(true);
    const cases: [string, string][] = [
      ["unclosed tags ×2000 (2 KB)", "<svg>" + "<a".repeat(2000)],
      ["unclosed tags at 10 KB", atLimit("<svg>", "<a").slice(0, 10_240)],
      ["unclosed tags at 1 MB", atLimit("<svg>", "<a")],
      ["closing tags that never close", atLimit("<svg>", "</a")],
      ["quotes", atLimit("<svg><g ", `a="`)],
      ["attribute runs", atLimit("<svg><g", " a")],
      ["white space in a width", atLimit(`<svg height="1" width="1`, " ", `x"></svg>`)],
      ["CSS comments that never close", atLimit(`<svg><rect style="`, "/*", `"/></svg>`)],
      ["a prelude of comments", atLimit("", "<!-- -->", "<svg/>")],
      ["comments that never close", atLimit("<svg>", "<!--")],
      ["a doctype that never closes", atLimit("<!DOCTYPE svg [", "<!ENTITY a ")],
      ["deep nesting", "<svg>" + "<g>".repeat(100_000)],
    ];
    for (const [name, text] of cases) {
      // Answered (a call still running after 10 s, where a quadratic check takes hours, is given up); the
      // two seconds are bounded by `deno task bench parse_costs`.
      const outcome = await calls.call(sanitize, "sanitizeMap", ["plan.svg", text], 10_000);
      expect(outcome.inTime, `${name}: ${Math.round(outcome.ms)} ms`).toBe(true);
      // Cleaned, or refused with the spec's errors: never anything else.
      if (!outcome.ok) expect(["file.typeNotAllowed", "map.fileTooLarge"], name).toContain(outcome.code);
    }
  }, 60_000);

  it(
    "refuse a comment that never closes, and more comment than a drawing holds, before the parser",
    async () => {
      // Taken by the parser, 5 MB of `<!--` was one comment it read for seconds, and the drawing it swallowed
      // was stored empty.
      const limit = 5 * 1024 * 1024 - 1024;
      const cases: [string, string][] = [
        ["`<!--` to the limit", "<svg>" + "<!--".repeat((limit - 5) / 4)],
        [
          "a comment never closed",
          '<svg><rect width="1"/><!-- the rest of the plan' + " ".repeat(1000) + "</svg>",
        ],
        ["a declaration never closed", "<svg><!DOCTYPE svg" + "x".repeat(1000)],
        ["two megabytes of comments", "<svg>" + "<!-- a note -->".repeat(140_000) + "</svg>"],
      ];
      for (const [name, text] of cases) {
        // Refused (within a second: `deno task bench parse_costs`).
        const outcome = await calls.call(sanitize, "sanitizeMap", ["plan.svg", text], 10_000);
        expect(outcome.code, `${name}: ${Math.round(outcome.ms)} ms`).toBe("file.typeNotAllowed");
      }
      // A drawing with its program's comments is cleaned as before.
      const drawn = await calls.call(sanitize, "sanitizeMap", [
        "plan.svg",
        '<!-- Generator: a drawing program --><svg viewBox="0 0 10 10"><!-- layer 1 --><rect width="1"/></svg>',
      ], 10_000);
      expect(drawn.ok).toBe(true);
    },
    60_000,
  );
});
