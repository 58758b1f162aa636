// Orders at scale (issue 14): a tenant with 1,000,000 stock lines (bench/confirm.ts's fill), then
// 1. release orders of 10, 100 and 1,000 positions confirmed with documents over HTTP
//    (`POST /api/WmsOrder/{id}/confirm?generateDocuments=true`: the release generated, FEFO over free stock,
//    one reservation per line taken), beside the raw driver doing the same reads and writes per order in
//    the same run (the lines of each position's product at its source, their reservations, the document,
//    its positions, the reservations, the order), and the p99 of a reader asking for products every 10 ms
//    while 1,000-position orders are confirmed back to back;
// 2. a VER-A count over all 1,000,000 lines: how long the confirmation answers (the first slice), how long
//    until every position is made (slices after the answer), the reader's p99 meanwhile, beside one raw
//    INSERT … SELECT of the same positions;
// 3. the progress lists over 10,000 orders (Move/Progress, Move/ProgressWithDelay, Verify/Progress, first
//    and a deep page, sorted by progress), beside the raw driver reading the same page.
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { call, createTenant, signIn } from "../tests/fixtures/harness.ts";
import { CACHE_KIB, filePathOf } from "../server/db/local.ts";
import { fill, type Line } from "./confirm.ts";
import {
  analyse,
  begin,
  type BenchResult,
  besideClients,
  type Distribution,
  distribution,
  ms,
  progress,
  readerThread,
  rng,
  startBenchServer,
  writeResult,
} from "./lib.ts";

export const NAME = "orders";

const PARAMS = {
  sizes: [10, 100, 1000],
  orders: { 10: 30, 100: 16, 1000: 6 } as Record<number, number>,
  warmup: 2,
  readerEveryMs: 10,
  /** This tenant's writes beside its count: one every 100 ms. */
  writerEveryMs: 100,
  /** The count's preparation against one raw INSERT … SELECT of the same positions (issue 35). */
  countRatioBound: 3,
  /** The supply report over the year of the million movements, p50 (issue 35). */
  reportBoundMs: 500,
  progressOrders: 10_000,
  pageReads: 60,
  seed: 17,
  /** Bounds (ms): a progress page; the reader's p99 beside 1,000-position confirmations and the count. */
  pageBoundMs: 10,
  readerWaitBoundMs: 50,
};

/** Working-copy release orders of `size` positions, each 1 unit of a distinct line's product at its location. */
function prepareOrders(
  raw: DatabaseSync,
  size: number,
  count: number,
  lines: Line[],
  random: () => number,
  tag: string,
) {
  const now = new Date().toISOString();
  const order = raw.prepare(
    "INSERT INTO wms_orders (order_number, type_code, status_code, process_status_code, priority, " +
      "positions_count, quantity_sum, created_at, updated_at) VALUES (?, 'OOU', 'workingCopy', 'pending', " +
      "'normal', ?, ?, ?, ?) RETURNING id",
  );
  const position = raw.prepare(
    "INSERT INTO wms_order_positions (order_id, product_id, quantity, source_location_id, created_at, " +
      "updated_at) VALUES (?, ?, 1000, ?, ?, ?)",
  );
  const ids: number[] = [];
  raw.exec("BEGIN");
  for (let o = 0; o < count; o++) {
    const { id } = order.get(`DRAFT/Z/${tag}/${size}/${o}`, size, size * 1000, now, now) as { id: number };
    const used = new Set<number>();
    for (let i = 0; i < size; i++) {
      let at = Math.floor(random() * lines.length);
      while (used.has(at)) at = Math.floor(random() * lines.length);
      used.add(at);
      position.run(id, lines[at].productId, lines[at].locationId, now, now);
    }
    ids.push(Number(id));
  }
  raw.exec("COMMIT");
  return ids;
}

