// Crash safety of confirmation: the real server as a process of its own (server/main.ts on its own data
// directory and port), confirmations of many documents fired at it, and SIGKILL at a random moment while
// some are in flight; then the server is started again on the same files and the tenant's database is read.
//
// Why it holds: a confirmation is one BEGIN IMMEDIATE … COMMIT (documents/confirm.ts); every read and
// write of it (the document, the stock it validates, the number, the ledger rows, the lines, the
// summaries, the statuses, the record log) is inside that one transaction, and the 200 is written only
// after COMMIT has returned. In WAL mode a COMMIT is a commit frame appended to the -wal file; a process
// killed at any instant leaves that file either with the frame (the whole transaction, replayed by the next
// reader) or without it (frames after the last commit frame are ignored), never half. A kill cannot lose a
// committed frame either: it has been handed to the operating system with write(), which outlives the
// process (synchronous = NORMAL gives up only durability across power loss, which this test does not
// simulate). The pool's WAL checkpoints (WAL_CHECKPOINT_SECONDS=1 here) run during the test, so a kill
// mid-checkpoint is covered too.
//
// What it would catch: a confirmation split over two transactions (stock moved, status not; ledger
// written, lines not), an answer sent before the commit, a write left outside the transaction, a journal
// mode that leaves a torn database, and a server that does not start again on the files a kill left.
//
// A confirmation whose connection died without an answer may have committed just before the kill: the
// check for those is "all or nothing" (confirmed with every ledger row, or a working copy with none).
//
// `npm test` kills STOCK_CRASH_KILLS (3) times; `deno task soak` kills 50 times over more than 1,000
// confirmations (STOCK_CRASH_KILLS, STOCK_CRASH_DOCS per round).
import { freePort, ServerProcess } from "../../fixtures/server_process.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { assertStockEqualsLedger } from "./fixture.ts";

const KILLS = Number(Deno.env.get("STOCK_CRASH_KILLS") ?? 3);
const PER_ROUND = Number(Deno.env.get("STOCK_CRASH_DOCS") ?? 12);
const DENO = "./node_modules/deno/deno";
const PASSWORD = "long-enough-1";
/** What each document takes per product: one unit of each of the three products. */
const PRODUCTS = 3;
const STOCK = 1_000_000;

const dataDir = resolve(".test-data", `crash-${crypto.randomUUID()}`);
const tenantDb = join(dataDir, "tenants", "crash.db");
let port = 0;
let token = "";

const env = () => ({
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  PASSWORD_HASH_COST: "1024",
  ACCESS_TOKEN_TTL: String(24 * 3600),
  WAL_CHECKPOINT_SECONDS: "1",
  // The process as `npm start` runs it on any machine: a front and two shard threads (server/cluster/).
  WORKERS: "2",
});

const serverProcess = new ServerProcess();
const startProcess = () => serverProcess.start(env(), port);
const killProcess = () => serverProcess.kill();

// deno-lint-ignore no-explicit-any
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const r = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

