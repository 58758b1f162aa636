// Parse costs and the job pool's hand-over, which the unit tests prove by states (a refusal, a scaling ratio,
// a detached buffer, the limit that ended a job) and whose time budgets are held here, on a machine one can
// keep quiet: a long run of number marks read (shared/i18n/number_text.ts), 100,000 digits as a day
// (shared/i18n/dates.ts) and as a typed lot date (client/features/terminal/typed_date.ts), 20 MB and 5 MB
// handed to a pool job, a job past its own 0.3 s limit ended (bounds on the median of the runs); and the
// import text check and the map's checks on the cases of their unit tests (each call within its bound).
import { numberMarks, readNumberText } from "../shared/i18n/number_text.ts";
import { readDayText } from "../shared/i18n/dates.ts";
import { readTypedDate } from "../client/features/terminal/typed_date.ts";
import { JobPool } from "../server/kernel/jobs/pool.ts";
import { readTable } from "../server/domain/imports/read.ts";
import { sanitizeMap } from "../server/domain/storage/maps/sanitize.ts";
import {
  begin,
  type BenchResult,
  collectGarbage,
  type Distribution,
  distribution,
  pctl,
  progress,
  timeEach,
  writeResult,
} from "./lib.ts";

export const NAME = "parse_costs";

/** A case's name and its text, made when it is timed (one big text alive at a time). */
type Case = [string, () => string];

const PARAMS = {
  runs: 20,
  poolRuns: 5,
  bounds: {
    /** shared/i18n/number_text.test.ts: "takes time in proportion to the text". */
    numberTextMs: 1_000,
    /** shared/i18n/dates.test.ts and typed_date.test.ts: "takes long input at once". */
    dayTextMs: 100,
    typedDateMs: 100,
    /** server/kernel/jobs/pool.test.ts: a 20 MB typed array handed over "as fast as its buffer". */
    handOverMs: 1_000,
    /** server/kernel/jobs/pool.test.ts: a job past its 300 ms limit ended soon after. */
    timeLimitEndMs: 2_000,
    /** server/domain/imports/read.test.ts: 20 MB of what no import file holds refused. */
    importCheckMs: 400,
    /** server/domain/storage/maps/sanitize.test.ts: pathological markup answered, the cleaner included. */
    mapMarkupMs: 2_000,
    /** server/domain/storage/maps/sanitize.test.ts: comments refused before the parser. */
    mapCommentsMs: 1_000,
  },
};

interface Results {
  numberText: Distribution;
  dayText: Distribution;
  typedDate: Distribution;
  handOver20Mb: Distribution;
  handOver5Mb: Distribution;
  timeLimitEnd: Distribution;
  /** Each case's one call (after a warm-up), milliseconds. */
  importCheck: Record<string, number>;
  mapMarkup: Record<string, number>;
  mapComments: Record<string, number>;
  exceeded: string[];
}

const job = new URL("../tests/fixtures/sample_job.ts", import.meta.url).href;
const refusal = { code: "import.fileTooLarge" as const };

