// Sign-in (POST /api/Auth) at the production password cost and token refresh (GET /api/Auth with the
// refresh token as bearer, rotating it each time), over HTTP on loopback against a real server.
import { call, createTenant, PASSWORD, signIn } from "../tests/fixtures/harness.ts";
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

export const NAME = "auth";

const PARAMS = {
  passwordHashCost: 32768,
  signInWarmup: 5,
  signIns: 200,
  concurrentSignIns: 60,
  concurrency: 4,
  refreshWarmup: 20,
  refreshes: 1000,
};

interface Results {
  signIn: Distribution;
  signInConcurrent: {
    calls: number;
    concurrency: number;
    seconds: number;
    perSecond: number;
    latency: Distribution;
  };
  refresh: Distribution;
}

export async function run(): Promise<BenchResult> {
  const started = begin();
  const server = await startBenchServer(NAME, {
    passwordHashCost: PARAMS.passwordHashCost,
    accessTokenTtlSeconds: 3600,
  });
  try {
    await createTenant(server, "bench-auth");
    const username = "bench-auth-admin";
    const body = { username, password: PASSWORD };

    const signInOnce = async () => {
      const r = await call(server, "POST", "/api/Auth", { body });
      if (r.status !== 200) throw new Error(`sign-in answered ${r.status}: ${JSON.stringify(r.body)}`);
      return r.body as { refreshToken: string };
    };
    progress(NAME, `${PARAMS.signIns} sign-ins at scrypt N=${PARAMS.passwordHashCost}`);
    await timeEach(PARAMS.signInWarmup, signInOnce);
    const signInSamples = await timeEach(PARAMS.signIns, signInOnce);

    // Throughput with a few clients at once: scrypt runs on the libuv thread pool, beside the event loop.
    const concurrentSamples: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: PARAMS.concurrency }, async () => {
      while (next < PARAMS.concurrentSignIns) {
        next++;
        const t = performance.now();
        await signInOnce();
        concurrentSamples.push(performance.now() - t);
      }
    }));
    const concurrentSeconds = (performance.now() - t0) / 1000;

    progress(NAME, `${PARAMS.refreshes} token refreshes`);
    let refreshToken = (await signIn(server, username)).refreshToken;
    const refreshOnce = async () => {
      const r = await call(server, "GET", "/api/Auth", { token: refreshToken });
      if (r.status !== 200) throw new Error(`refresh answered ${r.status}: ${JSON.stringify(r.body)}`);
      refreshToken = r.body.refreshToken;
    };
    await timeEach(PARAMS.refreshWarmup, refreshOnce);
    const refreshSamples = await timeEach(PARAMS.refreshes, refreshOnce);

    const results: Results = {
      signIn: distribution(signInSamples),
      signInConcurrent: {
        calls: concurrentSamples.length,
        concurrency: PARAMS.concurrency,
        seconds: Math.round(concurrentSeconds * 100) / 100,
        perSecond: Math.round((concurrentSamples.length / concurrentSeconds) * 10) / 10,
        latency: distribution(concurrentSamples),
      },
      refresh: distribution(refreshSamples),
    };
    return writeResult(NAME, started, PARAMS, results, true, [
      "Milliseconds. One client, calls one after another, over HTTP/1.1 keep-alive on 127.0.0.1.",
      "Sign-in: scrypt N=32768 r=8 p=1 verification, a record-log write in the tenant database, a session " +
      "and refresh token in the control database, an EdDSA access token.",
      "signInConcurrent: the same call from `concurrency` clients at once; perSecond is the throughput.",
      "Refresh: each call presents the refresh token the previous call answered (rotation).",
    ]);
  } finally {
    await server.close();
  }
}

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `sign-in (scrypt N=${(r.parameters as typeof PARAMS).passwordHashCost}): ${pctl(x.signIn)}`,
    `sign-in, ${x.signInConcurrent.concurrency} clients: ${x.signInConcurrent.perSecond}/s, ` +
    pctl(x.signInConcurrent.latency),
    `token refresh (rotating): ${pctl(x.refresh)}`,
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
}
