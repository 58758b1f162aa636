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

function apply(movements: Movement[]) {
  return w.s.platform.pool.use(
    w.tenant.dbUrl,
    (conn) => conn.transaction((tx) => applyMovements(tx, movements, new Date().toISOString())),
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
});