async function created(method: string, path: string, body: unknown): Promise<number> {
  const r = await api(method, path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(r.status === 200 ? 200 : 201);
  return r.body.id;
}

/** The tenant's database as the restarted server left it, read by a connection of this process. */
function readDb<T>(fn: (q: (sql: string, params?: unknown[]) => Record<string, unknown>[]) => T): T {
  const db = new DatabaseSync(tenantDb);
  try {
    return fn((sql, params = []) => db.prepare(sql).all(...(params as never[])) as Record<string, unknown>[]);
  } finally {
    db.close();
  }
}

let products: number[] = [];
let from = 0;
let to = 0;

beforeAll(async () => {
  mkdirSync(dataDir, { recursive: true });
  port = freePort();
  const out = await new Deno.Command(DENO, {
    args: [
      "run",
      "-A",
      "tenants/cli.ts",
      "create",
      "crash",
      "--name",
      "Crash Test",
      "--admin",
      "crash-admin",
      "--email",
      "admin@crash.example",
      "--password",
      PASSWORD,
    ],
    env: env(),
    stdout: "piped",
    stderr: "piped",
  }).output();
  expect(new TextDecoder().decode(out.stderr)).toBe("");
  expect(out.code).toBe(0);
  // The soak confirms more than a standard subscription's month of documents: no limit for this tenant.
  const unlimited = await new Deno.Command(DENO, {
    args: ["run", "-A", "tenants/cli.ts", "subscription", "crash", "--limit", "0"],
    env: env(),
    stdout: "piped",
    stderr: "piped",
  }).output();
  expect(new TextDecoder().decode(unlimited.stderr)).toBe("");
  expect(new TextDecoder().decode(unlimited.stdout)).toContain("no document limit a month");
  await startProcess();
  const auth = await fetch(`http://127.0.0.1:${port}/api/Auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "crash-admin", password: PASSWORD }),
  });
  expect(auth.status).toBe(200);
  token = (await auth.json()).token;
  from = await created("POST", "/StorageSpace", { label: "FROM" });
  to = await created("POST", "/StorageSpace", { label: "TO" });
  products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    products.push(await created("POST", "/Product", { name: `Crash ${i}`, index: `CRASH-${i}` }));
  }
  const receipt = await created("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: from });
  for (const productId of products) {
    await created("POST", "/WmsDocumentPosition", { documentId: receipt, productId, quantity: STOCK });
  }
  expect((await api("POST", `/WmsDocument/${receipt}/confirm`)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await killProcess();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Doc {
  id: number;
  /** Ledger rows a confirmation writes: one per position for a release, two for a relocation. */
  rows: number;
}

/** Working copies taking one unit of each product: releases (IOU) and relocations (ARL), alternately. */
async function drafts(n: number): Promise<Doc[]> {
  const out: Doc[] = [];
  for (let i = 0; i < n; i++) {
    const relocation = i % 2 === 1;
    const id = await created("POST", "/WmsDocument", {
      typeCode: relocation ? "ARL" : "IOU",
      sourceLocationId: from,
      destinationLocationId: relocation ? to : null,
    });
    for (const productId of products) {
      await created("POST", "/WmsDocumentPosition", { documentId: id, productId, quantity: 1 });
    }
    out.push({ id, rows: PRODUCTS * (relocation ? 2 : 1) });
  }
  return out;
}

function randomInt(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1));
}

describe("SIGKILL in the middle of confirmations", () => {
  it(`leaves every confirmation all or nothing and every 200 applied, over ${KILLS} kills`, async () => {
    let fired = 0;
    let answered = 0;
    let unansweredCommitted = 0;
    let pending: Doc[] = [];
    for (let round = 0; round < KILLS; round++) {
      pending = [...pending, ...await drafts(PER_ROUND - pending.length)];
      const queue = [...pending];
      const status = new Map<number, number>();
      const sent = new Set<number>();
      // Killed once a random number of confirmations have been answered, a random moment later, while
      // the other workers' requests are in flight.
      const killAfter = randomInt(Math.floor(PER_ROUND / 4), PER_ROUND - 2);
      let killing: Promise<void> | undefined;
      const worker = async () => {
        while (!killing && queue.length) {
          const doc = queue.shift()!;
          sent.add(doc.id);
          try {
            const r = await fetch(`http://127.0.0.1:${port}/api/WmsDocument/${doc.id}/confirm`, {
              method: "POST",
              headers: { authorization: `Bearer ${token}` },
            });
            await r.text();
            status.set(doc.id, r.status);
          } catch { /* the connection died with the server */ }
          if (!killing && status.size >= killAfter) {
            killing = new Promise((r) => setTimeout(r, randomInt(0, 8))).then(killProcess);
          }
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      await (killing ?? killProcess());
      await startProcess();

      fired += sent.size;
      answered += status.size;
      // The restarted server opens the files first (it is the one to find the -wal the kill left), and
      // its own answers agree with what is then read from the file.
      const seen = new Map<number, string>();
      for (const doc of pending) {
        const r = await api("GET", `/WmsDocument/${doc.id}`);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        seen.set(doc.id, r.body.statusCode);
      }
      readDb((q) => {
        for (const doc of pending) {
          const [row] = q("SELECT status_code AS s, document_number AS n FROM wms_documents WHERE id = ?", [
            doc.id,
          ]);
          const [{ c }] = q("SELECT count(*) AS c FROM stock_movements WHERE document_id = ?", [doc.id]);
          const what = `round ${round}, document ${doc.id} (answer ${status.get(doc.id) ?? "none"})`;
          const answer = status.get(doc.id);
          if (answer !== undefined) expect(answer, what).toBe(200);
          expect(seen.get(doc.id), what).toBe(row.s);
          if (answer === 200 || (sent.has(doc.id) && row.s === "confirmed")) {
            expect(row.s, what).toBe("confirmed");
            expect(String(row.n), what).not.toMatch(/^DRAFT/);
            expect(Number(c), what).toBe(doc.rows);
            if (answer === undefined) unansweredCommitted++;
          } else {
            expect(row.s, what).toBe("workingCopy");
            expect(Number(c), what).toBe(0);
          }
        }
        expect(q("PRAGMA integrity_check"), "integrity").toEqual([{ integrity_check: "ok" }]);
      });
      const confirmed = new Set(
        readDb((q) =>
          q("SELECT id FROM wms_documents WHERE status_code = 'confirmed' AND type_code <> 'IIN'")
        )
          .map((r) => Number(r.id)),
      );
      // Every document ever confirmed took one unit of each product from FROM.
      readDb((q) => {
        for (const productId of products) {
          const [{ q: left }] = q(
            "SELECT coalesce(sum(quantity), 0) AS q FROM stock_lines WHERE product_id = ? AND location_id = ?",
            [productId, from],
          );
          expect(Number(left), `round ${round}: stock of ${productId}`).toBe((STOCK - confirmed.size) * 1000);
        }
      });
      await assertStockEqualsLedger({
        query: (sql, params) => Promise.resolve(readDb((q) => q(sql, params))),
      });
      pending = pending.filter((d) => !confirmed.has(d.id));
    }
    console.log(
      `${KILLS} kills, ${fired} confirmations fired, ${answered} answered, ` +
        `${unansweredCommitted} committed without an answer`,
    );
    expect(fired).toBeGreaterThanOrEqual(KILLS);
  }, Math.max(120_000, KILLS * 20_000));
});
