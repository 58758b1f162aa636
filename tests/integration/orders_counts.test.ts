// Cycle counts (api-contract.md, Orders; decision 0008): confirming a count takes its scope's lines at the
// mark; counts are recorded blind; goods that move while the count is open are booked once; finishing and
// GenerateDocuments bring the scope to what was counted and touch nothing outside it; a count over more
// lines than a slice is made after the answer, with progress.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { wmsOrders } from "../../server/domain/orders/entity.ts";
import {
  addStaffUser,
  assertStockEqualsLedger,
  company,
  confirm,
  daysAhead,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  stockAt,
  type StockWorld,
} from "./stock/fixture.ts";
import { signIn } from "../fixtures/harness.ts";
import { DatabaseSync } from "node:sqlite";
import { filePathOf } from "../../server/db/local.ts";
import { prepareChunks, prepareSlice, startCount } from "../../server/domain/orders/counts.ts";

let w: StockWorld;
let zone: number;
let binA: number;
let binB: number;
let outside: number;
let counter: string;

beforeAll(async () => {
  w = await startStockWorld("orders-counts");
  zone = await location(w, "Z-COLD");
  binA = await location(w, "Z-COLD-A", { parentId: zone });
  binB = await location(w, "Z-COLD-B", { parentId: zone });
  outside = await location(w, "DRY");
  await addStaffUser(w, "counter-1", { logisticsEnabled: true });
  counter = (await signIn(w.s, "counter-1")).token;
});
afterAll(async () => {
  await assertStockEqualsLedger(w);
  w?.s.close();
});

async function count(header: Record<string, unknown>) {
  const o = await w.api("POST", "/WmsOrder", header);
  expect(o.status, JSON.stringify(o.body)).toBe(201);
  const c = await w.api("POST", `/WmsOrder/${o.body.id}/confirm`);
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  return c.body;
}

