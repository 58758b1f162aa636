// The mover on its own, on a real tenant database: the guard that keeps a line from going below zero
// holds even without the validators, a refused change rolls back whole, and lines, ledger and summaries
// agree after every change. Each case runs on both of the design's storages: the tenant's file through the
// pool's connection (node:sqlite), and through a libSQL client (RemoteConnection, as a tenant on a libSQL
// server or Turso is opened; here the client's own embedded engine on the same file), whose transaction
// answers a stepped statement's rows from one batch.
import { DatabaseSync } from "node:sqlite";
import { createClient } from "@libsql/client";
import type { Client } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Connection } from "../../../server/db/connection.ts";
import { readMigrations } from "../../../server/db/migrate.ts";
import { RemoteConnection } from "../../../server/db/remote.ts";
import {
  applyMovements,
  type LineKey,
  lineKeyOf,
  type Movement,
} from "../../../server/domain/stock/ledger/service.ts";
import { arrivalsOf } from "../../../server/domain/stock/inventory/arrival.ts";
import { AppError } from "../../../server/kernel/errors.ts";
import { startServer, type TestServer } from "../../fixtures/harness.ts";
import {
  assertStockEqualsLedger,
  dumpStock,
  location,
  product,
  type StockWorld,
  worldOn,
} from "./fixture.ts";

let s: TestServer;
/** Each storage's world (a tenant of its own on one server), by driver. */
const worlds = new Map<string, StockWorld>();
const remotes: RemoteConnection[] = [];

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  for (const remote of remotes) await remote.close();
  await s?.close();
});

const move = (k: LineKey, delta: number, positionId = 1): Movement => ({
  documentId: 1,
  positionId,
  key: k,
  delta,
  reason: "confirm",
});

const drivers = [["node:sqlite (the pool's LocalConnection)", "local"], [
  "libSQL (RemoteConnection)",
  "remote",
]] as const;

