// Resident memory over 200,000 requests: in-process app.fetch (no sockets), point lookups and list pages
// across a few tenants, a few requests in flight at a time. Every 10,000 requests the garbage collector
// runs and RSS is sampled. RSS must plateau: the run fails when it grows by more than the allowed bound
// between the 50,000th and the 200,000th request.
import { addUser, createTenant, signIn } from "../tests/fixtures/harness.ts";
import {
  begin,
  type BenchResult,
  collectGarbage,
  type Distribution,
  distribution,
  type MemorySample,
  memorySample,
  ms,
  openFds,
  progress,
  rng,
  startBenchServer,
  writeResult,
} from "./lib.ts";

export const NAME = "memory";

const PARAMS = {
  requests: 200_000,
  sampleEvery: 10_000,
  tenants: 4,
  usersPerTenant: 40,
  concurrency: 4,
  listShare: 0.25,
  listPageSize: 20,
  growthFrom: 50_000,
  maxGrowthMb: 30,
  seed: 7,
};

interface Sample extends MemorySample {
  requests: number;
  seconds: number;
  fds: number;
}

interface Growth {
  from: number;
  to: number;
  /** RSS of the last sample less RSS of the `from` sample. */
  rss: number;
  /** The same with each end the median of three neighbouring samples (what `ok` is judged on). */
  rssMedian3: number;
  heapUsed: number;
}

interface Results {
  gcAvailable: boolean;
  samples: Sample[];
  growthMb: Growth;
  requestsPerSecond: number;
  latency: Distribution;
  errors: number;
}

/** Collects garbage, gives finalizers and the allocator a moment to hand memory back, collects again. */
async function settle(): Promise<void> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 100));
  collectGarbage();
}

function median3(samples: Sample[], index: number): number {
  const lo = Math.max(0, Math.min(index - 1, samples.length - 3));
  const xs = samples.slice(lo, lo + 3).map((s) => s.rssMb).sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)];
}

export async function run(overrides: Partial<typeof PARAMS> = {}): Promise<BenchResult> {
  const started = begin();
  const params = { ...PARAMS, ...overrides };
  const server = await startBenchServer(NAME, { passwordHashCost: 1024, accessTokenTtlSeconds: 3600 });
  try {
    const tenants: Array<{ token: string; userIds: number[] }> = [];
    for (let t = 0; t < params.tenants; t++) {
      const slug = `bench-mem-${t}`;
      await createTenant(server, slug);
      const admin = await signIn(server, `${slug}-admin`);
      const userIds = [admin.user.id];
      for (let u = 1; u < params.usersPerTenant; u++) {
        const user = await addUser(server, admin.token, { username: `${slug}-user-${u}` });
        userIds.push(user.id);
      }
      tenants.push({ token: admin.token, userIds });
    }

    const random = rng(params.seed);
    const env = { remoteAddr: { hostname: "127.0.0.1" } };
    const latencies = new Float64Array(params.requests);
    let errors = 0;
    const request = async (i: number) => {
      const tenant = tenants[i % tenants.length];
      let path: string;
      if (random() < params.listShare) {
        const page = 1 + Math.floor(random() * 2);
        path = `/api/User?PageNumber=${page}&PageSize=${params.listPageSize}&sortColumn=username` +
          `&sortDescending=${random() < 0.5}`;
      } else {
        path = `/api/User/${tenant.userIds[Math.floor(random() * tenant.userIds.length)]}`;
      }
      const t0 = performance.now();
      const res = await server.app.fetch(
        new Request(`http://wms.bench${path}`, { headers: { authorization: `Bearer ${tenant.token}` } }),
        env,
      );
      await res.arrayBuffer();
      latencies[i] = performance.now() - t0;
      if (res.status !== 200) errors++;
    };

    const gcAvailable = collectGarbage();
    const samples: Sample[] = [];
    const t0 = performance.now();
    const takeSample = async (requests: number) => {
      await settle();
      samples.push({
        requests,
        seconds: Math.round((performance.now() - t0) / 100) / 10,
        ...memorySample(),
        fds: openFds(),
      });
    };
    await takeSample(0);
    let done = 0;
    while (done < params.requests) {
      const end = Math.min(params.requests, done + params.sampleEvery);
      let next = done;
      await Promise.all(Array.from({ length: params.concurrency }, async () => {
        while (next < end) await request(next++);
      }));
      done = end;
      await takeSample(done);
      if (done % 50_000 === 0) {
        progress(NAME, `${done} requests, RSS ${samples[samples.length - 1].rssMb} MB`);
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    let fromIndex = samples.findIndex((s) => s.requests >= params.growthFrom);
    if (fromIndex < 0) fromIndex = 0;
    const from = samples[fromIndex], to = samples[samples.length - 1];
    const round = (x: number) => Math.round(x * 100) / 100;
    const results: Results = {
      gcAvailable,
      samples,
      growthMb: {
        from: from.requests,
        to: to.requests,
        rss: round(to.rssMb - from.rssMb),
        rssMedian3: round(median3(samples, samples.length - 1) - median3(samples, fromIndex)),
        heapUsed: round(to.heapUsedMb - from.heapUsedMb),
      },
      requestsPerSecond: Math.round(params.requests / seconds),
      latency: distribution(Array.from(latencies)),
      errors,
    };
    const ok = gcAvailable && errors === 0 && results.growthMb.rssMedian3 <= params.maxGrowthMb;
    return writeResult(NAME, started, params, results, ok, [
      "Samples in MB, each after gc() + 100 ms + gc(), every `sampleEvery` requests; `seconds` since the " +
      "first request (sampling included).",
      "Requests: app.fetch(new Request(...)) in-process, `concurrency` at a time, round-robin over the " +
      "tenants; `listShare` of them GET /api/User?PageNumber=1|2&PageSize=20 sorted by username either " +
      "way, the rest GET /api/User/{id} of a random user of the tenant; every body is read.",
      "growthMb.rss compares two single samples; single RSS samples wander by tens of MB (allocator and " +
      "V8 page release), so ok is judged on rssMedian3, each end the median of three neighbouring samples.",
      "ok is false when gc() is unavailable (run with --v8-flags=--expose-gc), a request did not answer " +
      "200, or rssMedian3 exceeds maxGrowthMb.",
      "latency: milliseconds per request, with the others in flight beside it.",
    ]);
  } finally {
    await server.close();
  }
}

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  const p = r.parameters as typeof PARAMS;
  const first = x.samples[0], last = x.samples[x.samples.length - 1];
  const row = x.samples.filter((s) => s.requests % 50_000 === 0).map((s) =>
    `${s.requests / 1000}k ${s.rssMb}`
  )
    .join(", ");
  return [
    `${p.requests} requests in-process: ${x.requestsPerSecond}/s, latency p50 ${ms(x.latency.p50)} ` +
    `p95 ${ms(x.latency.p95)}, ${x.errors} errors`,
    `RSS MB: ${row} (V8 heap used ${first.heapUsedMb} → ${last.heapUsedMb} MB)`,
    `RSS growth ${x.growthMb.from / 1000}k → ${x.growthMb.to / 1000}k: ${x.growthMb.rss} MB, ` +
    `median-of-3 ${x.growthMb.rssMedian3} MB (bound ${p.maxGrowthMb} MB): ${r.ok ? "ok" : "EXCEEDED"}`,
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
  if (!r.ok) Deno.exit(1);
}