async function positionsOf(orderId: number, token = w.admin) {
  const r = await w.api(
    "GET",
    `/WmsOrder/${orderId}/Positions?PageSize=1000&sortColumn=id`,
    undefined,
    token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // deno-lint-ignore no-explicit-any
  return r.body.results as Record<string, any>[];
}

const counted = (id: number, quantityReal: number, token = w.admin) =>
  w.api("PATCH", `/WmsOrderPosition/${id}/QuantityReal?quantityReal=${quantityReal}`, undefined, token);

const release = async (productId: number, locationId: number, quantity: number) => {
  const d = await draft(w, { typeCode: "IOU", sourceLocationId: locationId }, [{ productId, quantity }]);
  expect((await confirm(w, d.id, true)).status).toBe(200);
};

describe("a count of a location (VER-L)", () => {
  it("counts its lines blind, books what moved once, and adjusts only its scope", async () => {
    const fish = await product(w, "FISH");
    const peas = await product(w, "PEAS");
    const fishLot = daysAhead(120);
    await receive(w, fish, binA, 10, { expiryDate: fishLot });
    await receive(w, fish, binB, 10);
    await receive(w, peas, binA, 10);
    await receive(w, peas, binB, 10);
    await receive(w, fish, outside, 10);

    const order = await count({ typeCode: "VER-L", scopeLocationId: zone });
    expect(order).toMatchObject({
      statusCode: "confirmed",
      processStatusCode: "waitingToProcess",
      verificationStatusCode: "notStarted",
      countPreparing: false,
      countLinesTotal: 4,
      positionsCount: 4,
    });
    const positions = await positionsOf(order.id);
    expect(positions.map((p) => [p.productIndex, p.sourceLocationLabel, p.quantity, p.expiryDate])).toEqual([
      ["FISH", "Z-COLD-A", 10, fishLot],
      ["FISH", "Z-COLD-B", 10, null],
      ["PEAS", "Z-COLD-A", 10, null],
      ["PEAS", "Z-COLD-B", 10, null],
    ]);
    // Blind: the counter does not see what the books expect; a manager does.
    const blind = await positionsOf(order.id, counter);
    expect(blind.map((p) => p.quantity)).toEqual([null, null, null, null]);
    const one = await w.api("GET", `/WmsOrderPosition/${positions[0].id}`, undefined, counter);
    expect(one.body.quantity).toBeNull();

    const [fishA, fishB, peasA, peasB] = positions.map((p) => p.id as number);
    // 3 of FISH at A leave after the mark, before it is counted: the counter finds 7, which is right.
    await release(fish, binA, 3);
    const a = await counted(fishA, 7, counter);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ quantityReal: 7, quantity: null, bookQuantity: null });
    // FISH at B: counted 5 of 10 (5 missing), then 2 more arrive after the count.
    expect((await counted(fishB, 5, counter)).status).toBe(200);
    await receive(w, fish, binB, 2);
    // PEAS at A: 12 found where 10 were booked; PEAS at B: counted wrong, then recounted right.
    expect((await counted(peasA, 12, counter)).status).toBe(200);
    expect((await counted(peasB, 1, counter)).status).toBe(200);
    const again = await w.api("POST", `/WmsOrderPosition/${peasB}/Recount`, undefined, counter);
    expect(again.body).toMatchObject({ quantityReal: null });
    expect((await counted(peasB, 10, counter)).status).toBe(200);

    const seen = await w.api("GET", `/WmsOrder/${order.id}`);
    expect(seen.body).toMatchObject({
      processStatusCode: "inProgress",
      verificationStatusCode: "inProgressWithDifferences",
    });
    // Something is counted: it can no longer go back to a working copy.
    expect((await w.api("POST", `/WmsOrder/${order.id}/revert`)).status).toBe(409);
    expect((await w.api("GET", `/WmsOrder/${order.id}/GenerateDocuments`)).status).toBe(409);

    const finished = await w.api("POST", `/WmsOrder/${order.id}/finish`);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body).toMatchObject({
      verificationStatusCode: "finishedWithDifferences",
      processStatusCode: "doneUnconfirmed",
    });
    expect((await counted(peasB, 9)).status).toBe(409);
    // Once finished everyone sees the books' figures.
    const shown = await positionsOf(order.id, counter);
    expect(shown.map((p) => [p.quantityReal, p.bookQuantity])).toEqual([[7, 7], [5, 10], [12, 10], [10, 10]]);

    const adjusted = await w.api("GET", `/WmsOrder/${order.id}/GenerateDocuments`);
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    expect(adjusted.body.processStatusCode).toBe("closedFully");
    const filter = encodeURIComponent(
      JSON.stringify([{ field: "orderId", operator: "eq", value: order.id }]),
    );
    const docs =
      (await w.api("GET", `/WmsDocument?BasicFiltersSerialized=${filter}&sortColumn=id`)).body.results;
    expect(docs.map((d: Record<string, unknown>) => [d.typeCode, d.statusCode, d.quantitySum])).toEqual([
      ["IIN", "confirmed", 2],
      ["IOU", "confirmed", 5],
    ]);
    // The scope is what was counted, plus what moved after each count; outside it nothing changed.
    expect(await stockAt(w, fish, binA)).toBe(7);
    expect(await stockAt(w, fish, binB)).toBe(7);
    expect(await stockAt(w, peas, binA)).toBe(12);
    expect(await stockAt(w, peas, binB)).toBe(10);
    expect(await stockAt(w, fish, outside)).toBe(10);
    expect((await w.api("GET", `/WmsOrder/${order.id}/GenerateDocuments`)).status).toBe(409);
    await assertStockEqualsLedger(w);
  });

  it("goes back to a working copy while nothing is counted, its positions gone", async () => {
    const order = await count({ typeCode: "VER-L", scopeLocationId: binB });
    expect(order.positionsCount).toBeGreaterThan(0);
    const back = await w.api("POST", `/WmsOrder/${order.id}/revert`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ statusCode: "workingCopy", positionsCount: 0 });
    expect(await positionsOf(order.id)).toEqual([]);
  });
});