describe.each(drivers)("applyMovements through %s", (_name, driver) => {
  let w: StockWorld;
  let key: LineKey;
  let other: LineKey;
  /** Runs `fn` on this storage's connection to the world's tenant. */
  let on: <T>(fn: (conn: Connection) => Promise<T>) => Promise<T>;

  beforeAll(async () => {
    w = await worldOn(s, `ledger-${driver}`);
    worlds.set(driver, w);
    const a = await location(w, "A");
    const b = await location(w, "B");
    const p = await product(w, "P");
    key = {
      productId: p,
      locationId: a,
      containerId: null,
      expiryDate: null,
      productionDate: null,
      serialNumber: null,
    };
    other = { ...key, locationId: b, expiryDate: "2099-01-01" };
    if (driver === "local") on = (fn) => s.platform.pool.use(w.tenant.dbUrl, fn);
    else {
      const url = w.tenant.dbUrl;
      const remote = new RemoteConnection(
        url,
        undefined,
        createClient({ url, timeout: 5000 }) as unknown as Client,
      );
      remotes.push(remote);
      on = (fn) => fn(remote);
    }
  });

  /** Movements of a relocation (no flows: the flows have a test of their own below). */
  const apply = (movements: Movement[]) =>
    on((conn) => conn.transaction((tx) => applyMovements(tx, movements, "MM", new Date().toISOString())));

  it("adds, takes and deletes a line at zero, keeping the summaries", async () => {
    await apply([move(key, 5000), move(key, 250)]);
    expect(await w.query("SELECT quantity FROM stock_lines")).toEqual([{ quantity: 5250 }]);
    await apply([move(key, -1250), move(other, 1250)]);
    await assertStockEqualsLedger(w);
    expect(await w.query("SELECT quantity FROM stock_product_totals")).toEqual([{ quantity: 5250 }]);
    await apply([move(key, -4000), move(other, -1250)]);
    expect(await w.query("SELECT * FROM stock_lines")).toEqual([]);
    expect(await w.query("SELECT * FROM stock_product_totals")).toEqual([]);
    expect(await w.query("SELECT * FROM stock_location_totals")).toEqual([]);
    await assertStockEqualsLedger(w);
  });

  it("refuses to take more than a line holds, naming the position, and writes nothing", async () => {
    await apply([move(key, 1000)]);
    const before = await dumpStock(w);
    const err = await apply([move(other, 500, 7), move(key, -1001, 8)]).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe("document.validation");
    expect(err.details.issues[0]).toMatchObject({
      positionId: 8,
      code: "document.issue.quantityAboveAvailable",
    });
    expect(await dumpStock(w)).toBe(before);
    const missing = await apply([move(other, -1, 9)]).catch((e) => e);
    expect(missing.details.issues[0].positionId).toBe(9);
    expect(await dumpStock(w)).toBe(before);
  });

  it("judges a change by its net effect per line", async () => {
    // Taking 1.5 and bringing 1 back to the same line within one change nets to -0.5 of the 1 held.
    await apply([move(key, -1500), move(key, 1000)]);
    expect(await w.query("SELECT quantity FROM stock_lines")).toEqual([{ quantity: 500 }]);
    await assertStockEqualsLedger(w);
  });
  it("writes each movement's balance after it, and reads a line's arrival from the last start", async () => {
    const lot = { ...key, serialNumber: "BALANCE" };
    await apply([move(lot, 3000)]);
    await apply([move(lot, -3000)]);
    // Emptied, then started again within a change that also takes from it; then a change that nets to zero.
    await apply([move(lot, 2000), move(lot, -500)]);
    await apply([move(lot, 700), move(lot, -700)]);
    await apply([move(lot, -1000)]);
    const rows = await w.query(
      "SELECT id, delta, balance_after AS b, created_at AS at FROM stock_movements WHERE line_key = ? ORDER BY id",
      [lineKeyOf(lot)],
    );
    expect(rows.map((r) => [r.delta, r.b])).toEqual([
      [3000, 3000],
      [-3000, 0],
      [2000, 2000],
      [-500, 1500],
      [700, 2200],
      [-700, 1500],
      [-1000, 500],
    ]);
    // The stock held now came in with the +2000 (the +700 topped up a line that held some): its arrival.
    const arrivals = await on((conn) => conn.transaction((tx) => arrivalsOf(tx, [lineKeyOf(lot)])));
    expect(arrivals.get(lineKeyOf(lot))).toBe(rows[2].at);
    await assertStockEqualsLedger(w);
  });

  it("keeps each product's flows by day, also for a document confirmed before the last day", async () => {
    // Documents of three kinds: a receipt, a release and a relocation (neither: not in the flows). The other
    // tests' movements name document 1, which is none of them.
    const [receipt, release, relocation] = [101, 102, 103];
    const typeOf: Record<number, string> = { 101: "IIN", 102: "IOU", 103: "MM" };
    await w.query(
      `INSERT INTO wms_documents (id, document_number, type_code, status_code, created_at, updated_at) VALUES
       (101, 'FLOW/IIN', 'IIN', 'confirmed', '', ''), (102, 'FLOW/IOU', 'IOU', 'confirmed', '', ''),
       (103, 'FLOW/MM', 'MM', 'confirmed', '', '')`,
    );
    const lot = { ...key, serialNumber: "FLOW" };
    const at = (docId: number, delta: number, day: string, k = lot) =>
      on((conn) =>
        conn.transaction((tx) =>
          applyMovements(
            tx,
            [{ ...move(k, delta), documentId: docId }],
            typeOf[docId],
            `${day}T10:00:00.000Z`,
          )
        )
      );
    const flows = async () =>
      (await w.query(
        "SELECT day, received, released, movements FROM stock_product_flows WHERE product_id = ? AND day < '2030' " +
          "ORDER BY day",
        [key.productId],
      )).map((r) => Object.values(r));
    expect(await flows()).toEqual([]);
    await at(receipt, 4000, "2025-03-05");
    await at(release, -1000, "2025-03-07");
    await at(receipt, 500, "2025-03-07");
    await at(relocation, -500, "2025-03-08");
    await at(relocation, 500, "2025-03-08", { ...lot, locationId: other.locationId });
    expect(await flows()).toEqual([
      ["2025-03-05", 4000, 0, 1],
      ["2025-03-07", 4500, 1000, 3],
    ]);
    // Confirmed in the past (the demo's history): that day's row, and every later row takes it too.
    await at(receipt, 2000, "2025-03-06");
    await at(receipt, 100, "2025-03-01");
    expect(await flows()).toEqual([
      ["2025-03-01", 100, 0, 1],
      ["2025-03-05", 4100, 0, 2],
      ["2025-03-06", 6100, 0, 3],
      ["2025-03-07", 6600, 1000, 5],
    ]);
    // A revert of the release brings the stock back: the released sum goes down on the day it is reverted.
    await at(release, 1000, "2025-03-09");
    expect((await flows()).at(-1)).toEqual(["2025-03-09", 6600, 0, 6]);
    await assertStockEqualsLedger(w);
  });
});

describe("migration 0049 (each movement's balance after it)", () => {
  it("gives a ledger written before it the balances the mover writes", async () => {
    const w = worlds.get("local")!;
    // This file's ledger as the mover wrote it (the tests above: takes, top-ups, lines emptied and started
    // again, changes netting to zero), copied into a database from before 0049, which then runs it.
    const written = await w.query(
      "SELECT id, document_id, line_key, product_id, location_id, delta, reason, created_at, balance_after " +
        "FROM stock_movements ORDER BY id",
    );
    expect(written.length).toBeGreaterThan(10);
    const before = new DatabaseSync(":memory:");
    const all = readMigrations("tenant");
    const upgrade = all.find((m) => m.tag === "0049_movement_balances")!;
    for (const m of all.filter((m) => m.idx < upgrade.idx)) for (const s of m.statements) before.exec(s);
    const insert = before.prepare(
      "INSERT INTO stock_movements (id, document_id, line_key, product_id, location_id, delta, reason, " +
        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    for (const r of written) {
      insert.run(
        ...[r.id, r.document_id, r.line_key, r.product_id, r.location_id, r.delta, r.reason, r.created_at]
          .map((v) => v as string | number),
      );
    }
    for (const s of upgrade.statements) before.exec(s);
    const migrated = before.prepare("SELECT id, balance_after FROM stock_movements ORDER BY id").all();
    before.close();
    expect(migrated.map((r) => [r.id, r.balance_after])).toEqual(written.map((r) => [r.id, r.balance_after]));
  });
});
