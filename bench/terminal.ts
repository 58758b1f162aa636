// The terminal (issue 15) at size: a tenant with 1,000,000 stock lines (bench/confirm.ts's fill), and
//  1. scan to feedback in the browser: headless Chromium on a phone viewport runs the release screen; each
//     scan (a location, a product) and each quantity taken is timed from the key that ends it to the answer
//     painted (the page's "terminal-feedback" performance measures), the position added to the document;
//  2. the terminal's writes over loopback HTTP beside the raw driver doing the same reads and writes: a
//     release's scan from the scanned location (FEFO among the product's lines there) and a Pick of an
//     order document's position (checked, then its quantityReal raised);
//  3. the decoder per camera frame on the shared photos (../shared/testdata/barcodes/zxing-blackbox), read
//     and unread frames alike, as the camera meets them;
//  4. the terminal's JavaScript (what opening a terminal screen loads beyond the shell) and its offline
//     cache for the demo tenant (the products, locations and containers it keeps, as it keeps them), and
//     the service worker's precache.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { filePathOf, type RecordedStatement } from "../server/db/local.ts";
import { addUser, call, signIn } from "../tests/fixtures/harness.ts";
import { launchBrowser, waitForHydration } from "../tests/e2e/browser.ts";
import { seedDemo } from "../demo/seed.ts";
import { demoPassword } from "../demo/password.ts";
import { decodeFrame, frameReader } from "../client/features/terminal/decoder.ts";
import { containerOf, locationOf, productOf } from "../client/features/terminal/data.ts";
import { filledTenant, prepare } from "./confirm.ts";
import { lineKeyOf } from "../server/domain/stock/ledger/service.ts";
import {
  begin,
  BENCH_DIR,
  type BenchResult,
  type Distribution,
  distribution,
  ms,
  progress,
  recorder,
  replayCopy,
  startBenchServer,
  writeResult,
} from "./lib.ts";

export const NAME = "terminal";

const PARAMS = {
  lines: 1_000_000,
  /** Release scans and picks timed over HTTP (and as many raw). */
  scans: 300,
  picks: 300,
  warmup: 10,
  /** Scans in the browser: each a location, a product and its quantity (three feedbacks). */
  browserSteps: 40,
  seed: 23,
  /** Bounds: feedback in the browser p99, HTTP scan p99 (ms); a scan's and a pick's p50 over raw (issue 35). */
  feedbackP99BoundMs: 100,
  scanP99BoundMs: 50,
  ratioP50Bound: 5,
  /**
   * Lines whose ledger holds this many movements each (a unit out and back in), scanned from as the others:
   * their scans' p50 within longHistoryBound of the other scans'.
   */
  longHistory: { lines: 5, movements: 20_000, scansPerLine: 25, warmupPerLine: 5 },
  longHistoryBound: 2,
};

const PHOTOS = "/work/shared/testdata/barcodes/zxing-blackbox";
const root = join(BENCH_DIR, "..");

interface Png {
  width: number;
  height: number;
  data: Uint8Array;
}
const readPng = (file: string): Png =>
  (createRequire(import.meta.url)("pngjs") as { PNG: { sync: { read(b: Uint8Array): Png } } }).PNG.sync.read(
    readFileSync(file),
  );

/**
 * A verb over HTTP, the raw driver's own minimal script, and `replay`: the very statements the API ran for
 * each call (server/db/local.ts, recordStatements), run again on the raw driver in their transaction: what
 * the call costs SQLite alone, the rest of `api` being HTTP and the app's JavaScript.
 */
type Verb = {
  api: Distribution;
  raw: Distribution;
  ratioP50: number;
  ratioP99: number;
  replay: Distribution;
  statements: number;
  apiToReplayP50: number;
};

type Results = {
  fillSeconds: number;
  feedback: Distribution;
  scan: Verb;
  /** Release scans from lines of a long ledger (PARAMS.longHistory), and their p50 over the other scans'. */
  longHistory: { api: Distribution; toScanP50: number };
  pick: Verb;
  decoder: {
    all: Distribution;
    read: Distribution;
    unread: Distribution;
    byFolder: Record<string, number>;
    /** Photos read right on one frame, per folder (falsepositives-2: none have a text). */
    readShare: Record<string, string>;
  };
  sizes: {
    terminalScripts: { files: number; bytes: number; brotli: number };
    /** Loaded when the camera is first opened. */
    cameraScripts: { files: number; bytes: number; brotli: number };
    shellScripts: { files: number; bytes: number; brotli: number };
    offlineCacheDemo: { products: number; locations: number; containers: number; bytes: number };
    precache: { files: number; bytes: number };
  };
};

