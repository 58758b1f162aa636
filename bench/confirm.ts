// Confirming documents at scale: a tenant with 1,000,000 stock lines (10,000 products at 2,000 locations,
// one ledger row per line), then receipts (IIN) and releases (IOU) of 1, 10, 100 and 1,000 positions
// confirmed over HTTP (`POST /api/WmsDocument/{id}/confirm`), each size beside the same work done by a plain
// script on the raw driver in the same run: one BEGIN IMMEDIATE per document that reads each position's
// line, checks what is there, updates or inserts the line, appends the ledger row and keeps both summaries,
// then marks the positions and the document. A third measure: while 1,000-position documents are being
// confirmed one after another, a reader on a thread of its own asks for products every 10 ms, and the time
// its calls wait is compared with the same reader on an idle server. The documents are written straight into
// the tenant file as working copies (prepared INSERTs) before anything is timed.
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { statSync } from "node:fs";
import { call, createTenant, signIn } from "../tests/fixtures/harness.ts";
import { CACHE_KIB, filePathOf } from "../server/db/local.ts";
import { lineKeyOf } from "../server/domain/stock/ledger/service.ts";
import {
  analyse,
  begin,
  type BenchResult,
  besideClients,
  type Distribution,
  distribution,
  fillStock,
  ms,
  progress,
  readerThread,
  recorder,
  replayCopy,
  rng,
  startBenchServer,
  writeResult,
} from "./lib.ts";

export const NAME = "confirm";

const PARAMS = {
  lines: 1_000_000,
  products: 10_000,
  locations: 2_000,
  sizes: [1, 10, 100, 1000],
  /** Documents confirmed per size and type (the API and the raw script each get their own). */
  documents: { 1: 60, 10: 40, 100: 25, 1000: 8 } as Record<number, number>,
  warmup: 3,
  /** The reader beside the confirmations: one product read every `readerEveryMs`. */
  readerEveryMs: 10,
  seed: 11,
  /**
   * Bounds checked (ms): p50 of 100 positions within 1.3x of raw and of 1 position within 2x (issue 35), p99
   * of 100 positions, a reader's wait.
   */
  ratioBound100: 1.3,
  ratioBound1: 2,
  p99Bound100Ms: 30,
  readerWaitBoundMs: 50,
};

/** What fill() makes, for other benchmarks that reuse it (bench/shards.ts). */
export const FILLED = { lines: PARAMS.lines, products: PARAMS.products, locations: PARAMS.locations };

const day = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);

export interface Line {
  productId: number;
  locationId: number;
  expiryDate: string;
}