/** The raw script: one order confirmed with its release and reservations, its reads inside BEGIN IMMEDIATE. */
function rawOrderConfirmer(raw: DatabaseSync) {
  const q = (sql: string): StatementSync => raw.prepare(sql);
  const positions = q(
    "SELECT id, product_id, quantity, source_location_id FROM wms_order_positions WHERE order_id = ? ORDER BY id",
  );
  const linesAt = q(
    "SELECT line_key, location_id, container_id, expiry_date, production_date, serial_number, quantity " +
      "FROM stock_lines WHERE product_id = ? AND location_id = ? ORDER BY expiry_date, id",
  );
  const reservedOn = q("SELECT coalesce(sum(quantity), 0) AS q FROM stock_reservations WHERE line_key = ?");
  const doc = q(
    "INSERT INTO wms_documents (document_number, type_code, status_code, order_id, generated, created_at, " +
      "updated_at) VALUES (?, 'OOU', 'workingCopy', ?, 1, ?, ?) RETURNING id",
  );
  const position = q(
    "INSERT INTO wms_document_positions (document_id, product_id, quantity, quantity_left, source_location_id, " +
      "expiry_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
  );
  const reservation = q(
    "INSERT INTO stock_reservations (order_id, document_id, document_position_id, line_key, product_id, " +
      "location_id, quantity, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const totals = q(
    "UPDATE wms_documents SET positions_count = (SELECT count(*) FROM wms_document_positions WHERE document_id = ?1), " +
      "quantity_sum = (SELECT sum(quantity) FROM wms_document_positions WHERE document_id = ?1) WHERE id = ?1",
  );
  const confirmed = q(
    "UPDATE wms_orders SET status_code = 'confirmed', process_status_code = 'waitingToProcess', order_number = ?, " +
      "version = version + 1 WHERE id = ?",
  );
  return (id: number) => {
    const now = new Date().toISOString();
    raw.exec("BEGIN IMMEDIATE");
    try {
      const { id: docId } = doc.get(`RAWDOC/${id}`, id, now, now) as { id: number };
      for (const p of positions.all(id) as Record<string, number>[]) {
        let needed = p.quantity;
        for (
          const l of linesAt.all(p.product_id, p.source_location_id) as Record<string, string | number>[]
        ) {
          const free = Number(l.quantity) - Number((reservedOn.get(l.line_key) as { q: number }).q);
          if (free <= 0 || needed === 0) continue;
          const take = Math.min(free, needed);
          needed -= take;
          const { id: posId } = position.get(
            docId,
            p.product_id,
            take,
            take,
            l.location_id,
            l.expiry_date,
            now,
            now,
          ) as {
            id: number;
          };
          reservation.run(id, docId, posId, l.line_key, p.product_id, l.location_id, take, now);
        }
        if (needed > 0) throw new Error(`raw: not enough of ${p.product_id}`);
      }
      totals.run(docId);
      confirmed.run(`RAW/${id}`, id);
      raw.exec("COMMIT");
    } catch (err) {
      raw.exec("ROLLBACK");
      throw err;
    }
  };
}

/** 10,000 confirmed orders of every kind with progress and dates, straight into the file. */
function prepareProgressOrders(raw: DatabaseSync, count: number, random: () => number) {
  const now = new Date().toISOString();
  const order = raw.prepare(
    "INSERT INTO wms_orders (order_number, type_code, status_code, process_status_code, verification_status_code, " +
      "priority, deadline, positions_count, positions_done_count, quantity_sum, quantity_done_sum, progress_percent, " +
      "created_at, updated_at) VALUES (?, ?, 'confirmed', ?, ?, 'normal', ?, 10, ?, 10000, ?, ?, ?, ?)",
  );
  const types = ["OIN", "OOU", "OPI", "VER-A", "VER-L"];
  raw.exec("BEGIN");
  for (let i = 0; i < count; i++) {
    const type = types[Math.floor(random() * types.length)];
    const done = Math.floor(random() * 11);
    const deadline = new Date(Date.now() + (Math.floor(random() * 60) - 30) * 86_400_000).toISOString().slice(
      0,
      10,
    );
    order.run(
      `PROG/${i}`,
      type,
      done === 10 ? "closedFully" : done > 0 ? "inProgress" : "waitingToProcess",
      type.startsWith("VER") ? (done > 0 ? "inProgressNoDifferences" : "notStarted") : null,
      deadline,
      done,
      done * 1000,
      done * 10,
      now,
      now,
    );
  }
  raw.exec("COMMIT");
}

interface SizeResult {
  api: Distribution;
  raw: Distribution;
  ratioP50: number;
  ratioP99: number;
}