describe("counts of other scopes", () => {
  it("VER-P counts the products, VER-C a contractor's goods, and a count without differences closes", async () => {
    const farm = await company(w, "COUNT FARM");
    const corn = await product(w, "CORN", { contractorId: farm });
    const beans = await product(w, "BEANS");
    await receive(w, corn, outside, 4);
    await receive(w, beans, outside, 6);
    const byProduct = await count({ typeCode: "VER-P", scopeProductIds: [beans] });
    expect((await positionsOf(byProduct.id)).map((p) => p.productIndex)).toEqual(["BEANS"]);
    const byContractor = await count({ typeCode: "VER-C", contractorId: farm });
    const [cornLine] = await positionsOf(byContractor.id);
    expect(cornLine).toMatchObject({ productIndex: "CORN", quantity: 4 });
    expect((await counted(cornLine.id, 4)).status).toBe(200);
    const done = await w.api("POST", `/WmsOrder/${byContractor.id}/finish`);
    expect(done.body).toMatchObject({
      verificationStatusCode: "finishedNoDifferences",
      processStatusCode: "closedFully",
    });
    const none = await w.api("GET", `/WmsOrder/${byContractor.id}/GenerateDocuments`);
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("order.nothingToGenerate");
  });

  it("VER-A over more lines than a slice is made after the answer, a line emptied meanwhile included", async () => {
    Deno.env.set("COUNT_SLICE_LINES", "3");
    try {
      const nuts = await product(w, "NUTS");
      const racks: number[] = [];
      for (let i = 0; i < 6; i++) racks.push(await location(w, `NUT-${i}`));
      for (const r of racks) await receive(w, nuts, r, 2);
      const [[lines]] = Object.values(await w.query("SELECT count(*) AS n FROM stock_lines")).map((
        r,
      ) => [r.n]);
      const order = await count({ typeCode: "VER-A" });
      expect(order.countLinesTotal).toBe(lines);
      let seen = order;
      for (let i = 0; i < 100 && seen.countPreparing; i++) {
        await new Promise((r) => setTimeout(r, 20));
        seen = (await w.api("GET", `/WmsOrder/${order.id}`)).body;
      }
      expect(seen.countPreparing).toBe(false);
      expect(seen.positionsCount).toBe(lines);
      const nutLines = (await positionsOf(order.id)).filter((p) => p.productIndex === "NUTS");
      expect(nutLines.map((p) => p.quantity)).toEqual([2, 2, 2, 2, 2, 2]);
    } finally {
      Deno.env.delete("COUNT_SLICE_LINES");
    }
  });

  it("lets the tenant write at the end of a count while a reader holds an old snapshot: its worker leaves the lock at once", async () => {
    // The count's worker closing its connection with a TRUNCATE checkpoint took the write lock and waited
    // for every reader (30 s), outside the turns it takes with the thread answering requests: that
    // thread's writes slept 5 s in SQLite's busy handler, every tenant's requests with them, and answered
    // 500 "database is locked". A reader of its own here (a reader worker's long read, another process)
    // holds its snapshot from before the count until the tenant has written after it.
    Deno.env.set("COUNT_SLICE_LINES", "2");
    const path = filePathOf(w.tenant.dbUrl);
    const reader = new DatabaseSync(path, { readOnly: true });
    const look = new DatabaseSync(path, { readOnly: true });
    try {
      const lentils = await product(w, "LENTILS");
      for (let i = 0; i < 5; i++) await receive(w, lentils, await location(w, `LENT-${i}`), 1);
      reader.exec("BEGIN");
      reader.prepare("SELECT count(*) FROM stock_lines").get();
      const order = await count({ typeCode: "VER-A" });
      // Its last slice committed (seen on the file itself): the worker is closing or has closed.
      const preparing = look.prepare("SELECT count_preparing AS p FROM wms_orders WHERE id = ?");
      for (let i = 0; i < 500 && (preparing.get(order.id) as { p: number }).p; i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect((preparing.get(order.id) as { p: number }).p).toBe(0);
      for (let i = 0; i < 3; i++) {
        const tag = await w.api("POST", "/Tags", { name: `BESIDE-THE-COUNT-${i}` });
        expect(tag.status, JSON.stringify(tag.body)).toBe(201);
      }
      const seen = (await w.api("GET", `/WmsOrder/${order.id}`)).body;
      expect(seen.countPreparing).toBe(false);
      expect(seen.positionsCount).toBe(order.countLinesTotal);
    } finally {
      if (reader.isTransaction) reader.exec("COMMIT");
      reader.close();
      look.close();
      Deno.env.delete("COUNT_SLICE_LINES");
    }
  });

  it("counts a line that held stock at the mark and was emptied before its slice was made", async () => {
    const figs = await product(w, "FIGS");
    const shelves = [await location(w, "FIG-1"), await location(w, "FIG-2"), await location(w, "FIG-3")];
    for (const shelf of shelves) await receive(w, figs, shelf, 4);
    const o = await w.api("POST", "/WmsOrder", { typeCode: "VER-P", scopeProductIds: [figs] });
    const inTx = <T>(fn: (tx: Parameters<typeof prepareSlice>[0]) => Promise<T>) =>
      w.s.platform.pool.use(w.tenant.dbUrl, (conn) => conn.transaction(fn));
    Deno.env.set("COUNT_SLICE_LINES", "1");
    try {
      // Counting starts (as the confirmation does) and makes the first slice: one line.
      const more = await inTx(async (tx) => {
        await tx.run(sql`UPDATE wms_orders SET status_code = 'confirmed' WHERE id = ${o.body.id}`);
        const [row] = await tx.select().from(wmsOrders).where(eq(wmsOrders.id, o.body.id));
        return await startCount(tx, row);
      });
      expect(more).toBe(true);
      // Before the next slices: the last shelf is emptied (its line deleted), the first gets 1 more.
      await release(figs, shelves[2], 4);
      await receive(w, figs, shelves[0], 1);
      while (await inTx((tx) => prepareSlice(tx, o.body.id)));
    } finally {
      Deno.env.delete("COUNT_SLICE_LINES");
    }
    const positions = await positionsOf(o.body.id);
    // Each line as it was at the mark: 4, 4 and the emptied 4.
    expect(positions.map((p) => [p.sourceLocationLabel, p.quantity])).toEqual([
      ["FIG-1", 4],
      ["FIG-2", 4],
      ["FIG-3", 4],
    ]);
    expect((await w.api("GET", `/WmsOrder/${o.body.id}`)).body).toMatchObject({
      countPreparing: false,
      positionsCount: 3,
      quantitySum: 12,
    });
  });
});

describe("a count's slices on its worker", () => {
  it("go on chunk after chunk in one transaction, and end after the chunk under way once a write waits", async () => {
    const dates = await product(w, "DATES");
    for (let i = 0; i < 12; i++) await receive(w, dates, await location(w, `DATE-${i}`), 1);
    const o = await w.api("POST", "/WmsOrder", { typeCode: "VER-P", scopeProductIds: [dates] });
    const inTx = <T>(fn: (tx: Parameters<typeof prepareSlice>[0]) => Promise<T>) =>
      w.s.platform.pool.use(w.tenant.dbUrl, (conn) => conn.transaction(fn));
    const made = async () => (await w.api("GET", `/WmsOrder/${o.body.id}`)).body.positionsCount;
    Deno.env.set("COUNT_SLICE_LINES", "1");
    try {
      await inTx(async (tx) => {
        await tx.run(sql`UPDATE wms_orders SET status_code = 'confirmed' WHERE id = ${o.body.id}`);
        const [row] = await tx.select().from(wmsOrders).where(eq(wmsOrders.id, o.body.id));
        return await startCount(tx, row);
      });
      expect(await made()).toBe(1);
      // Nobody waits: as many chunks as a slice holds.
      expect(await inTx((tx) => prepareChunks(tx, o.body.id, { chunk: 2, atMost: 3 }))).toEqual({
        more: true,
        chunks: 3,
      });
      expect(await made()).toBe(7);
      // A write waits from the second chunk on: the slice ends after it.
      let asked = 0;
      const yieldNow = () => ++asked >= 2;
      expect(await inTx((tx) => prepareChunks(tx, o.body.id, { chunk: 2, atMost: 3, yieldNow }))).toEqual({
        more: true,
        chunks: 2,
      });
      expect(await made()).toBe(11);
      // The last chunk reads fewer lines than it may: preparing ends.
      expect(await inTx((tx) => prepareChunks(tx, o.body.id, { chunk: 2, atMost: 3 }))).toEqual({
        more: false,
        chunks: 1,
      });
    } finally {
      Deno.env.delete("COUNT_SLICE_LINES");
    }
    expect((await w.api("GET", `/WmsOrder/${o.body.id}`)).body).toMatchObject({
      countPreparing: false,
      positionsCount: 12,
      quantitySum: 12,
    });
  });
});

describe("count progress", () => {
  it("lists counts with how much is counted, and a count's positions with their differences, blind to a counter", async () => {
    const oats = await product(w, "OATS");
    const shelf = await location(w, "OAT-1");
    await receive(w, oats, shelf, 5);
    await receive(w, oats, shelf, 3, { expiryDate: daysAhead(300) });
    const order = await count({ typeCode: "VER-P", scopeProductIds: [oats] });
    const first = (await positionsOf(order.id)).find((p) => p.quantity === 5)!;
    expect((await counted(first.id, 4)).status).toBe(200);
    const list = await w.api("GET", "/WmsOrder/Verify/Progress?PageSize=1000");
    expect(list.body.results.find((o: { id: number }) => o.id === order.id)).toMatchObject({
      positionsDoneCount: 1,
      positionsCount: 2,
      progressPercent: 50,
      verificationStatusCode: "inProgressWithDifferences",
    });
    const seen = await w.api("GET", `/WmsOrder/Verify/${order.id}/PositionsProgress?sortColumn=id`);
    const which = (p: Record<string, unknown>) => p.id === first.id ? "counted" : "other";
    expect(seen.body.results).toHaveLength(2);
    expect(
      Object.fromEntries(seen.body.results.map((p: Record<string, unknown>) => [which(p), p.difference])),
    )
      .toEqual({ counted: -1, other: null });
    const blind = await w.api(
      "GET",
      `/WmsOrder/Verify/${order.id}/PositionsProgress?sortColumn=id`,
      undefined,
      counter,
    );
    expect(blind.body.results).toHaveLength(2);
    expect(
      Object.fromEntries(
        blind.body.results.map((p: Record<string, unknown>) => [which(p), [p.quantityReal, p.difference]]),
      ),
    ).toEqual({ counted: [4, null], other: [null, null] });
    expect((await w.api("GET", `/WmsOrder/Move/${order.id}/PositionsProgress`)).status).toBe(400);
  });

  it("lists the positions of every count (and only of counts) with differences and who counted, by order", async () => {
    const bran = await product(w, "BRAN");
    const shelf = await location(w, "BRAN-1");
    await receive(w, bran, shelf, 6);
    const first = await count({ typeCode: "VER-P", scopeProductIds: [bran] });
    const second = await count({ typeCode: "VER-L", scopeLocationId: shelf });
    const [a] = await positionsOf(first.id);
    const [b] = await positionsOf(second.id);
    expect((await counted(a.id, 4)).status).toBe(200);
    expect((await counted(b.id, 6, counter)).status).toBe(200);
    // A receipt order's positions are no count's.
    const receipt = await w.api("POST", "/WmsOrder", { typeCode: "OIN", destinationLocationId: shelf });
    expect(
      (await w.api("POST", "/WmsOrderPosition", { orderId: receipt.body.id, productId: bran, quantity: 1 }))
        .status,
    ).toBe(201);
    const byOrder = (id: number, token = w.admin) =>
      w.api(
        "GET",
        `/WmsOrder/Verify/Positions?sortColumn=id&BasicFiltersSerialized=${
          encodeURIComponent(JSON.stringify([{ field: "orderId", operator: "eq", value: id }]))
        }`,
        undefined,
        token,
      );
    expect((await byOrder(first.id)).body).toMatchObject({
      allFilteredRowCount: 1,
      results: [{
        orderNumber: first.orderNumber,
        productIndex: "BRAN",
        sourceLocationLabel: "BRAN-1",
        bookQuantity: 6,
        quantityReal: 4,
        difference: -2,
        countedByName: "orders-counts admin",
      }],
    });
    expect((await byOrder(second.id)).body.results[0]).toMatchObject({
      difference: 0,
      countedByName: "counter-1",
    });
    expect((await byOrder(receipt.body.id)).body).toEqual({ allFilteredRowCount: 0, results: [] });
    const all = await w.api("GET", "/WmsOrder/Verify/Positions?PageSize=1000");
    expect(all.status).toBe(200);
    const orders = new Set(all.body.results.map((p: { orderId: number }) => p.orderId));
    expect(orders.has(first.id) && orders.has(second.id) && !orders.has(receipt.body.id)).toBe(true);
    // Blind to a counter while the count is open: no expected figure, so no difference.
    expect((await byOrder(first.id, counter)).body.results[0]).toMatchObject({
      quantityReal: 4,
      bookQuantity: null,
      difference: null,
    });
  });

  it("adjusts the very line it counted, a line without a lot too, and books a shelf counted twice once", async () => {
    const rye = await product(w, "RYE");
    const shelf = await location(w, "RYE-1");
    await receive(w, rye, shelf, 10);
    const ryeLot = daysAhead(100);
    await receive(w, rye, shelf, 5, { expiryDate: ryeLot });
    const byProduct = await count({ typeCode: "VER-P", scopeProductIds: [rye] });
    const byPlace = await count({ typeCode: "VER-L", scopeLocationId: shelf });
    for (const c of [byProduct, byPlace]) {
      const lines = await positionsOf(c.id);
      for (const l of lines) expect((await counted(l.id, l.expiryDate === null ? 8 : 5)).status).toBe(200);
      expect((await w.api("POST", `/WmsOrder/${c.id}/finish`)).body.verificationStatusCode)
        .toBe("finishedWithDifferences");
    }
    expect((await w.api("GET", `/WmsOrder/${byProduct.id}/GenerateDocuments`)).status).toBe(200);
    // The 2 missing came off the line without an expiry date, not FEFO off the dated one.
    const held = async () =>
      (await w.query(
        "SELECT expiry_date AS e, quantity AS q FROM stock_lines WHERE product_id = ? ORDER BY id",
        [rye],
      ))
        .map((r) => [r.e, Number(r.q) / 1000]);
    expect(await held()).toEqual([[null, 8], [ryeLot, 5]]);
    // The second count of the same shelf finds its difference already booked, and leaves it.
    expect((await w.api("GET", `/WmsOrder/${byPlace.id}/GenerateDocuments`)).status).toBe(200);
    expect(await held()).toEqual([[null, 8], [ryeLot, 5]]);
  });

  it("writes off at most what the line still holds when goods left it after the count", async () => {
    const oil = await product(w, "OIL-C");
    const shelf = await location(w, "OIL-1");
    await receive(w, oil, shelf, 10);
    const c = await count({ typeCode: "VER-L", scopeLocationId: shelf });
    const [line] = await positionsOf(c.id);
    expect((await counted(line.id, 8)).status).toBe(200);
    // The books said 10, and all 10 were released after the count: the shortfall has left with them.
    await release(oil, shelf, 10);
    await w.api("POST", `/WmsOrder/${c.id}/finish`);
    const adjusted = await w.api("GET", `/WmsOrder/${c.id}/GenerateDocuments`);
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    expect(adjusted.body.processStatusCode).toBe("closedFully");
    expect(await stockAt(w, oil, shelf)).toBe(0);
  });

  it("books a locked bin's differences: a count corrects the books, it moves no goods", async () => {
    const salt = await product(w, "SALT-C");
    const bin = await location(w, "LOCKED-1");
    await receive(w, salt, bin, 10);
    const c = await count({ typeCode: "VER-L", scopeLocationId: bin });
    // The bin is locked for receipt and release while it is counted, and the product too.
    const held = (await w.api("GET", `/StorageSpace/${bin}`)).body;
    expect((await w.api("PUT", "/StorageSpace", { ...held, lockedIn: true, lockedOut: true })).status).toBe(
      200,
    );
    const p = (await w.api("GET", `/Product/${salt}`)).body;
    expect((await w.api("PUT", "/Product", { ...p, lockIn: true, lockOut: true })).status).toBe(200);
    const [line] = await positionsOf(c.id);
    expect((await counted(line.id, 7)).status).toBe(200);
    await w.api("POST", `/WmsOrder/${c.id}/finish`);
    const r = await w.api("GET", `/WmsOrder/${c.id}/GenerateDocuments`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await stockAt(w, salt, bin)).toBe(7);
  });
});