const ratio = (a: Distribution, r: Distribution) => ({
  ratioP50: Math.round((a.p50 / r.p50) * 100) / 100,
  ratioP99: Math.round((a.p99 / r.p99) * 100) / 100,
});

export async function run(): Promise<BenchResult> {
  const started = begin();
  if (!existsSync(join(root, "dist/meta.json"))) {
    progress(NAME, "building the client (with its metafile)");
    execFileSync("node", ["client/build.mjs"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, WRITE_METAFILE: "1" },
    });
  }
  const server = await startBenchServer(NAME, { passwordHashCost: 1024, accessTokenTtlSeconds: 3600 });
  const browser = await launchBrowser();
  try {
    const { tenant, token, raw, random, lines, fillSeconds } = await filledTenant(server, NAME, PARAMS.seed);
    const tenantFile = filePathOf(tenant.dbUrl);
    const index = (productId: number) => `P-${String(productId).padStart(6, "0")}`;
    const api = async (method: string, path: string, body?: unknown) => {
      const r = await call(server, method, `/api${path}`, { token, body });
      if (r.status >= 300) {
        throw new Error(`${method} ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
      }
      return r.body;
    };
    const pickLine = () => lines[Math.floor(random() * lines.length)];

    // 2a. A release's scan from the scanned location, over HTTP and raw.
    progress(NAME, `${PARAMS.scans} release scans over HTTP, ${PARAMS.scans} raw`);
    const scanApi: number[] = [];
    // Documents of 50 scans each, made before the file is copied for the replay (its scans add to them).
    const scanDocs: number[] = [];
    for (let i = 0; i < PARAMS.scans + PARAMS.warmup; i += 50) {
      scanDocs.push((await api("POST", "/WmsDocument", { typeCode: "IOU" })).id);
    }
    let doc = 0;
    const scans = recorder(tenantFile);
    const beforeScans = replayCopy(raw, tenantFile);
    for (let i = 0; i < PARAMS.scans + PARAMS.warmup; i++) {
      doc = scanDocs[Math.floor(i / 50)];
      const l = pickLine();
      const t = performance.now();
      await scans.during(() =>
        api("POST", "/WmsDocumentPosition/scan", {
          documentId: doc,
          productCode: index(l.productId),
          quantity: 1,
          sourceLocationId: l.locationId,
        })
      );
      if (i >= PARAMS.warmup) scanApi.push(performance.now() - t);
    }
    const fefo = raw.prepare(
      "SELECT id, quantity, expiry_date FROM stock_lines WHERE product_id = ? AND location_id = ? " +
        "ORDER BY expiry_date IS NULL, expiry_date, id LIMIT 10",
    );
    const product = raw.prepare("SELECT id, lock_out FROM products WHERE product_index = ?");
    const addPosition = raw.prepare(
      "INSERT INTO wms_document_positions (document_id, product_id, quantity, quantity_left, expiry_date, " +
        "source_location_id, created_at, updated_at) VALUES (?, ?, 1000, 1000, ?, ?, ?, ?)",
    );
    const scanRaw: number[] = [];
    for (let i = 0; i < PARAMS.scans + PARAMS.warmup; i++) {
      const l = pickLine();
      const t = performance.now();
      raw.exec("BEGIN IMMEDIATE");
      const p = product.get(index(l.productId)) as { id: number };
      const [first] = fefo.all(p.id, l.locationId) as { expiry_date: string }[];
      const now = new Date().toISOString();
      addPosition.run(doc, p.id, first.expiry_date, l.locationId, now, now);
      raw.exec("COMMIT");
      if (i >= PARAMS.warmup) scanRaw.push(performance.now() - t);
    }

    // 2b. Picks of an order document's positions (each 1 unit), over HTTP and raw.
    progress(NAME, `${PARAMS.picks} picks over HTTP, ${PARAMS.picks} raw`);
    const ids = (tag: string) => {
      const docs = prepare(
        raw,
        "IOU",
        50,
        Math.ceil((PARAMS.picks + PARAMS.warmup) / 50),
        lines,
        random,
        tag,
      );
      return docs.flatMap((d) => (raw.prepare(
        "SELECT p.id, p.product_id AS productId, p.source_location_id AS locationId FROM wms_document_positions p " +
          "WHERE p.document_id = ? ORDER BY p.id",
      ).all(d) as { id: number; productId: number; locationId: number }[]));
    };
    const pickApi: number[] = [];
    const picks = recorder(tenantFile);
    const pickIds = ids("pick-api");
    const beforePicks = replayCopy(raw, tenantFile);
    for (const [i, p] of pickIds.entries()) {
      const t = performance.now();
      await picks.during(() =>
        api("POST", `/WmsDocumentPosition/${p.id}/Pick`, {
          quantity: 1,
          productCode: index(p.productId),
          locationId: p.locationId,
        })
      );
      if (i >= PARAMS.warmup) pickApi.push(performance.now() - t);
    }
    const position = raw.prepare(
      "SELECT p.id, p.product_id, p.quantity, p.quantity_real, p.source_location_id, d.status_code " +
        "FROM wms_document_positions p JOIN wms_documents d ON d.id = p.document_id WHERE p.id = ?",
    );
    const raise = raw.prepare(
      "UPDATE wms_document_positions SET quantity_real = coalesce(quantity_real, 0) + ?, quantity_left = " +
        "max(0, quantity - coalesce(quantity_real, 0) - ?), version = version + 1 WHERE id = ?",
    );
    const totals = raw.prepare(
      "UPDATE wms_documents SET quantity_real_sum = (SELECT sum(coalesce(quantity_real, 0)) FROM " +
        "wms_document_positions WHERE document_id = wms_documents.id) WHERE id = (SELECT document_id FROM " +
        "wms_document_positions WHERE id = ?)",
    );
    const pickRaw: number[] = [];
    for (const [i, p] of ids("pick-raw").entries()) {
      const t = performance.now();
      raw.exec("BEGIN IMMEDIATE");
      const row = position.get(p.id) as { quantity: number; quantity_real: number | null };
      product.get(index(p.productId));
      if ((row.quantity_real ?? 0) + 1000 > row.quantity) throw new Error("raw pick over the position");
      raise.run(1000, 1000, p.id);
      totals.run(p.id);
      raw.exec("COMMIT");
      if (i >= PARAMS.warmup) pickRaw.push(performance.now() - t);
    }
    // 2c. Release scans from bins whose lines have a long ledger: a bin topped up and picked from for years.
    // A scan reads each candidate line's arrival (FIFO) from the ledger: it must not grow with the history.
    progress(
      NAME,
      `release scans from ${PARAMS.longHistory.lines} lines of ${PARAMS.longHistory.movements} movements each`,
    );
    const longLines = Array.from({ length: PARAMS.longHistory.lines }, pickLine);
    const movement = raw.prepare(
      "INSERT INTO stock_movements (document_id, line_key, product_id, location_id, expiry_date, delta, " +
        "balance_after, reason, created_at) VALUES (1, ?, ?, ?, ?, ?, ?, 'confirm', ?)",
    );
    const lineQuantity = raw.prepare("SELECT quantity FROM stock_lines WHERE line_key = ?");
    raw.exec("BEGIN");
    for (const l of longLines) {
      const key = lineKeyOf({ ...l, containerId: null, productionDate: null, serialNumber: null });
      const { quantity } = lineQuantity.get(key) as {
        quantity: number;
      };
      // A unit out and back in, again and again: the line's balance and its quantity end where they began.
      const at = new Date().toISOString();
      for (let m = 0; m < PARAMS.longHistory.movements; m++) {
        const delta = m % 2 ? 1000 : -1000;
        movement.run(key, l.productId, l.locationId, l.expiryDate, delta, quantity + (m % 2 ? 0 : -1000), at);
      }
    }
    raw.exec("COMMIT");
    // The fill's pages copied into the file now, not by the checkpointer while the scans are timed.
    raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const longApi: number[] = [];
    for (const l of longLines) {
      for (let i = 0; i < PARAMS.longHistory.scansPerLine; i++) {
        // A document of its own, so that each scan adds a position as the other scans mostly do (a second
        // scan of a line into one document raises its position instead).
        const longDoc = (await api("POST", "/WmsDocument", { typeCode: "IOU" })).id;
        const t = performance.now();
        await api("POST", "/WmsDocumentPosition/scan", {
          documentId: longDoc,
          productCode: index(l.productId),
          quantity: 1,
          sourceLocationId: l.locationId,
        });
        if (i >= PARAMS.longHistory.warmupPerLine) longApi.push(performance.now() - t);
      }
    }

    progress(NAME, "the API's own statements of each scan and pick, again on the raw driver");
    // Each over a copy of the file as the API met it (bench/lib.ts, replayCopy).
    const scanReplay = beforeScans.run(scans.groups, PARAMS.warmup);
    const pickReplay = beforePicks.run(picks.groups, PARAMS.warmup);

    // 1. Scan to feedback in the browser, on this tenant.
    progress(NAME, `${PARAMS.browserSteps} scans on the terminal in Chromium`);
    await addUser(server, token, { username: "bench-operator", terminalEnabled: true });
    const auth = await signIn(server, "bench-operator");
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 } });
    await context.addInitScript((value) => localStorage.setItem("wms.auth", value), JSON.stringify(auth));
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${server.baseUrl}/wms-terminal-out`, {
      waitUntil: "domcontentloaded",
      timeout: 120_000,
    });
    await waitForHydration(page);
    await page.getByTestId("terminal-new").click();
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=terminal]")?.getAttribute("data-expecting") === "location"
    );
    // The products and locations are loaded before the first scan (as on a terminal that has been on).
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=terminal]")?.getAttribute("data-ready") === "true"
    );
    const gun = async (code: string) => {
      await page.getByTestId("terminal-scan").focus();
      await page.keyboard.type(code, { delay: 0 });
      await page.keyboard.press("Enter");
    };
    for (let i = 0; i < PARAMS.browserSteps; i++) {
      const l = pickLine();
      await gun(`L${l.locationId}`);
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=terminal]")?.getAttribute("data-expecting") === "product"
      );
      await gun(index(l.productId));
      await page.getByTestId("terminal-quantity").waitFor();
      await page.getByTestId("terminal-quantity").fill("1");
      await page.getByTestId("terminal-quantity").press("Enter");
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=terminal]")?.getAttribute("data-expecting") === "product"
      );
      // Next line: another location.
      await page.getByRole("button", { name: "Start the step over" }).click();
    }
    const feedback = await page.evaluate(() =>
      performance.getEntriesByName("terminal-feedback").map((e) => e.duration)
    );
    await context.close();

    // 3. The decoder per frame.
    progress(NAME, "the decoder on the shared photos");
    const reader = frameReader();
    const all: number[] = [];
    const readTimes: number[] = [];
    const unreadTimes: number[] = [];
    const byFolder: Record<string, number> = {};
    const readShare: Record<string, string> = {};
    for (
      const folder of readdirSync(PHOTOS, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) =>
        e.name
      ).sort()
    ) {
      const times: number[] = [];
      let right = 0;
      for (const f of readdirSync(join(PHOTOS, folder)).filter((f) => f.endsWith(".png")).sort()) {
        const png = readPng(join(PHOTOS, folder, f));
        const t = performance.now();
        const result = decodeFrame(png.data, png.width, png.height, reader);
        const d = performance.now() - t;
        const txt = join(PHOTOS, folder, f.replace(/\.png$/, ".txt"));
        if (existsSync(txt) && result?.getText() === readFileSync(txt, "utf8")) right++;
        times.push(d);
        all.push(d);
        (result ? readTimes : unreadTimes).push(d);
      }
      byFolder[folder] = Math.round(distribution(times).p50 * 100) / 100;
      readShare[folder] = `${right}/${times.length}`;
    }

    // 4. Sizes.
    progress(NAME, "the terminal's scripts, its offline cache for the demo tenant, the precache");
    const sizes = scriptSizes();
    await seedDemo(server.platform);
    // The demo's terminal operator: what their terminal keeps.
    const demo = await signIn(server, "terminal", demoPassword(server.platform.config));
    const listAll = async (path: string) => {
      const out: Record<string, unknown>[] = [];
      for (let n = 1; n <= 20; n++) {
        const r = await call(server, "GET", `/api${path}?sortColumn=id&PageNumber=${n}&PageSize=1000`, {
          token: demo.token,
        });
        out.push(...r.body.results);
        if (out.length >= r.body.allFilteredRowCount || r.body.results.length === 0) break;
      }
      return out;
    };
    const data = {
      products: (await listAll("/Product")).map(productOf),
      locations: (await listAll("/StorageSpace")).map(locationOf),
      containers: (await listAll("/Container")).map(containerOf),
      savedAt: new Date().toISOString(),
    };
    const offlineCacheDemo = {
      products: data.products.length,
      locations: data.locations.length,
      containers: data.containers.length,
      bytes: JSON.stringify(data).length,
    };
    raw.close();

    const f = distribution(feedback);
    const verb = (
      api: number[],
      rawTimes: number[],
      replayed: number[],
      groups: RecordedStatement[][],
    ): Verb => {
      const d = { api: distribution(api), raw: distribution(rawTimes), replay: distribution(replayed) };
      return {
        ...d,
        ...ratio(d.api, d.raw),
        statements: groups.length ? groups[groups.length - 1].length : 0,
        apiToReplayP50: Math.round((d.api.p50 / d.replay.p50) * 100) / 100,
      };
    };
    const s = verb(scanApi, scanRaw, scanReplay, scans.groups);
    const p = verb(pickApi, pickRaw, pickReplay, picks.groups);
    const long = distribution(longApi);
    const longHistory = { api: long, toScanP50: Math.round((long.p50 / s.api.p50) * 100) / 100 };
    const ok = f.p99 <= PARAMS.feedbackP99BoundMs && s.api.p99 <= PARAMS.scanP99BoundMs &&
      ratio(s.api, s.raw).ratioP50 <= PARAMS.ratioP50Bound &&
      ratio(p.api, p.raw).ratioP50 <= PARAMS.ratioP50Bound &&
      longHistory.toScanP50 <= PARAMS.longHistoryBound;
    return writeResult(
      NAME,
      started,
      PARAMS,
      {
        fillSeconds,
        feedback: f,
        scan: s,
        longHistory,
        pick: p,
        decoder: {
          all: distribution(all),
          read: distribution(readTimes),
          unread: distribution(unreadTimes),
          byFolder,
          readShare,
        },
        sizes: { ...sizes, offlineCacheDemo },
      } satisfies Results,
      ok,
      [
        "feedback: Chromium (390x844) on the release screen of a tenant with 1,000,000 stock lines; from the key that",
        "ends a scan or a quantity to the answer painted (the step queued in IndexedDB and the screen updated; the",
        "server's answer follows from the queue). scan/pick: milliseconds per call over HTTP/1.1 on 127.0.0.1 beside",
        "the raw driver's same reads and writes in one BEGIN IMMEDIATE; replay: the statements the API ran for each",
        "call (their count in statements, BEGIN and COMMIT included) run again on the raw driver. decoder: milliseconds per frame of the",
        "shared photos (Deno, @zxing/library with the terminal's hints), byFolder its p50. sizes: bytes of the",
        "chunks a terminal screen loads beyond the shell (raw and brotli; the camera's ZXing chunk apart, loaded when",
        "the camera is first opened), the demo tenant's offline cache as the",
        "terminal stores it (JSON), the service worker's precache. ok is false when feedback p99 passes 100 ms or",
        "the HTTP scan's p99 50 ms, or a scan's or a pick's p50 over raw passes ratioP50Bound (issue 35).",
        "longHistory: release scans over HTTP from lines whose ledger holds 20,000 movements each; ok is false",
        "when their p50 passes longHistoryBound times the other scans' (a line's arrival must not read its history).",
      ],
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The scripts a terminal screen loads beyond the shell's, from the build's metafile. */
function scriptSizes(): Omit<Results["sizes"], "offlineCacheDemo"> {
  const meta = JSON.parse(readFileSync(join(root, "dist/meta.json"), "utf8")) as {
    outputs: Record<
      string,
      { imports: { path: string; kind: string }[]; entryPoint?: string; inputs: Record<string, unknown> }
    >;
  };
  const outputs = meta.outputs;
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file) || !outputs[file]) continue;
      seen.add(file);
      for (const i of outputs[file].imports) if (i.kind === "import-statement") stack.push(i.path);
    }
    return seen;
  };
  const js = (f: string) => f.endsWith(".js");
  const boot = Object.keys(outputs).find((f) => js(f) && outputs[f].entryPoint?.endsWith("client/boot.tsx"))!;
  const shell = closure([boot]);
  const terminalChunk = Object.keys(outputs).find((f) =>
    js(f) && Object.keys(outputs[f].inputs).some((i) => i.endsWith("client/features/terminal/terminal.tsx"))
  )!;
  const terminalFiles = closure([terminalChunk]);
  const terminal = [...terminalFiles].filter((f) => !shell.has(f));
  // The camera's chunk (ZXing), loaded when the camera is first opened.
  const cameraChunk = Object.keys(outputs).find((f) =>
    js(f) && Object.keys(outputs[f].inputs).some((i) => i.endsWith("client/features/terminal/camera.tsx"))
  )!;
  const camera = [...closure([cameraChunk])].filter((f) => !shell.has(f) && !terminalFiles.has(f));
  const size = (files: Iterable<string>) => {
    let bytes = 0;
    let brotli = 0;
    let n = 0;
    for (const f of files) {
      const path = join(root, f);
      if (!existsSync(path)) continue;
      n++;
      bytes += statSync(path).size;
      brotli += existsSync(`${path}.br`) ? statSync(`${path}.br`).size : 0;
    }
    return { files: n, bytes, brotli };
  };
  let precacheBytes = 0;
  let precacheFiles = 0;
  const sw = readFileSync(join(root, "dist/client/sw.js"), "utf8");
  for (const m of sw.matchAll(/"url":"\/?([^"]+)"/g)) {
    const path = join(root, "dist/client", m[1]);
    if (!existsSync(path)) continue;
    precacheFiles++;
    precacheBytes += statSync(path).size;
  }
  return {
    terminalScripts: size(terminal),
    cameraScripts: size(camera),
    shellScripts: size(shell),
    precache: { files: precacheFiles, bytes: precacheBytes },
  };
}