type Results = {
  fillSeconds: number;
  confirmWithDocuments: Record<string, SizeResult>;
  reader: {
    idle: Distribution;
    beside1000: Distribution;
    besideCount: Distribution;
    otherBeside1000: Distribution;
    otherBesideCount: Distribution;
    writerBesideCount: Distribution;
  };
  count: {
    lines: number;
    answerMs: number;
    preparedSeconds: number;
    rawInsertSeconds: number;
    ratio: number;
    /**
     * The answering thread's own pauses while the count is prepared: a timer due every 10 ms, each lateness
     * over 100 ms kept (seconds since the confirmation, milliseconds late). A slow answer without a pause here
     * waited for something (a lock, its turn); with one, the thread itself was held.
     */
    threadPauses: { longestMs: number; over100ms: [number, number][] };
  };
  progress: Record<string, { api: Distribution; raw: Distribution; ratioP50: number }>;
  /** Lists at a realistic size, over HTTP (no raw counterpart: each is several statements). */
  atSize: Record<string, Distribution>;
};

/** Watches this thread's own pauses from `since` on (see `threadPauses` in Results) until stopped. */
function threadPauses(since: number): { stop(): { longestMs: number; over100ms: [number, number][] } } {
  const every = 10;
  const over100ms: [number, number][] = [];
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - every;
    last = now;
    longest = Math.max(longest, late);
    if (late > 100) over100ms.push([Math.round((now - since) / 100) / 10, Math.round(late)]);
  }, every);
  return {
    stop() {
      clearInterval(timer);
      return { longestMs: Math.round(longest), over100ms };
    },
  };
}

