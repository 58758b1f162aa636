// One point lookup, GET /api/User/{id} with a valid token over HTTP, beside the same query on the raw
// driver (node:sqlite, prepared `SELECT * FROM users WHERE id = ?`) on the same tenant file. The layers
// in between are measured too, so that the ratio can be read: drizzle over the pooled connection, and
// the whole app in-process (app.fetch, no socket).
import { DatabaseSync } from "node:sqlite";
import { call, createTenant, signIn } from "../tests/fixtures/harness.ts";
import { filePathOf } from "../server/db/local.ts";
import { findUser } from "../server/domain/access/users/service.ts";
import {
  againWith,
  answerHeaders,
  begin,
  type BenchResult,
  type Distribution,
  distribution,
  ms,
  pctl,
  progress,
  startBenchServer,
  timeEach,
  writeResult,
} from "./lib.ts";

export const NAME = "lookup";

const PARAMS = {
  warmup: 1000,
  rawCalls: 20_000,
  drizzleCalls: 20_000,
  inProcessCalls: 5_000,
  httpCalls: 5_000,
  /** Rounds the HTTP calls are measured in, the API, the bare answer and the floor taking turns. */
  httpRounds: 10,
  /** Bound (issue 35): the API's lookup over HTTP at most this many times a bare Deno.serve's, at p50. */
  bareHttpRatioBound: 1.3,
};

interface Results {
  rawDriver: Distribution;
  drizzlePooled: Distribution;
  appInProcess: Distribution;
  apiHttp: Distribution;
  /** A bare Deno.serve answering the same JSON, fetched by the same client the same way. */
  bareHttp: Distribution;
  /**
   * The least an authenticated lookup can do over HTTP: a Deno.serve of its own that reads the bearer token,
   * finds it among the tokens it has verified (a Map, as the app's cache of verified tokens), reads the row
   * with the raw driver and answers it as JSON. What is above it in apiHttp is the app's own work.
   */
  floorHttp: Distribution;
  /**
   * The same floor answering with the headers every API answer carries (the security headers, the request's
   * id, the client build; Deno adds the date and length to both): what those headers cost a call over HTTP,
   * both sides (the bare answer and the floor above carry only a content type).
   */
  floorHttpHeaders: Distribution;
  /** The headers the API answered with, which floorHttpHeaders answers with too. */
  answerHeaders: string[];
  ratio: {
    apiHttpToBareHttpP50: number;
    floorHttpToBareHttpP50: number;
    apiHttpToFloorHttpP50: number;
    floorHttpHeadersToBareHttpP50: number;
    apiHttpToFloorHttpHeadersP50: number;
    apiHttpToRawP50: number;
    apiHttpToRawP95: number;
    inProcessToRawP50: number;
    httpOverheadP50Ms: number;
  };
}

