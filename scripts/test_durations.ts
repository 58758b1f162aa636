// Writes tests/durations.json, the seconds each test file took in a full `npm test` (its .vitest-results.json,
// which the gate writes), for tests/sequencer.ts to start the longest first. Run after a full run on a
// 2-core machine when files were added or have grown: `./node_modules/deno/deno run -A scripts/test_durations.ts`.
const report = JSON.parse(Deno.readTextFileSync(".vitest-results.json")) as {
  testResults: { name: string; startTime: number; endTime: number }[];
};
const root = Deno.cwd() + "/";
const durations = Object.fromEntries(
  report.testResults
    .map((f) => [f.name.replace(root, ""), Math.round((f.endTime - f.startTime) / 100) / 10] as const)
    .sort(([a], [b]) => a < b ? -1 : 1),
);
Deno.writeTextFileSync("tests/durations.json", JSON.stringify(durations, null, 2) + "\n");
console.log(`tests/durations.json: ${Object.keys(durations).length} files`);
