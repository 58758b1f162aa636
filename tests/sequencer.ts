// The order vitest starts the test files in: the longest first, by what each took in a full run
// (tests/durations.json, written by scripts/test_durations.ts), and a file not in it before them all. Vitest's
// own order goes by the durations of this machine's last run, which a clean clone (CI) has not, and then by
// size, which put the face sign-in's short file (a minute of browsers) near the end, running alone.
import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const durations: Record<string, number> = JSON.parse(
  readFileSync(new URL("./durations.json", import.meta.url), "utf8"),
);

export class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root + "/";
    const took = (f: TestSpecification) => durations[f.moduleId.replace(root, "")] ?? Infinity;
    return Promise.resolve([...files].sort((a, b) => took(b) - took(a)));
  }
}