const d = (x: Distribution) => `p50 ${ms(x.p50)}  p99 ${ms(x.p99)}  (n=${x.n})`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `${PARAMS.lines.toLocaleString("en")} stock lines (filled in ${x.fillSeconds} s):`,
    `  scan to feedback in Chromium  ${d(x.feedback)}`,
    `  release scan over HTTP ${d(x.scan.api)}  raw ${
      d(x.scan.raw)
    }  ratio p50 ${x.scan.ratioP50}, p99 ${x.scan.ratioP99}`,
    ...(x.scan.replay
      ? [
        `    its ${x.scan.statements} statements again on the raw driver ${
          d(x.scan.replay)
        }  (API ${x.scan.apiToReplayP50}x)`,
      ]
      : []),
    ...(x.longHistory
      ? [
        `    from lines of ${PARAMS.longHistory.movements.toLocaleString("en")} movements ${
          d(x.longHistory.api)
        }  (${x.longHistory.toScanP50}x the other scans)`,
      ]
      : []),
    `  pick over HTTP         ${d(x.pick.api)}  raw ${
      d(x.pick.raw)
    }  ratio p50 ${x.pick.ratioP50}, p99 ${x.pick.ratioP99}`,
    ...(x.pick.replay
      ? [
        `    its ${x.pick.statements} statements again on the raw driver ${
          d(x.pick.replay)
        }  (API ${x.pick.apiToReplayP50}x)`,
      ]
      : []),
    `  decoder per frame      all ${d(x.decoder.all)}; read ${d(x.decoder.read)}; unread ${
      d(x.decoder.unread)
    }`,
    `  terminal scripts ${kb(x.sizes.terminalScripts.bytes)} (${
      kb(x.sizes.terminalScripts.brotli)
    } brotli) in ${x.sizes.terminalScripts.files} files beyond the shell's ${
      kb(x.sizes.shellScripts.bytes)
    } (${kb(x.sizes.shellScripts.brotli)} brotli); the camera ${kb(x.sizes.cameraScripts?.bytes ?? 0)} (${
      kb(x.sizes.cameraScripts?.brotli ?? 0)
    } brotli) when first opened`,
    `  offline cache, demo tenant: ${x.sizes.offlineCacheDemo.products} products, ${x.sizes.offlineCacheDemo.locations} locations, ${x.sizes.offlineCacheDemo.containers} containers: ${
      kb(x.sizes.offlineCacheDemo.bytes)
    }; precache ${x.sizes.precache.files} files, ${kb(x.sizes.precache.bytes)}`,
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
  Deno.exit(0);
}