export async function run(): Promise<BenchResult> {
  const started = begin();
  const server = await startBenchServer(NAME, { passwordHashCost: 1024, accessTokenTtlSeconds: 3600 });
  try {
    const tenant = await createTenant(server, "bench-orders");
    const { token } = await signIn(server, "bench-orders-admin");
    const raw = new DatabaseSync(filePathOf(tenant.dbUrl));
    raw.exec("PRAGMA journal_mode = WAL");
    raw.exec("PRAGMA synchronous = NORMAL");
    raw.exec("PRAGMA foreign_keys = ON");
    raw.exec("PRAGMA busy_timeout = 5000");
    raw.exec("PRAGMA cache_size = -262144");
    const random = rng(PARAMS.seed);
    progress(NAME, "filling 1,000,000 stock lines");
    const t0 = performance.now();
    const lines = fill(raw, random);
    raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    analyse(raw);
    raw.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
    const fillSeconds = Math.round((performance.now() - t0) / 100) / 10;

    const api = (method: string, path: string) => call(server, method, `/api${path}`, { token });
    // Another tenant on the same server: its reads must not wait for this tenant's heavy work.
    await createTenant(server, "bench-orders-other");
    const other = (await signIn(server, "bench-orders-other-admin")).token;
    const otherProduct = (await call(server, "POST", "/api/Product", {
      token: other,
      body: { index: "OTHER-1", name: "Other tenant's product" },
    })).body.id as number;
    // The readers and the writer run on threads of their own (readerThread): on this one their own client
    // code waited for the server's slices as well, and counted it as the server's.
    const products = Array.from(
      { length: 5000 },
      () => `/api/Product/${1 + Math.floor(Math.random() * 10_000)}`,
    );
    const reader = () => readerThread(server.baseUrl, token, products, PARAMS.readerEveryMs);
    const otherReader = () =>
      readerThread(server.baseUrl, other, [`/api/Product/${otherProduct}`], PARAMS.readerEveryMs);
    // This tenant's own write: a tag added (a write transaction like any edit's), a new name each time.
    const writer = () =>
      readerThread(server.baseUrl, token, ["/api/Tags"], PARAMS.writerEveryMs, {
        method: "POST",
        body: JSON.stringify({ name: `BENCH-${crypto.randomUUID().slice(0, 8)}-{n}` }),
        status: 201,
      });
    const { times: [idleReads] } = await besideClients(
      [reader()],
      () => new Promise((r) => setTimeout(r, 2000)),
    );
    const idle = distribution(idleReads);

    // 1. Confirm with documents.
    const rawConfirm = rawOrderConfirmer(raw);
    const confirmApi = async (id: number) => {
      const r = await api("POST", `/WmsOrder/${id}/confirm?generateDocuments=true`);
      if (r.status !== 200) throw new Error(`confirm ${id} answered ${r.status}: ${JSON.stringify(r.body)}`);
    };
    const timed = async (ids: number[], fn: (id: number) => unknown) => {
      const out: number[] = [];
      for (const id of ids) {
        const t = performance.now();
        await fn(id);
        out.push(performance.now() - t);
      }
      return out.slice(Math.min(PARAMS.warmup, Math.floor(ids.length / 4)));
    };
    const confirmWithDocuments: Results["confirmWithDocuments"] = {};
    for (const size of PARAMS.sizes) {
      const count = PARAMS.orders[size];
      progress(
        NAME,
        `orders of ${size} positions confirmed with documents: ${count} through the API, ${count} raw`,
      );
      const apiIds = prepareOrders(raw, size, count, lines, random, "api");
      const rawIds = prepareOrders(raw, size, count, lines, random, "raw");
      const half = Math.ceil(count / 2);
      const a = [...await timed(apiIds.slice(0, half), confirmApi)];
      const r = [...await timed(rawIds.slice(0, half), rawConfirm)];
      a.push(...await timed(apiIds.slice(half), confirmApi));
      r.push(...await timed(rawIds.slice(half), rawConfirm));
      const da = distribution(a);
      const dr = distribution(r);
      confirmWithDocuments[`OOUx${size}`] = {
        api: da,
        raw: dr,
        ratioP50: Math.round((da.p50 / dr.p50) * 100) / 100,
        ratioP99: Math.round((da.p99 / dr.p99) * 100) / 100,
      };
    }
    progress(NAME, "reader beside 1,000-position orders confirmed with documents");
    const besideIds = prepareOrders(raw, 1000, 6, lines, random, "reader");
    const { times: [reads1000, otherReads1000] } = await besideClients(
      [reader(), otherReader()],
      async () => {
        for (const id of besideIds) await confirmApi(id);
      },
    );
    const beside1000 = distribution(reads1000);
    const otherBeside1000 = distribution(otherReads1000);

    // 2. A count over everything.
    progress(NAME, "VER-A over 1,000,000 lines");
    const created = await call(server, "POST", "/api/WmsOrder", { token, body: { typeCode: "VER-A" } });
    const countId = created.body.id as number;
    const t1 = performance.now();
    const pauses = threadPauses(t1);
    const { result: answerMs, times: [countReads, otherCountReads, countWrites] } = await besideClients(
      [reader(), otherReader(), writer()],
      async () => {
        const confirmed = await api("POST", `/WmsOrder/${countId}/confirm`);
        if (confirmed.status !== 200) throw new Error(`count confirm answered ${confirmed.status}`);
        const answered = performance.now() - t1;
        let order = confirmed.body;
        while (order.countPreparing) {
          await new Promise((r) => setTimeout(r, 100));
          order = (await api("GET", `/WmsOrder/${countId}`)).body;
        }
        return answered;
      },
    );
    const preparedSeconds = (performance.now() - t1) / 1000;
    const countPauses = pauses.stop();
    const besideCount = distribution(countReads);
    const otherBesideCount = distribution(otherCountReads);
    const writerBesideCount = distribution(countWrites);
    progress(NAME, "the same positions by one raw INSERT … SELECT");
    const t2 = performance.now();
    raw.exec("BEGIN IMMEDIATE");
    raw.exec(`INSERT INTO wms_orders (order_number, type_code, status_code, process_status_code, priority,
      created_at, updated_at) VALUES ('RAW/VER-A', 'VER-A', 'confirmed', 'waitingToProcess', 'normal', '', '')`);
    raw.exec(`INSERT INTO wms_order_positions (order_id, product_id, quantity, source_location_id,
      source_container_id, expiry_date, production_date, serial_number, line_key, created_at, updated_at, version)
      SELECT (SELECT id FROM wms_orders WHERE order_number = 'RAW/VER-A'), product_id, quantity, location_id,
        container_id, expiry_date, production_date, serial_number, line_key, '', '', 1 FROM stock_lines`);
    raw.exec("COMMIT");
    const rawInsertSeconds = (performance.now() - t2) / 1000;

    // Lists at size: a page of the million-position count, supply over 10,000 products under their
    // warning stock, the supply report over the year the ledger's million rows fall in.
    progress(NAME, "lists at size: the count's positions, supply, the supply report");
    raw.exec("UPDATE products SET warning_stock = 1000000, critical_stock = 10");
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const sized: Record<string, string> = {
      "Verify/{id}/PositionsProgress p1": `/WmsOrder/Verify/${countId}/PositionsProgress?PageSize=50`,
      "Verify/{id}/PositionsProgress p2000":
        `/WmsOrder/Verify/${countId}/PositionsProgress?PageSize=50&PageNumber=2000`,
      "Supply/Products p1 (10,000 under)": "/Supply/Products?PageSize=50",
      [`Supply/Report p1 (${yearAgo}..${today})`]:
        `/Supply/Report?dateFrom=${yearAgo}&dateTo=${today}&PageSize=50`,
    };
    const atSize: Results["atSize"] = {};
    for (const [name, path] of Object.entries(sized)) {
      const times: number[] = [];
      for (let i = 0; i < 4; i++) {
        const t = performance.now();
        const res = await api("GET", path);
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        times.push(performance.now() - t);
        progress(NAME, `${name}: ${Math.round(times.at(-1)!)} ms`);
      }
      atSize[name] = distribution(times.slice(1));
    }

    // 3. Progress over 10,000 orders.
    progress(NAME, "progress lists over 10,000 orders");
    prepareProgressOrders(raw, PARAMS.progressOrders, random);
    analyse(raw);
    const pages: Record<string, { path: string; sql: string; params: (string | number)[] }> = {
      "Move/Progress p1": {
        path: "/WmsOrder/Move/Progress?PageNumber=1&PageSize=50",
        sql: "SELECT * FROM wms_orders WHERE type_code NOT LIKE 'VER-%' AND status_code = 'confirmed' " +
          "ORDER BY created_at DESC, id DESC LIMIT 50",
        params: [],
      },
      "Move/Progress p60 by progress": {
        path: "/WmsOrder/Move/Progress?PageNumber=60&PageSize=50&sortColumn=progressPercent",
        sql: "SELECT * FROM wms_orders WHERE type_code NOT LIKE 'VER-%' AND status_code = 'confirmed' " +
          "ORDER BY progress_percent, id LIMIT 50 OFFSET 2950",
        params: [],
      },
      "Move/ProgressWithDelay p1": {
        path: "/WmsOrder/Move/ProgressWithDelay?PageNumber=1&PageSize=50",
        sql: "SELECT * FROM wms_orders WHERE type_code NOT LIKE 'VER-%' AND status_code = 'confirmed' AND " +
          "process_status_code IN ('pending','waitingToProcess','inProgress','doneUnconfirmed') AND " +
          "substr(coalesce(deadline, planned_date), 1, 10) < ? ORDER BY created_at DESC, id DESC LIMIT 50",
        params: [today],
      },
      "Verify/Progress p1": {
        path: "/WmsOrder/Verify/Progress?PageNumber=1&PageSize=50",
        sql: "SELECT * FROM wms_orders WHERE type_code LIKE 'VER-%' AND status_code = 'confirmed' " +
          "ORDER BY created_at DESC, id DESC LIMIT 50",
        params: [],
      },
    };
    const progressResults: Results["progress"] = {};
    // The other tenant's reads and this tenant's during the count are bound; this tenant's reads beside its
    // own 1,000-position confirmations wait for that transaction (as beside documents: bench/confirm.ts).
    let ok = otherBeside1000.p99 <= PARAMS.readerWaitBoundMs && besideCount.p99 <= PARAMS.readerWaitBoundMs &&
      otherBesideCount.p99 <= PARAMS.readerWaitBoundMs && writerBesideCount.p99 <= PARAMS.readerWaitBoundMs &&
      preparedSeconds / rawInsertSeconds <= PARAMS.countRatioBound &&
      Object.entries(atSize).every(([n, d]) =>
        !n.startsWith("Supply/Report") || d.p50 <= PARAMS.reportBoundMs
      );
    for (const [name, p] of Object.entries(pages)) {
      const a: number[] = [];
      const r: number[] = [];
      const stmt = raw.prepare(p.sql);
      for (let i = 0; i < PARAMS.pageReads; i++) {
        let t = performance.now();
        const res = await api("GET", p.path);
        if (res.status !== 200) throw new Error(`${p.path} answered ${res.status}`);
        a.push(performance.now() - t);
        t = performance.now();
        stmt.all(...p.params);
        r.push(performance.now() - t);
      }
      const da = distribution(a.slice(5));
      const dr = distribution(r.slice(5));
      progressResults[name] = { api: da, raw: dr, ratioP50: Math.round((da.p50 / dr.p50) * 100) / 100 };
      if (da.p50 > PARAMS.pageBoundMs) ok = false;
    }
    raw.close();
    return writeResult(
      NAME,
      started,
      PARAMS,
      {
        fillSeconds,
        confirmWithDocuments,
        reader: { idle, beside1000, besideCount, otherBeside1000, otherBesideCount, writerBesideCount },
        count: {
          lines: lines.length,
          answerMs: Math.round(answerMs),
          preparedSeconds: Math.round(preparedSeconds * 10) / 10,
          rawInsertSeconds: Math.round(rawInsertSeconds * 10) / 10,
          ratio: Math.round((preparedSeconds / rawInsertSeconds) * 100) / 100,
          threadPauses: countPauses,
        },
        progress: progressResults,
        atSize,
      } satisfies Results,
      ok,
      [
        "confirmWithDocuments: ms per release order confirmed with its documents and reservations (HTTP, one after",
        "another) beside the raw driver doing the same reads and writes per order in the same process and file.",
        "count: a VER-A over every line; answerMs is the confirmation's answer (first slice), preparedSeconds until",
        "every position is made (slices of 1,000 lines after the answer), beside one raw INSERT … SELECT.",
        "reader: GET /api/Product/{id} every 10 ms from a thread of its own, idle and beside the 1,000-position",
        "confirmations and the count, of this tenant and of another tenant on the same server; writerBesideCount:",
        "this tenant's POST /api/Tags every 100 ms from a thread of its own while its count is prepared (a write",
        "waits for the count's slice under way at most).",
        "progress: ms per page of 50 over 10,000 orders, API over HTTP beside the raw SELECT of the same page.",
        "ok is false when a progress page's p50 passes 10 ms, the other tenant's reader's p99 50 ms, this",
        "tenant's reader's or writer's p99 during the count 50 ms, the count takes over 3x the raw INSERT, or",
        "the supply report's p50 passes 500 ms.",
      ],
    );
  } finally {
    await server.close();
  }
}

