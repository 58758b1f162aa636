// The mover on its own, on a real tenant database: the guard that keeps a line from going below zero
// holds even without the validators, a refused change rolls back whole, and lines, ledger and summaries
// agree after every change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMovements, type LineKey, type Movement } from "../../../server/domain/stock/ledger/service.ts";
import { AppError } from "../../../server/kernel/errors.ts";
import {
  assertStockEqualsLedger,
  dumpStock,
  location,
  product,
  startStockWorld,
  type StockWorld,
} from "./fixture.ts";

let w: StockWorld;
let key: LineKey;
let other: LineKey;

beforeAll(async () => {
  w = await startStockWorld("ledger");
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
});
afterAll(() => w?.s.close());

const move = (k: LineKey, delta: number, positionId = 1): Movement => ({
  documentId: 1,
  positionId,
  key: k,
  delta,
  reason: "confirm",
});

/** Movements of a relocation (no flows: the flows have a test of their own below). */
function apply(movements: Movement[]) {
  return w.s.platform.pool.use(
    w.tenant.dbUrl,
    (conn) => conn.transaction((tx) => applyMovements(tx, movements, "MM", new Date().toISOString())),
  );
}

describe("applyMovements", () => {
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
      w.s.platform.pool.use(
        w.tenant.dbUrl,
        (conn) =>
          conn.transaction((tx) =>
            applyMovements(
              tx,
              [{ ...move(k, delta), documentId: docId }],
              typeOf[docId],
              `${day}T10:00:00.000Z`,
            )
          ),
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
