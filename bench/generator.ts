// The location generator: POST /api/StorageSpace/generate of 10 x 20 x 10 (2,210 locations with their
// RecordLog entries, one transaction) over HTTP, repeated under fresh parents so the table grows as it
// would in a warehouse being set up. The bounds: the median call stays under a second, every call under five
// (the gross bound tests/integration/master/infrastructure.test.ts held before).
import { call, createTenant, signIn } from "../tests/fixtures/harness.ts";
import {
  begin,
  type BenchResult,
  type Distribution,
  distribution,
  pctl,
  progress,
  startBenchServer,
  timeEach,
  writeResult,
} from "./lib.ts";

export const NAME = "generator";

const PARAMS = { runs: 10, levels: [10, 20, 10], boundP50Ms: 1000, boundMaxMs: 5000 };

interface Results {
  locationsPerCall: number;
  locationsAtEnd: number;
  generate: Distribution;
  preview: Distribution;
}

export async function run(): Promise<BenchResult> {
  const started = begin();
  const server = await startBenchServer(NAME, { passwordHashCost: 1024, accessTokenTtlSeconds: 3600 });
  try {
    await createTenant(server, "bench-gen");
    const { token } = await signIn(server, "bench-gen-admin");
    const levels = PARAMS.levels.map((quantity, i) => ({ prefix: "ARS"[i], quantity, digits: 2 }));
    const perCall = PARAMS.levels.reduce(
      (sum, _q, i) => sum + PARAMS.levels.slice(0, i + 1).reduce((p, q) => p * q),
      0,
    );

    progress(NAME, `${PARAMS.runs} previews and ${PARAMS.runs} generations of ${perCall} locations`);
    const parents: number[] = [];
    for (let i = 0; i < PARAMS.runs; i++) {
      const r = await call(server, "POST", "/api/StorageSpace", { token, body: { label: `HALL${i}` } });
      if (r.status !== 201) throw new Error(`adding a parent answered ${r.status}`);
      parents.push(r.body.id);
    }
    const once = (preview: boolean) => async (i: number) => {
      const r = await call(server, "POST", "/api/StorageSpace/generate", {
        token,
        body: { parentId: parents[i], preview, levels },
      });
      if (r.status !== 200) throw new Error(`generate answered ${r.status}: ${JSON.stringify(r.body)}`);
      if (!preview && r.body.created !== perCall) {
        throw new Error(`created ${r.body.created}, not ${perCall}`);
      }
    };
    const preview = distribution(await timeEach(PARAMS.runs, once(true)));
    const generate = distribution(await timeEach(PARAMS.runs, once(false)));
    const results: Results = {
      locationsPerCall: perCall,
      locationsAtEnd: perCall * PARAMS.runs + PARAMS.runs,
      generate,
      preview,
    };
    return writeResult(
      NAME,
      started,
      PARAMS,
      results,
      generate.p50 < PARAMS.boundP50Ms && generate.max < PARAMS.boundMaxMs,
      [
        "Milliseconds per POST /api/StorageSpace/generate over HTTP on 127.0.0.1, calls one after another.",
        "generate: one transaction of multi-row INSERTs (locations level by level, then their RecordLog " +
        "entries), after the collision check against every existing label and barcode.",
        "preview: the same labels computed and answered, nothing written.",
      ],
    );
  } finally {
    await server.close();
  }
}

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `generate ${x.locationsPerCall} locations: ${pctl(x.generate)}`,
    `preview of the same:         ${pctl(x.preview)}`,
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
}