/** Products, locations and the stock lines with one ledger row each; answers the lines made. */
export function fill(raw: DatabaseSync, random: () => number): Line[] {
  const pick = (n: number) => Math.floor(random() * n);
  const now = new Date().toISOString();
  const lines: Line[] = [];
  fillStock(raw, ["products", "storage_spaces", "stock_lines", "stock_movements"], () => {
    const location = raw.prepare(
      "INSERT INTO storage_spaces (id, label, barcode, path, pickup_order, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    for (let i = 1; i <= PARAMS.locations; i++) location.run(i, `L${i}`, `L${i}`, `L${i}`, i, now, now);
    const product = raw.prepare(
      "INSERT INTO products (id, name, product_index, weight, cash_value, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    for (let i = 1; i <= PARAMS.products; i++) {
      product.run(
        i,
        `Product ${i}`,
        `P-${String(i).padStart(6, "0")}`,
        1 + pick(20),
        1 + pick(100),
        now,
        now,
      );
    }
    const line = raw.prepare(
      "INSERT INTO stock_lines (id, line_key, product_id, location_id, expiry_date, quantity, created_at, " +
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const movement = raw.prepare(
      "INSERT INTO stock_movements (id, document_id, line_key, product_id, location_id, expiry_date, delta, " +
        "balance_after, reason, created_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?6, 'confirm', ?)",
    );
    const seen = new Set<string>();
    while (lines.length < PARAMS.lines) {
      const l = {
        productId: 1 + pick(PARAMS.products),
        locationId: 1 + pick(PARAMS.locations),
        expiryDate: day(400 + pick(2000)),
      };
      const key = lineKeyOf({ ...l, containerId: null, productionDate: null, serialNumber: null });
      if (seen.has(key)) continue;
      seen.add(key);
      const id = lines.length + 1;
      const quantity = (50 + pick(100)) * 1000;
      line.run(id, key, l.productId, l.locationId, l.expiryDate, quantity, now, now);
      movement.run(id, key, l.productId, l.locationId, l.expiryDate, quantity, now);
      lines.push(l);
    }
  });
  return lines;
}

/**
 * A tenant of `server` filled by fill() (one ledger row per line), signed in as its administrator, and the
 * raw driver on its file with the server's own settings (server/db/local.ts), so that both sides pay the same
 * for a commit: what confirm, orders and terminal measure against.
 */
export async function filledTenant(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  name: string,
  seed: number,
  options: { walAutocheckpoint?: boolean } = {},
) {
  const tenant = await createTenant(server, `bench-${name}`);
  const { token } = await signIn(server, `bench-${name}-admin`);
  const raw = new DatabaseSync(filePathOf(tenant.dbUrl));
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA synchronous = NORMAL");
  raw.exec("PRAGMA foreign_keys = ON");
  if (options.walAutocheckpoint === false) raw.exec("PRAGMA wal_autocheckpoint = 0");
  raw.exec("PRAGMA busy_timeout = 5000");
  raw.exec("PRAGMA cache_size = -262144"); // for the fill only; back to the server's setting below
  const random = rng(seed);
  progress(name, `filling ${PARAMS.lines.toLocaleString("en")} stock lines`);
  const t0 = performance.now();
  const lines = fill(raw, random);
  raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  analyse(raw);
  raw.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
  const fillSeconds = Math.round((performance.now() - t0) / 100) / 10;
  return { tenant, token, raw, random, lines, fillSeconds };
}

export type Kind = "IIN" | "IOU";

/** Working copies of `count` documents of `size` positions each; a release takes 1 unit from distinct lines. */
export function prepare(
  raw: DatabaseSync,
  kind: Kind,
  size: number,
  count: number,
  lines: Line[],
  random: () => number,
  tag: string,
): number[] {
  const now = new Date().toISOString();
  const doc = raw.prepare(
    "INSERT INTO wms_documents (document_number, type_code, status_code, positions_count, quantity_sum, " +
      "created_at, updated_at) VALUES (?, ?, 'workingCopy', ?, ?, ?, ?) RETURNING id",
  );
  const position = raw.prepare(
    "INSERT INTO wms_document_positions (document_id, product_id, quantity, quantity_left, expiry_date, " +
      "source_location_id, destination_location_id, created_at, updated_at) VALUES (?, ?, 1000, 1000, ?, ?, ?, ?, ?)",
  );
  const ids: number[] = [];
  raw.exec("BEGIN");
  for (let d = 0; d < count; d++) {
    const { id } = doc.get(`DRAFT/${tag}/${kind}/${size}/${d}`, kind, size, size * 1000, now, now) as {
      id: number;
    };
    const used = new Set<number>();
    for (let i = 0; i < size; i++) {
      let at = Math.floor(random() * lines.length);
      while (used.has(at)) at = Math.floor(random() * lines.length);
      used.add(at);
      const l = lines[at];
      if (kind === "IOU") position.run(id, l.productId, l.expiryDate, l.locationId, null, now, now);
      else {position.run(
          id,
          l.productId,
          day(3000 + Math.floor(random() * 300)),
          null,
          l.locationId,
          now,
          now,
        );}
    }
    ids.push(Number(id));
  }
  raw.exec("COMMIT");
  return ids;
}

/** The raw script: the same confirmation on the raw driver, its reads inside one BEGIN IMMEDIATE. */
function rawConfirmer(raw: DatabaseSync) {
  const q = (sql: string): StatementSync => raw.prepare(sql);
  const positions = q(
    "SELECT p.id, p.product_id, p.quantity, p.expiry_date, p.source_location_id, p.destination_location_id, " +
      "d.type_code FROM wms_document_positions p JOIN wms_documents d ON d.id = p.document_id " +
      "WHERE p.document_id = ? AND d.status_code = 'workingCopy'",
  );
  const lineByKey = q("SELECT quantity FROM stock_lines WHERE line_key = ?");
  const take = q("UPDATE stock_lines SET quantity = quantity - ?, updated_at = ? WHERE line_key = ?");
  const drop = q("DELETE FROM stock_lines WHERE line_key = ? AND quantity = 0");
  const put = q(
    "INSERT INTO stock_lines (line_key, product_id, location_id, expiry_date, quantity, created_at, updated_at) " +
      "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (line_key) DO UPDATE SET quantity = quantity + excluded.quantity " +
      "RETURNING quantity",
  );
  const ledger = q(
    "INSERT INTO stock_movements (document_id, position_id, line_key, product_id, location_id, expiry_date, " +
      "delta, balance_after, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'confirm', ?)",
  );
  const productTotal = q(
    "INSERT INTO stock_product_totals (product_id, quantity) VALUES (?, ?) " +
      "ON CONFLICT (product_id) DO UPDATE SET quantity = quantity + excluded.quantity",
  );
  const locationTotal = q(
    "INSERT INTO stock_location_totals (product_id, location_id, quantity) VALUES (?, ?, ?) " +
      "ON CONFLICT (product_id, location_id) DO UPDATE SET quantity = quantity + excluded.quantity",
  );
  // The product's flows of the day (the supply report's): its last row up to today plus the movement.
  const flow = q(
    "INSERT INTO stock_product_flows (product_id, day, received, released, movements) " +
      "SELECT ?1, ?2, coalesce(f.received, 0) + ?3, coalesce(f.released, 0) + ?4, coalesce(f.movements, 0) + 1 " +
      "FROM (SELECT 1) LEFT JOIN stock_product_flows f ON f.product_id = ?1 AND f.day = " +
      "(SELECT max(day) FROM stock_product_flows WHERE product_id = ?1 AND day <= ?2) WHERE true " +
      "ON CONFLICT (product_id, day) DO UPDATE SET received = excluded.received, released = excluded.released, " +
      "movements = excluded.movements",
  );
  const done = q(
    "UPDATE wms_document_positions SET quantity_real = quantity, quantity_left = 0 WHERE document_id = ?",
  );
  const confirmed = q(
    "UPDATE wms_documents SET status_code = 'confirmed', document_number = ?, executed_at = ?, version = version + 1 " +
      "WHERE id = ?",
  );
  return (id: number) => {
    const now = new Date().toISOString();
    raw.exec("BEGIN IMMEDIATE");
    try {
      for (const p of positions.all(id) as Record<string, number | string | null>[]) {
        const out = p.type_code === "IOU";
        const locationId = Number(out ? p.source_location_id : p.destination_location_id);
        const key = lineKeyOf({
          productId: Number(p.product_id),
          locationId,
          containerId: null,
          expiryDate: p.expiry_date as string,
          productionDate: null,
          serialNumber: null,
        });
        const qty = Number(p.quantity);
        let balance: number;
        if (out) {
          const line = lineByKey.get(key) as { quantity: number } | undefined;
          if (!line || line.quantity < qty) throw new Error(`raw: not enough at ${key}`);
          take.run(qty, now, key);
          drop.run(key);
          balance = line.quantity - qty;
        } else {
          balance = Number(
            (put.get(key, p.product_id, locationId, p.expiry_date, qty, now, now) as {
              quantity: number;
            }).quantity,
          );
        }
        const delta = out ? -qty : qty;
        ledger.run(id, p.id, key, p.product_id, locationId, p.expiry_date, delta, balance, now);
        productTotal.run(p.product_id, delta);
        locationTotal.run(p.product_id, locationId, delta);
        flow.run(p.product_id, now.slice(0, 10), out ? 0 : qty, out ? qty : 0);
      }
      done.run(id);
      confirmed.run(`RAW/${id}`, now, id);
      raw.exec("COMMIT");
    } catch (err) {
      raw.exec("ROLLBACK");
      throw err;
    }
  };
}

interface SizeResult {
  api: Distribution;
  raw: Distribution;
  /** What one confirmation through the API appends to the WAL (KiB): its COMMIT's pages. */
  walKib: Distribution;
  /** The same for the raw script's confirmation. */
  rawWalKib: Distribution;
  ratioP50: number;
  ratioP99: number;
  /**
   * Sizes 1, 10 and 100: the statements the API ran for each confirmation (their count in `statements`, BEGIN
   * and COMMIT included) run again on the raw driver: what the confirmation costs SQLite alone.
   */
  replay?: Distribution;
  statements?: number;
  apiToReplayP50?: number;
}

type Results = {
  fillSeconds: number;
  confirm: Record<string, SizeResult>;
  reader: {
    idle: Distribution;
    besideConfirmations: { size: number; confirmations: number; reads: Distribution }[];
  };
};

export async function run(): Promise<BenchResult> {
  const started = begin();
  const server = await startBenchServer(NAME, { passwordHashCost: 1024, accessTokenTtlSeconds: 3600 });
  try {
    const { tenant, token, raw, random, lines, fillSeconds } = await filledTenant(server, NAME, PARAMS.seed, {
      // The harness checkpoints on no timer: the WAL only grows, and its growth is what a commit wrote.
      walAutocheckpoint: false,
    });
    const rawScript = rawConfirmer(raw);
    // The server checkpoints on no timer here (the harness), so the WAL only grows: its growth over one
    // confirmation is what that COMMIT wrote.
    const walPath = `${filePathOf(tenant.dbUrl)}-wal`;
    const walBytes = () => {
      try {
        return statSync(walPath).size;
      } catch {
        return 0;
      }
    };
    let walKib: number[] = [];
    let rawWalKib: number[] = [];
    // The small confirmations' own statements, replayed on the raw driver below (bench/lib.ts, replay).
    let statements: ReturnType<typeof recorder> | undefined;
    const tenantFile = filePathOf(tenant.dbUrl);
    const confirmApi = async (id: number) => {
      const before = walBytes();
      const send = () =>
        call(server, "POST", `/api/WmsDocument/${id}/confirm?acceptWarnings=true`, { token });
      const r = statements ? await statements.during(send) : await send();
      if (r.status !== 200) throw new Error(`confirm ${id} answered ${r.status}: ${JSON.stringify(r.body)}`);
      walKib.push((walBytes() - before) / 1024);
    };
    const rawConfirm = (id: number) => {
      const before = walBytes();
      rawScript(id);
      rawWalKib.push((walBytes() - before) / 1024);
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

    const confirm: Results["confirm"] = {};
    let ok = true;
    for (const kind of ["IIN", "IOU"] as Kind[]) {
      for (const size of PARAMS.sizes) {
        const count = PARAMS.documents[size];
        progress(NAME, `${kind} of ${size} position(s): ${count} through the API, ${count} raw`);
        const apiIds = prepare(raw, kind, size, count, lines, random, "api");
        const rawIds = prepare(raw, kind, size, count, lines, random, "raw");
        // Interleaved halves, so that neither side always meets a warmer cache.
        const half = Math.ceil(count / 2);
        walKib = [];
        rawWalKib = [];
        statements = size <= 100 ? recorder(tenantFile) : undefined;
        const before = statements ? replayCopy(raw, tenantFile) : undefined;
        const api = [...await timed(apiIds.slice(0, half), confirmApi)];
        const rawTimes = [...await timed(rawIds.slice(0, half), rawConfirm)];
        api.push(...await timed(apiIds.slice(half), confirmApi));
        rawTimes.push(...await timed(rawIds.slice(half), rawConfirm));
        const a = distribution(api);
        const r = distribution(rawTimes);
        const replayed = statements && before
          ? distribution(before.run(statements.groups, Math.min(PARAMS.warmup, Math.floor(count / 4))))
          : undefined;
        const result: SizeResult = {
          api: a,
          raw: r,
          walKib: distribution(walKib),
          rawWalKib: distribution(rawWalKib),
          ratioP50: Math.round((a.p50 / r.p50) * 100) / 100,
          ratioP99: Math.round((a.p99 / r.p99) * 100) / 100,
          ...(replayed && statements
            ? {
              replay: replayed,
              statements: statements.groups[statements.groups.length - 1].length,
              apiToReplayP50: Math.round((a.p50 / replayed.p50) * 100) / 100,
            }
            : {}),
        };
        statements = undefined;
        confirm[`${kind}x${size}`] = result;
        if (size === 100 && (result.ratioP50 > PARAMS.ratioBound100 || a.p99 > PARAMS.p99Bound100Ms)) {
          ok = false;
        }
        if (size === 1 && result.ratioP50 > PARAMS.ratioBound1) ok = false;
      }
    }

    // A reader beside the confirmations: product reads every 10 ms, idle first, then beside 100- and
    // 1,000-position releases confirmed back to back. The reader runs on a thread of its own (readerThread):
    // on this one, its own client code waited for the server's slices as well.
    const paths = Array.from(
      { length: 5000 },
      () => `/api/Product/${1 + Math.floor(Math.random() * PARAMS.products)}`,
    );
    const reader = () => readerThread(server.baseUrl, token, paths, PARAMS.readerEveryMs);
    progress(NAME, "reader on an idle server");
    const { times: [idleReads] } = await besideClients(
      [reader()],
      () => new Promise((r) => setTimeout(r, 3000)),
    );
    const idle = distribution(idleReads);
    const beside = async (size: number, count: number) => {
      progress(NAME, `reader beside ${size.toLocaleString("en")}-position releases`);
      const ids = prepare(raw, "IOU", size, count, lines, random, "reader");
      const { times: [reads] } = await besideClients([reader()], async () => {
        for (const id of ids) await confirmApi(id);
      });
      return { size, confirmations: count, reads: distribution(reads) };
    };
    const besideConfirmations = [await beside(100, 40), await beside(1000, 12)];
    for (const b of besideConfirmations) if (b.reads.p99 > PARAMS.readerWaitBoundMs) ok = false;
    raw.close();
    return writeResult(
      NAME,
      started,
      PARAMS,
      {
        fillSeconds,
        confirm,
        reader: { idle, besideConfirmations },
      } satisfies Results,
      ok,
      [
        "Milliseconds per confirmation, one after another, over HTTP/1.1 keep-alive on 127.0.0.1, beside the raw",
        "driver doing the same reads and writes per document in the same process on the same file.",
        "IIN adds 1 unit per position to a line (new or existing); IOU takes 1 unit from a distinct existing line.",
        "reader: a GET /api/Product/{id} every 10 ms from a thread of its own; its p99 beside 100- and",
        "1,000-position releases confirmed back to back is the wait a request meets behind a confirmation. ok is",
        "false when IxN100's p50 ratio passes 1.3, its p99 30 ms, IxN1's p50 ratio 2, or a reader's p99 50 ms",
        "(issue 35). replay (sizes 1, 10, 100): the API's",
        "own statements again on the raw driver, over a copy of the file made before them.",
      ],
    );
  } finally {
    await server.close();
  }
}

const p99 = (d: Distribution) => `p50 ${ms(d.p50)}  p99 ${ms(d.p99)}  (n=${d.n})`;

export function summarize(r: BenchResult): string[] {
  const x = r.results as Results;
  return [
    `${PARAMS.lines.toLocaleString("en")} stock lines (filled in ${x.fillSeconds} s):`,
    ...Object.entries(x.confirm).map(([name, m]) =>
      `  confirm ${name.padEnd(9)} api ${p99(m.api)}  raw ${
        p99(m.raw)
      }  ratio p50 ${m.ratioP50}, p99 ${m.ratioP99}; WAL per commit p50 ${
        Math.round(m.walKib?.p50 ?? NaN)
      } KiB (raw ${Math.round(m.rawWalKib?.p50 ?? NaN)} KiB)${
        m.replay
          ? `; its ${m.statements} statements again on the raw driver p50 ${
            ms(m.replay.p50)
          } (API ${m.apiToReplayP50}x)`
          : ""
      }`
    ),
    `  reader idle ${p99(x.reader.idle)}`,
    ...x.reader.besideConfirmations.map((b) =>
      `  reader beside ${b.confirmations} confirmations of ${b.size} positions ${p99(b.reads)}`
    ),
  ];
}

if (import.meta.main) {
  const r = await run();
  if (!Deno.env.get("BENCH_CHILD")) { for (const line of summarize(r)) console.log(line); }
}