const d = (x: Distribution) => `p50 ${ms(x.p50)}  p99 ${ms(x.p99)}  (n=${x.n})`;

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `1,000,000 stock lines (filled in ${x.fillSeconds} s):`,
    ...Object.entries(x.confirmWithDocuments).map(([n, m]) =>
      `  confirm with documents ${n.padEnd(9)} api ${d(m.api)}  raw ${
        d(m.raw)
      }  ratio p50 ${m.ratioP50}, p99 ${m.ratioP99}`
    ),
    `  reader idle ${d(x.reader.idle)}; beside 1,000-position orders ${d(x.reader.beside1000)}`,
    `  another tenant's reader beside them ${d(x.reader.otherBeside1000)}; beside the count ${
      d(x.reader.otherBesideCount)
    }`,
    `  VER-A over ${
      x.count.lines.toLocaleString("en")
    } lines: answered in ${x.count.answerMs} ms, prepared in ` +
    `${x.count.preparedSeconds} s (raw INSERT … SELECT ${x.count.rawInsertSeconds} s, ratio ${x.count.ratio}); ` +
    `reader meanwhile ${d(x.reader.besideCount)}, writer ${d(x.reader.writerBesideCount)}` +
    (x.count.threadPauses
      ? `; the thread's longest pause ${x.count.threadPauses.longestMs} ms (${x.count.threadPauses.over100ms.length} over 100 ms)`
      : ""),
    ...Object.entries(x.atSize ?? {}).map(([n, m]) => `  ${n.padEnd(44)} ${d(m)}`),
    ...Object.entries(x.progress).map(([n, m]) =>
      `  ${n.padEnd(32)} api ${d(m.api)}  raw ${d(m.raw)}  ratio p50 ${m.ratioP50}`
    ),
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
}