export async function run(): Promise<BenchResult> {
  const started = begin();
  const b = PARAMS.bounds;
  progress(NAME, `${PARAMS.runs} runs of each parse`);
  const marks = numberMarks("en-US");
  const long = "1" + ",1".repeat(200_000);
  const digits = "1".repeat(100_000) + "/";
  const numberText = distribution(await timeEach(PARAMS.runs, () => readNumberText(long, marks)));
  const dayText = distribution(
    await timeEach(PARAMS.runs, () => readDayText(digits, ["day", "month", "year"])),
  );
  const typedDate = distribution(await timeEach(PARAMS.runs, () => readTypedDate(digits, "en-us")));

  progress(NAME, `${PARAMS.poolRuns} hand-overs of 20 MB and 5 MB, ${PARAMS.poolRuns} jobs past their limit`);
  const pool = new JobPool({ size: 1, memoryMb: 256, timeoutMs: 20_000 });
  let handOver20Mb: Distribution, handOver5Mb: Distribution, timeLimitEnd: Distribution;
  try {
    await pool.run({ module: job, input: { kind: "sleep", ms: 1 }, owner: "a", refusal });
    const handOver = (size: number) => async () => {
      const bytes = new Uint8Array(size).fill(0x79);
      const got = await pool.run<number>({
        module: job,
        input: { kind: "size", bytes },
        transfer: [bytes.buffer],
        owner: "a",
        refusal,
      });
      if (got !== size) throw new Error(`the job saw ${got} bytes, not ${size}`);
    };
    handOver20Mb = distribution(await timeEach(PARAMS.poolRuns, handOver(20 << 20)));
    handOver5Mb = distribution(await timeEach(PARAMS.poolRuns, handOver(5 << 20)));
    timeLimitEnd = distribution(
      await timeEach(PARAMS.poolRuns, async () => {
        const err = await pool.run({
          module: job,
          input: { kind: "loop" },
          owner: "a",
          refusal,
          timeoutMs: 300,
        })
          .then(() => undefined, (e) => e);
        if (err?.details?.params?.exceeded !== "time") throw new Error(`the loop was not ended: ${err}`);
      }),
    );
  } finally {
    pool.close();
  }

  progress(NAME, "import texts of 20 MB and maps of 1 to 5 MB");
  const MB = 1024 * 1024;
  const fill = (size: number, head: string, unit: string, tail = "") =>
    head + unit.repeat(Math.floor((size - head.length - tail.length) / unit.length)) + tail;
  const timeOne = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn().catch(() => undefined); // a refusal is the expected answer
    return Math.round((performance.now() - t0) * 10) / 10;
  };
  await readTable(new TextEncoder().encode("a,b\n1,2\n"));
  const n = 20 * MB - 64 * 1024;
  const importCheck: Record<string, number> = {};
  for (
    const [name, make] of [
      ["a long line", () => fill(n, "index,name\nL-1,", "y")],
      ["many columns", () => fill(n, "", "c,")],
      ["many quotes", () => fill(n, 'index,name\nQ-1,"', '""', '"')],
      ["a quote never closed", () => fill(n, 'index,name\nQ-2,"', "x")],
      ["many rows", () => fill(n, "index,name\n", "R,r\n")],
      ["many blank rows", () => fill(n, "index,name\n", "\r\n")],
      ["a wide row below a narrow header", () => fill(n, "index,name\nW-1,w\n", ",")],
    ] as Case[]
  ) {
    const bytes = new TextEncoder().encode(make());
    collectGarbage();
    importCheck[name] = await timeOne(() => readTable(bytes));
  }
  await sanitizeMap("warm.svg", "<svg/>");
  const atLimit = (head: string, unit: string, tail = "") => fill(MB - 16, head, unit, tail);
  const mapMarkup: Record<string, number> = {};
  for (
    const [name, make] of [
      ["unclosed tags ×2000 (2 KB)", () => "<svg>" + "<a".repeat(2000)],
      ["unclosed tags at 10 KB", () => atLimit("<svg>", "<a").slice(0, 10_240)],
      ["unclosed tags at 1 MB", () => atLimit("<svg>", "<a")],
      ["closing tags that never close", () => atLimit("<svg>", "</a")],
      ["quotes", () => atLimit("<svg><g ", `a="`)],
      ["attribute runs", () => atLimit("<svg><g", " a")],
      ["white space in a width", () => atLimit(`<svg height="1" width="1`, " ", `x"></svg>`)],
      ["CSS comments that never close", () => atLimit(`<svg><rect style="`, "/*", `"/></svg>`)],
      ["a prelude of comments", () => atLimit("", "<!-- -->", "<svg/>")],
      ["comments that never close", () => atLimit("<svg>", "<!--")],
      ["a doctype that never closes", () => atLimit("<!DOCTYPE svg [", "<!ENTITY a ")],
      ["deep nesting", () => "<svg>" + "<g>".repeat(100_000)],
    ] as Case[]
  ) {
    const text = make();
    collectGarbage();
    mapMarkup[name] = await timeOne(() => sanitizeMap("plan.svg", text));
  }
  const limit = 5 * MB - 1024;
  const mapComments: Record<string, number> = {};
  for (
    const [name, make] of [
      ["`<!--` to the limit", () => "<svg>" + "<!--".repeat((limit - 5) / 4)],
      [
        "a comment never closed",
        () => '<svg><rect width="1"/><!-- the rest of the plan' + " ".repeat(1000) + "</svg>",
      ],
      ["a declaration never closed", () => "<svg><!DOCTYPE svg" + "x".repeat(1000)],
      ["two megabytes of comments", () => "<svg>" + "<!-- a note -->".repeat(140_000) + "</svg>"],
    ] as Case[]
  ) {
    const text = make();
    collectGarbage();
    mapComments[name] = await timeOne(() => sanitizeMap("plan.svg", text));
  }

  const checks: [string, Distribution, number][] = [
    ["numberText", numberText, b.numberTextMs],
    ["dayText", dayText, b.dayTextMs],
    ["typedDate", typedDate, b.typedDateMs],
    ["handOver20Mb", handOver20Mb, b.handOverMs],
    ["handOver5Mb", handOver5Mb, b.handOverMs],
    ["timeLimitEnd", timeLimitEnd, b.timeLimitEndMs],
  ];
  const exceeded = checks.filter(([, d, bound]) => !(d.p50 < bound)).map(([name, d, bound]) =>
    `${name}: p50 ${d.p50} ms, bound ${bound} ms`
  );
  for (
    const [group, times, bound] of [
      ["importCheck", importCheck, b.importCheckMs],
      ["mapMarkup", mapMarkup, b.mapMarkupMs],
      ["mapComments", mapComments, b.mapCommentsMs],
    ] as const
  ) {
    for (const [name, ms] of Object.entries(times)) {
      if (!(ms < bound)) exceeded.push(`${group}, ${name}: ${ms} ms, bound ${bound} ms`);
    }
  }
  const results: Results = {
    numberText,
    dayText,
    typedDate,
    handOver20Mb,
    handOver5Mb,
    timeLimitEnd,
    importCheck,
    mapMarkup,
    mapComments,
    exceeded,
  };
  return writeResult(NAME, started, PARAMS, results, exceeded.length === 0, [
    "Milliseconds per call, in process, one after another; each bound is on the median (p50).",
    "numberText: readNumberText of '1' and 200,000 ',1' (en-US marks), refused.",
    "dayText / typedDate: 100,000 digits and a slash, read as a day (D-M-Y) and as a typed date (en-us).",
    "handOver: a typed array transferred to a pool job (a worker thread) that answers its length.",
    "timeLimitEnd: a job that never ends, under a 300 ms limit, until its caller's refusal.",
    "importCheck / mapMarkup / mapComments: one call each of readTable (20 MB texts no import file holds, " +
    "refused) and sanitizeMap (markup made to backtrack at 1 MB; comments up to 5 MB), on this thread after a " +
    "warm-up, each held to its group's bound (the cases of read.test.ts and sanitize.test.ts).",
  ]);
}

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `number marks (400,001 chars): ${pctl(x.numberText)}`,
    `day text (100,001 chars):     ${pctl(x.dayText)}`,
    `typed date (100,001 chars):   ${pctl(x.typedDate)}`,
    `hand-over 20 MB:              ${pctl(x.handOver20Mb)}`,
    `hand-over 5 MB:               ${pctl(x.handOver5Mb)}`,
    `0.3 s limit ended after:      ${pctl(x.timeLimitEnd)}`,
    `import checks (20 MB), slowest: ${Math.max(...Object.values(x.importCheck))} ms`,
    `map markup (1 MB), slowest:     ${Math.max(...Object.values(x.mapMarkup))} ms`,
    `map comments, slowest:          ${Math.max(...Object.values(x.mapComments))} ms`,
    ...x.exceeded.map((e) => `EXCEEDED ${e}`),
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
}