export async function run(): Promise<BenchResult> {
  const started = begin();
  // The password cost does not matter here: one sign-in, to get a token.
  const server = await startBenchServer(NAME, { passwordHashCost: 1024, accessTokenTtlSeconds: 3600 });
  try {
    const tenant = await createTenant(server, "bench-lookup");
    const session = await signIn(server, "bench-lookup-admin");
    const id = session.user.id;
    const path = `/api/User/${id}`;

    progress(NAME, "raw driver, drizzle, in-process app and HTTP lookups");
    // Raw driver: its own connection to the same file, WAL as the app's.
    const raw = new DatabaseSync(filePathOf(tenant.dbUrl));
    raw.exec("PRAGMA journal_mode = WAL");
    const stmt = raw.prepare("SELECT * FROM users WHERE id = ?");
    const rawOnce = () => {
      const row = stmt.get(id) as { id: number } | undefined;
      if (!row || row.id !== id) throw new Error("raw lookup found nothing");
    };
    await timeEach(PARAMS.warmup, rawOnce);
    const rawSamples = await timeEach(PARAMS.rawCalls, rawOnce);
    raw.close();

    const drizzleOnce = () =>
      server.platform.pool.use(tenant.dbUrl, async (conn) => {
        const row = await findUser(conn.db, id);
        if (!row) throw new Error("drizzle lookup found nothing");
      });
    await timeEach(PARAMS.warmup, drizzleOnce);
    const drizzleSamples = await timeEach(PARAMS.drizzleCalls, drizzleOnce);

    const headers = { authorization: `Bearer ${session.token}` };
    const env = { remoteAddr: { hostname: "127.0.0.1" } };
    const inProcessOnce = async () => {
      const res = await server.app.fetch(new Request(`http://wms.bench${path}`, { headers }), env);
      const text = await res.text();
      if (res.status !== 200) throw new Error(`in-process lookup answered ${res.status}: ${text}`);
    };
    await timeEach(PARAMS.warmup, inProcessOnce);
    const inProcessSamples = await timeEach(PARAMS.inProcessCalls, inProcessOnce);

    const httpOnce = async () => {
      const r = await call(server, "GET", path, { token: session.token });
      if (r.status !== 200) throw new Error(`lookup answered ${r.status}: ${JSON.stringify(r.body)}`);
    };

    // The floor of a JSON answer over HTTP here: Deno.serve answering the same body, nothing else.
    const body = JSON.stringify((await call(server, "GET", path, { token: session.token })).body);
    const bare = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      () => new Response(body, { headers: { "content-type": "application/json; charset=utf-8" } }),
    );
    const bareServer = { baseUrl: `http://127.0.0.1:${(bare.addr as Deno.NetAddr).port}` };
    const bareOnce = async () => {
      const r = await call(bareServer, "GET", path, { token: session.token });
      if (r.status !== 200) throw new Error(`bare answered ${r.status}`);
    };

    // The floor of an authenticated lookup: token, row and JSON, by hand, on a raw connection of its own.
    const floorDb = new DatabaseSync(filePathOf(tenant.dbUrl));
    floorDb.exec("PRAGMA journal_mode = WAL");
    const floorStmt = floorDb.prepare("SELECT * FROM users WHERE id = ?");
    const verified = new Map([[session.token, { userId: id }]]);
    /** A floor server: token, row and JSON by hand, answered with `headers()`. */
    const floorServing = (what: string, headers: () => HeadersInit) => {
      const served = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
        const token = req.headers.get("authorization")?.slice(7) ?? "";
        const actor = verified.get(token);
        if (!actor) return new Response("{}", { status: 401 });
        const row = floorStmt.get(Number(new URL(req.url).pathname.split("/").pop()));
        return new Response(JSON.stringify(row), { headers: headers() });
      });
      const at = { baseUrl: `http://127.0.0.1:${(served.addr as Deno.NetAddr).port}` };
      const once = async () => {
        const r = await call(at, "GET", path, { token: session.token });
        if (r.status !== 200) throw new Error(`${what} answered ${r.status}`);
      };
      return { served, once };
    };
    const floor = floorServing("floor", () => ({ "content-type": "application/json; charset=utf-8" }));

    // The floor again, with the API's own answer's headers (a fresh request id each call, as the API's).
    const answered = await fetch(`${server.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    await answered.body?.cancel();
    const apiHeaders = answerHeaders(answered.headers);
    const floorHeaders = floorServing("floor with headers", () => againWith(apiHeaders));

    // The four over HTTP in interleaved rounds, each round in another order: measured one after the other,
    // whichever came last met another heap and another hour (on 2026-12-02 the floor, measured last, came
    // out slower than the API it is the floor of: 138 against 102 µs).
    const kinds = [httpOnce, bareOnce, floor.once, floorHeaders.once];
    for (const once of kinds) await timeEach(PARAMS.warmup, once);
    const samples: number[][] = kinds.map(() => []);
    const perRound = Math.ceil(PARAMS.httpCalls / PARAMS.httpRounds);
    for (let round = 0; round < PARAMS.httpRounds; round++) {
      for (let k = 0; k < kinds.length; k++) {
        const which = (k + round) % kinds.length;
        samples[which].push(...await timeEach(perRound, kinds[which]));
      }
    }
    const [httpSamples, bareSamples, floorSamples, floorHeadersSamples] = samples;
    await bare.shutdown();
    await floor.served.shutdown();
    await floorHeaders.served.shutdown();
    floorDb.close();

    const rawD = distribution(rawSamples);
    const httpD = distribution(httpSamples);
    const inD = distribution(inProcessSamples);
    const bareD = distribution(bareSamples);
    const floorD = distribution(floorSamples);
    const floorHeadersD = distribution(floorHeadersSamples);
    const round = (x: number) => Math.round(x * 10) / 10;
    const results: Results = {
      rawDriver: rawD,
      drizzlePooled: distribution(drizzleSamples),
      appInProcess: inD,
      apiHttp: httpD,
      bareHttp: bareD,
      floorHttp: floorD,
      floorHttpHeaders: floorHeadersD,
      answerHeaders: apiHeaders.map(([k]) => k),
      ratio: {
        apiHttpToBareHttpP50: Math.round((httpD.p50 / bareD.p50) * 100) / 100,
        floorHttpToBareHttpP50: Math.round((floorD.p50 / bareD.p50) * 100) / 100,
        apiHttpToFloorHttpP50: Math.round((httpD.p50 / floorD.p50) * 100) / 100,
        floorHttpHeadersToBareHttpP50: Math.round((floorHeadersD.p50 / bareD.p50) * 100) / 100,
        apiHttpToFloorHttpHeadersP50: Math.round((httpD.p50 / floorHeadersD.p50) * 100) / 100,
        apiHttpToRawP50: round(httpD.p50 / rawD.p50),
        apiHttpToRawP95: round(httpD.p95 / rawD.p95),
        inProcessToRawP50: round(inD.p50 / rawD.p50),
        httpOverheadP50Ms: Math.round((httpD.p50 - inD.p50) * 1000) / 1000,
      },
    };
    const ok = results.ratio.apiHttpToBareHttpP50 <= PARAMS.bareHttpRatioBound;
    return writeResult(NAME, started, PARAMS, results, ok, [
      "Milliseconds per call, one call after another, same tenant file, the row cached by SQLite.",
      "rawDriver: node:sqlite DatabaseSync prepared statement .get(id); no JSON, no auth.",
      "drizzlePooled: TenantPool.use + drizzle select (sqlite-proxy over LocalConnection), as services do.",
      "appInProcess: app.fetch(new Request(...)) — JWT verification, routing, tenant resolution, JSON.",
      "apiHttp: fetch() over HTTP/1.1 keep-alive on 127.0.0.1 to Deno.serve (client and server share the " +
      "process and its one event loop, so both sides' work is in the figure).",
      "bareHttp: a Deno.serve of its own answering the same JSON body, fetched the same way: the floor of an " +
      "answer over HTTP here. ok is false when apiHttp p50 passes bareHttpRatioBound x bareHttp p50.",
      "floorHttp: a Deno.serve of its own that finds the bearer token among verified ones (a Map), reads the " +
      "row with the raw driver and answers it as JSON: the least an authenticated lookup can do over HTTP.",
      "floorHttpHeaders: the same floor answering with the headers the API's answer carries (answerHeaders: " +
      "the security headers, the request's id, the client build), which every API answer must: the least the " +
      "product's lookup can do over HTTP.",
    ]);
  } finally {
    await server.close();
  }
}

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `raw driver SELECT by id:  ${pctl(x.rawDriver)}`,
    `drizzle, pooled conn:     ${pctl(x.drizzlePooled)}`,
    `app.fetch in-process:     ${pctl(x.appInProcess)}`,
    `GET /api/User/{id} HTTP:  ${pctl(x.apiHttp)}`,
    `bare Deno.serve, same JSON: ${pctl(x.bareHttp)}  (API/bare ${x.ratio.apiHttpToBareHttpP50}× at p50)`,
    ...(x.floorHttp
      ? [
        `floor (token, raw row, JSON): ${
          pctl(x.floorHttp)
        }  (floor/bare ${x.ratio.floorHttpToBareHttpP50}×, ` +
        `API/floor ${x.ratio.apiHttpToFloorHttpP50}×)`,
      ]
      : []),
    ...(x.floorHttpHeaders
      ? [
        `floor with the API's ${x.answerHeaders.length} headers: ${
          pctl(x.floorHttpHeaders)
        }  (/bare ${x.ratio.floorHttpHeadersToBareHttpP50}×, API/it ${x.ratio.apiHttpToFloorHttpHeadersP50}×)`,
      ]
      : []),
    `ratio HTTP/raw: ${x.ratio.apiHttpToRawP50}× at p50, ${x.ratio.apiHttpToRawP95}× at p95 ` +
    `(in-process/raw ${x.ratio.inProcessToRawP50}×; socket adds ${ms(x.ratio.httpOverheadP50Ms)} at p50)`,
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
}
