// The WmsInventory reports through HTTP, on stock made by confirming (and reverting) real documents:
// each report's figures, paging, filters and sorting, contractor isolation, FEFO order with its ties, the
// put-away order with its exclusions, the warning and critical flags, and productStock against the lines
// after a random series of documents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  assertStockEqualsLedger,
  company,
  confirm,
  container,
  draft,
  location,
  product,
  receive,
  revert,
  startStockWorld,
  type StockWorld,
} from "./fixture.ts";
import { call, createTenant, signIn } from "../../fixtures/harness.ts";

let w: StockWorld;
let farmer: string;
let greener: string;
let stranger: string;
const loc: Record<string, number> = {};
const prod: Record<string, number> = {};
let dairy: number;
let pal: { id: number; number: string };
let box: { id: number; number: string };
const doc: Record<string, number> = {};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function ok(path: string, token = w.admin) {
  const r = await w.api("GET", path, undefined, token);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

/** Releases `quantity` from a location (a confirmed IOU); answers the document id. */
async function release(
  productId: number,
  from: number,
  quantity: number,
  extra: Record<string, unknown> = {},
) {
  const d = await draft(w, { typeCode: "IOU", sourceLocationId: from, ...extra }, [{ productId, quantity }]);
  const r = await confirm(w, d.id, true);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return d.id;
}

async function relocate(productId: number, from: number, to: number, quantity: number) {
  const d = await draft(w, { typeCode: "ARL", sourceLocationId: from, destinationLocationId: to }, [
    { productId, quantity },
  ]);
  const r = await confirm(w, d.id, true);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return d.id;
}

beforeAll(async () => {
  w = await startStockWorld("inventory");
  const farms = await company(w, "FARMS");
  const greens = await company(w, "GREENS");
  const group = await w.api("POST", "/ProductGroup", { name: "Dairy" });
  expect(group.status).toBe(201);
  dairy = group.body.id;
  const rack = await w.api("POST", "/StorageSpaceType", { code: "RACK", handleStock: false });
  expect(rack.status, JSON.stringify(rack.body)).toBe(201);

  loc.wh = await location(w, "WH");
  loc.a1 = await location(w, "A-01", { parentId: loc.wh, capacityKg: 100, temperature: 4, pickupOrder: 5 });
  loc.a2 = await location(w, "A-02", { parentId: loc.wh, temperature: 4, pickupOrder: 1 });
  loc.b1 = await location(w, "B-01", { temperature: 6, pickupOrder: 3 });
  loc.lo = await location(w, "LO-01", { lockedOut: true });
  loc.inLock = await location(w, "IN-LOCK", { lockedIn: true, temperature: 5, pickupOrder: 0 });
  loc.f1 = await location(w, "F-1", { temperature: 5, pickupOrder: 2 });
  loc.f2 = await location(w, "F-2", { temperature: 5, pickupOrder: 1 });
  loc.f3 = await location(w, "F-3", { temperature: 5, pickupOrder: 0, typeId: rack.body.id });
  loc.f4 = await location(w, "F-4", { temperature: 5, pickupOrder: 0, capacityKg: 5 });
  loc.f5 = await location(w, "F-5", { temperature: 5 });
  loc.warm = await location(w, "WARM", { temperature: 20, pickupOrder: 0 });
  pal = await container(w, loc.a1);
  box = await container(w, loc.b1);

  prod.milk = await product(w, "MILK", {
    contractorId: farms,
    cashValue: 2.5,
    weight: 1.2,
    warningStock: 30,
    criticalStock: 5,
    minTemperature: 2,
    maxTemperature: 8,
    mainGroupId: dairy,
    defaultLocationId: loc.a1,
  });
  prod.jam = await product(w, "JAM", { contractorId: greens, weight: 0.5, warningStock: 1 });
  prod.tea = await product(w, "TEA", { cashValue: 10, warningStock: 2 });
  prod.eggs = await product(w, "EGGS", { weight: 0.1, groupIds: [dairy], criticalStock: 7 });

  // Milk: L1 a1 2099-03-01, L2 a2 2099-01-01, L3 a2 no expiry, L4 a1 2099-01-01, L5 in the pallet at a1,
  // L6 at the locked-out location.
  doc.d1 = await receive(w, prod.milk, loc.a1, 10, { expiryDate: "2099-03-01" });
  doc.d2 = await receive(w, prod.milk, loc.a2, 5, { expiryDate: "2099-01-01" });
  doc.d3 = await receive(w, prod.milk, loc.a2, 4);
  doc.d4 = await receive(w, prod.milk, loc.a1, 2, { expiryDate: "2099-01-01" });
  doc.d5 = await receive(w, prod.milk, loc.a1, 6, {
    expiryDate: "2098-12-01",
    destinationContainerId: pal.id,
  });
  doc.d6 = await receive(w, prod.milk, loc.lo, 1, { expiryDate: "2098-01-01" });
  doc.d7 = await receive(w, prod.jam, loc.b1, 8);
  doc.d8 = await receive(w, prod.tea, loc.b1, 7);
  expect((await revert(w, doc.d8)).status).toBe(200);
  // Eggs: two lines of one confirmation (the same arrival, the same expiry).
  const eggs = await draft(w, { typeCode: "IIN", destinationLocationId: loc.a2 }, [
    { productId: prod.eggs, quantity: 3, expiryDate: "2099-05-01", destinationLocationId: loc.a2 },
    { productId: prod.eggs, quantity: 4, expiryDate: "2099-05-01", destinationLocationId: loc.b1 },
  ]);
  expect((await confirm(w, eggs.id, true)).status).toBe(200);
  doc.eggs = eggs.id;
  // Releases take FEFO at a1 outside containers: L4 (2), then 1 of L1.
  doc.d9 = await release(prod.milk, loc.a1, 3);
  // Relocation: 2 of L2 (the earliest expiry at a2) to b1 (L7).
  doc.d10 = await relocate(prod.milk, loc.a2, loc.b1, 2);
  doc.d11 = await release(prod.jam, loc.b1, 3);
  doc.d12 = await release(prod.jam, loc.b1, 2);
  expect((await revert(w, doc.d12)).status).toBe(200);
  // Lock the pallet for release.
  const c = await w.api("GET", `/Container/${pal.id}`);
  expect((await w.api("PUT", "/Container", { ...c.body, lockedOut: true })).status).toBe(200);

  farmer = await addStaffUser(w, "farmer", { contractorPortalEnabled: true, connectedContractorId: farms });
  greener = await addStaffUser(w, "greener", {
    contractorPortalEnabled: true,
    connectedContractorId: greens,
  });
  await createTenant(w.s, "inventory-other");
  stranger = (await signIn(w.s, "inventory-other-admin")).token;
  await assertStockEqualsLedger(w);
});
afterAll(() => w?.s.close());

// deno-lint-ignore no-explicit-any
type Row = any;
const q = (params: Record<string, unknown>) =>
  "?" + new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  ).toString();

describe("inventory (detailed)", () => {
  it("answers one row per stock line with value, weight, total and flags", async () => {
    const all = await ok("/WmsInventory/inventory?PageSize=100");
    expect(all.allFilteredRowCount).toBe(9);
    const milk = all.results.filter((r: Row) => r.productId === prod.milk);
    expect(milk.map((r: Row) => `${r.locationLabel} ${r.expiryDate ?? "none"} ${r.quantity}`).sort()).toEqual(
      [
        "A-01 2098-12-01 6",
        "A-01 2099-03-01 9",
        "A-02 2099-01-01 3",
        "A-02 none 4",
        "B-01 2099-01-01 2",
        "LO-01 2098-01-01 1",
      ],
    );
    const l1 = milk.find((r: Row) => r.expiryDate === "2099-03-01");
    expect(l1).toMatchObject({
      productIndex: "MILK",
      productName: "Product MILK",
      containerId: null,
      containerNumber: null,
      overallValue: 22.5,
      overallWeight: 10.8,
      productTotal: 25,
      belowWarning: true,
      belowCritical: false,
    });
    const inPallet = milk.find((r: Row) => r.containerId === pal.id);
    expect(inPallet.containerNumber).toBe(pal.number);
    const jam = all.results.find((r: Row) => r.productId === prod.jam);
    expect(jam).toMatchObject({ quantity: 5, overallValue: null, overallWeight: 2.5, belowWarning: false });
    const eggs = all.results.filter((r: Row) => r.productId === prod.eggs);
    expect(eggs.every((r: Row) => r.belowCritical && !r.belowWarning)).toBe(true);
  });

  it("pages stably in every sort order", async () => {
    for (const sortColumn of ["expiryDate", "quantity", "productId", "locationId", "createdAt"]) {
      for (const sortDescending of ["false", "true"]) {
        const full = await ok(`/WmsInventory/inventory${q({ sortColumn, sortDescending, PageSize: "100" })}`);
        const paged: number[] = [];
        for (let page = 1; page <= 5; page++) {
          const r = await ok(
            `/WmsInventory/inventory${
              q({ sortColumn, sortDescending, PageSize: "2", PageNumber: String(page) })
            }`,
          );
          expect(r.allFilteredRowCount).toBe(9);
          paged.push(...r.results.map((x: Row) => x.id));
        }
        expect(paged).toEqual(full.results.map((x: Row) => x.id));
        expect(new Set(paged).size).toBe(9);
        const values = full.results.map((x: Row) => x[sortColumn]);
        const sorted = [...values].sort((a, b) =>
          a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1
        );
        expect(values).toEqual(sortDescending === "true" ? sorted.reverse() : sorted);
      }
    }
  });

  it("filters by product, location text, quantity in units, and the quick search", async () => {
    const byIndex = await ok(
      `/WmsInventory/inventory${
        q({ BasicFiltersSerialized: [{ field: "productIndex", operator: "eq", value: "MILK" }] })
      }`,
    );
    expect(byIndex.allFilteredRowCount).toBe(6);
    const atA = await ok(
      `/WmsInventory/inventory${
        q({
          BasicFiltersSerialized: [{ field: "locationLabel", operator: "contains", value: "a-0" }],
        })
      }`,
    );
    expect(atA.allFilteredRowCount).toBe(5);
    const big = await ok(
      `/WmsInventory/inventory${
        q({ BasicFiltersSerialized: [{ field: "quantity", operator: "gte", value: 4 }] })
      }`,
    );
    expect(big.results.map((r: Row) => r.quantity).sort()).toEqual([4, 4, 5, 6, 9]);
    const between = await ok(
      `/WmsInventory/inventory${
        q({
          BasicFiltersSerialized: [{ field: "quantity", operator: "between", value: [2.5, 3] }],
        })
      }`,
    );
    expect(between.results.map((r: Row) => r.quantity)).toEqual([3, 3]);
    // Expiry dates are calendar days, filtered as the days they are.
    const firstOfJanuary = await ok(
      `/WmsInventory/inventory${
        q({
          BasicFiltersSerialized: [{
            field: "expiryDate",
            operator: "between",
            value: ["2099-01-01", "2099-01-01"],
          }],
        })
      }`,
    );
    expect(firstOfJanuary.results.map((r: Row) => [r.locationLabel, r.quantity]).sort()).toEqual([
      ["A-02", 3],
      ["B-01", 2],
    ]);
    const later = await ok(
      `/WmsInventory/inventory${
        q({ BasicFiltersSerialized: [{ field: "expiryDate", operator: "gte", value: "2099-01-02" }] })
      }`,
    );
    expect(later.results.map((r: Row) => r.expiryDate).sort()).toEqual([
      "2099-03-01",
      "2099-05-01",
      "2099-05-01",
    ]);
    const search = await ok(
      `/WmsInventory/inventory${
        q({ BasicFiltersSerialized: [{ field: "*", operator: "contains", value: pal.number }] })
      }`,
    );
    expect(search.results.map((r: Row) => r.containerId)).toEqual([pal.id]);
    const bad = await w.api("GET", `/WmsInventory/inventory${q({ sortColumn: "productName" })}`);
    expect(bad.status).toBe(400);
  });

  it("keeps a contractor user to their products and another tenant to nothing", async () => {
    const farms = await ok("/WmsInventory/inventory?PageSize=100", farmer);
    expect(farms.allFilteredRowCount).toBe(6);
    expect(farms.results.every((r: Row) => r.productId === prod.milk)).toBe(true);
    const greens = await ok("/WmsInventory/inventory", greener);
    expect(greens.results.map((r: Row) => r.productIndex)).toEqual(["JAM"]);
    const sneaky = await ok(
      `/WmsInventory/inventory${
        q({ BasicFiltersSerialized: [{ field: "productId", operator: "eq", value: prod.jam }] })
      }`,
      farmer,
    );
    expect(sneaky.allFilteredRowCount).toBe(0);
    expect((await ok("/WmsInventory/inventory", stranger)).allFilteredRowCount).toBe(0);
  });
});

describe("containerStock", () => {
  it("answers each container with its lines and total", async () => {
    const r = await ok("/WmsInventory/containerStock");
    expect(r.allFilteredRowCount).toBe(2);
    const p = r.results.find((c: Row) => c.id === pal.id);
    expect(p).toMatchObject({ locationLabel: "A-01", linesCount: 1, totalQuantity: 6, lockedOut: true });
    expect(p.lines).toEqual([
      expect.objectContaining({ productIndex: "MILK", quantity: 6, expiryDate: "2098-12-01" }),
    ]);
    expect(r.results.find((c: Row) => c.id === box.id)).toMatchObject({ linesCount: 0, totalQuantity: 0 });
    const holding = await ok(`/WmsInventory/containerStock?productId=${prod.milk}`);
    expect(holding.results.map((c: Row) => c.id)).toEqual([pal.id]);
  });

  it("shows a contractor user only containers holding their products", async () => {
    expect((await ok("/WmsInventory/containerStock", farmer)).results.map((c: Row) => c.id)).toEqual([
      pal.id,
    ]);
    expect((await ok("/WmsInventory/containerStock", greener)).allFilteredRowCount).toBe(0);
  });
});

describe("productStock", () => {
  it("answers each product's total from the summary with its flags", async () => {
    const r = await ok("/WmsInventory/productStock");
    expect(r.results.map((p: Row) => [p.productIndex, p.quantity, p.belowWarning, p.belowCritical])).toEqual([
      ["MILK", 25, true, false],
      ["JAM", 5, false, false],
      ["EGGS", 7, false, true],
    ]);
    expect(r.results[0]).toMatchObject({
      overallValue: 62.5,
      overallWeight: 30,
      warningStock: 30,
      criticalStock: 5,
    });
  });

  it("sorts by quantity, filters by flags and by product fields", async () => {
    const desc = await ok(
      `/WmsInventory/productStock${q({ sortColumn: "quantity", sortDescending: "true" })}`,
    );
    expect(desc.results.map((p: Row) => p.quantity)).toEqual([25, 7, 5]);
    const page2 = await ok(
      `/WmsInventory/productStock${q({ sortColumn: "quantity", PageSize: "2", PageNumber: "2" })}`,
    );
    expect(page2.results.map((p: Row) => p.productIndex)).toEqual(["MILK"]);
    expect((await ok("/WmsInventory/productStock?belowWarning=true")).results.map((p: Row) => p.productIndex))
      .toEqual(["MILK"]);
    expect(
      (await ok("/WmsInventory/productStock?belowCritical=true")).results.map((p: Row) => p.productIndex),
    )
      .toEqual(["EGGS"]);
    expect(
      (await ok("/WmsInventory/productStock?belowWarning=false")).results.map((p: Row) => p.productIndex),
    )
      .toEqual(["JAM", "EGGS"]);
    const named = await ok(
      `/WmsInventory/productStock${
        q({ BasicFiltersSerialized: [{ field: "productName", operator: "contains", value: "jam" }] })
      }`,
    );
    expect(named.results.map((p: Row) => p.productId)).toEqual([prod.jam]);
    const over = await ok(
      `/WmsInventory/productStock${
        q({ BasicFiltersSerialized: [{ field: "quantity", operator: "gt", value: 6.5 }] })
      }`,
    );
    expect(over.results.map((p: Row) => p.quantity)).toEqual([25, 7]);
  });

  it("with includeZero lists every product, those without stock at 0 and flagged", async () => {
    const all = await ok("/WmsInventory/productStock?includeZero=true");
    expect(all.results.map((p: Row) => [p.productIndex, p.quantity, p.belowWarning])).toEqual([
      ["MILK", 25, true],
      ["JAM", 5, false],
      ["TEA", 0, true],
      ["EGGS", 7, false],
    ]);
    const low = await ok(
      "/WmsInventory/productStock?includeZero=true&belowWarning=true&sortColumn=productIndex",
    );
    expect(low.results.map((p: Row) => p.productIndex)).toEqual(["MILK", "TEA"]);
    const named = await ok(
      "/WmsInventory/productStock?includeZero=true&sortColumn=productName&sortDescending=true",
    );
    expect(named.results.map((p: Row) => p.productIndex)).toEqual(["TEA", "MILK", "JAM", "EGGS"]);
    expect((await w.api("GET", "/WmsInventory/productStock?includeZero=true&sortColumn=quantity")).status)
      .toBe(400);
    expect(
      (await ok("/WmsInventory/productStock?includeZero=true", greener)).results.map((p: Row) =>
        p.productIndex
      ),
    )
      .toEqual(["JAM"]);
  });

  it("keeps a contractor user to their products", async () => {
    expect((await ok("/WmsInventory/productStock", farmer)).results.map((p: Row) => p.productIndex)).toEqual([
      "MILK",
    ]);
    expect((await ok("/WmsInventory/productStock", stranger)).allFilteredRowCount).toBe(0);
  });
});

describe("ProductStockReport (the spec's generic resource)", () => {
  it("pages the same rows as WmsInventory/productStock with the generic list query", async () => {
    for (
      const query of [
        "",
        q({ sortColumn: "quantity", sortDescending: "true", PageSize: "2", PageNumber: "1" }),
        q({ BasicFiltersSerialized: [{ field: "productName", operator: "contains", value: "jam" }] }),
        "?includeZero=true&belowWarning=true",
      ]
    ) {
      const report = await ok(`/ProductStockReport${query}`);
      expect(report, query).toEqual(await ok(`/WmsInventory/productStock${query}`));
    }
    const bad = await w.api("GET", "/ProductStockReport?sortColumn=unit");
    expect([bad.status, bad.body.error.code]).toEqual([400, "request.badQuery"]);
  });

  it("answers one product's row by its id, 0 without stock; another's or another tenant's is 404", async () => {
    expect(await ok(`/ProductStockReport/${prod.milk}`)).toMatchObject({
      id: prod.milk,
      productIndex: "MILK",
      quantity: 25,
      belowWarning: true,
      overallValue: 62.5,
    });
    expect(await ok(`/ProductStockReport/${prod.tea}`)).toMatchObject({ productIndex: "TEA", quantity: 0 });
    expect((await ok(`/ProductStockReport/${prod.milk}`, farmer)).productIndex).toBe("MILK");
    for (
      const [id, token] of [[prod.jam, farmer], [prod.milk, greener], [prod.milk, stranger], [
        999_999,
        w.admin,
      ]]
    ) {
      const r = await w.api("GET", `/ProductStockReport/${id}`, undefined, token as string);
      expect([r.status, r.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    }
  });

  it("is read-only: a write answers 405 with the JSON error and changes nothing", async () => {
    for (
      const [method, path] of [
        ["POST", "/ProductStockReport"],
        ["PUT", "/ProductStockReport"],
        ["DELETE", `/ProductStockReport/${prod.milk}`],
      ]
    ) {
      const r = await w.api(method, path, { quantity: 1 });
      expect([method, r.status, r.body.error.code]).toEqual([method, 405, "method.notAllowed"]);
    }
    expect((await ok(`/ProductStockReport/${prod.milk}`)).quantity).toBe(25);
  });
});

describe("customProductStock", () => {
  const rows = (r: Row) => r.results.map((p: Row) => [p.productIndex, p.quantity]);

  it("sums a location subtree, exact locations, a contractor and a group", async () => {
    expect(rows(await ok(`/WmsInventory/customProductStock?locationTreeId=${loc.wh}`))).toEqual([
      ["MILK", 22],
      ["EGGS", 3],
    ]);
    expect(rows(await ok(`/WmsInventory/customProductStock?locationIds=${loc.b1}`))).toEqual([
      ["MILK", 2],
      ["JAM", 5],
      ["EGGS", 4],
    ]);
    expect(rows(await ok(`/WmsInventory/customProductStock?locationIds=${loc.a1},${loc.b1}`))).toEqual([
      ["MILK", 17],
      ["JAM", 5],
      ["EGGS", 4],
    ]);
    const farms = (await w.query("SELECT contractor_id AS c FROM products WHERE id = ?", [prod.milk]))[0].c;
    expect(rows(await ok(`/WmsInventory/customProductStock?contractorId=${farms}`))).toEqual([["MILK", 25]]);
    expect(rows(await ok(`/WmsInventory/customProductStock?groupId=${dairy}`))).toEqual([
      ["MILK", 25],
      ["EGGS", 7],
    ]);
    const tree = await ok(`/WmsInventory/customProductStock?locationTreeId=${loc.wh}`);
    expect(tree.results[0]).toMatchObject({ productTotal: 25, belowWarning: true, overallValue: 55 });
  });

  it("pages, sorts and filters like a list", async () => {
    const page = await ok(
      `/WmsInventory/customProductStock${
        q({ sortColumn: "quantity", sortDescending: "true", PageSize: "2" })
      }`,
    );
    expect(page.allFilteredRowCount).toBe(3);
    expect(rows(page)).toEqual([["MILK", 25], ["EGGS", 7]]);
    const next = await ok(
      `/WmsInventory/customProductStock${
        q({ sortColumn: "quantity", sortDescending: "true", PageSize: "2", PageNumber: "2" })
      }`,
    );
    expect(rows(next)).toEqual([["JAM", 5]]);
    expect(rows(await ok(`/WmsInventory/customProductStock${q({ sortColumn: "productIndex" })}`))).toEqual([
      ["EGGS", 7],
      ["JAM", 5],
      ["MILK", 25],
    ]);
    const filtered = await ok(
      `/WmsInventory/customProductStock${
        q({ BasicFiltersSerialized: [{ field: "productIndex", operator: "startsWith", value: "m" }] })
      }`,
    );
    expect(rows(filtered)).toEqual([["MILK", 25]]);
    expect((await w.api("GET", "/WmsInventory/customProductStock?locationIds=1,x")).status).toBe(400);
    expect((await w.api("GET", "/WmsInventory/customProductStock?locationTreeId=99999")).status).toBe(404);
  });

  it("keeps a contractor user to their products whatever they ask", async () => {
    const greens = (await w.query("SELECT contractor_id AS c FROM products WHERE id = ?", [prod.jam]))[0].c;
    expect(rows(await ok(`/WmsInventory/customProductStock?contractorId=${greens}`, farmer))).toEqual([]);
    expect(rows(await ok(`/WmsInventory/customProductStock?locationIds=${loc.b1}`, farmer))).toEqual([[
      "MILK",
      2,
    ]]);
  });
});

describe("bestsourcematerial (FEFO)", () => {
  it("orders by expiry (none last), then arrival, leaving out locked-out locations and containers", async () => {
    const r = await ok(`/WmsInventory/bestsourcematerial/${prod.milk}`);
    expect(r.results.map((l: Row) => [l.locationLabel, l.expiryDate, l.quantity, l.take])).toEqual([
      ["A-02", "2099-01-01", 3, 3],
      ["B-01", "2099-01-01", 2, 2],
      ["A-01", "2099-03-01", 9, 9],
      ["A-02", null, 4, 4],
    ]);
    // B-01's line was relocated from A-02's: the same goods, the same arrival; the older line first.
    expect(r.results[0].receivedAt).toBe(r.results[1].receivedAt);
    expect(r.results[0].id).toBeLessThan(r.results[1].id);
    expect(r.results[2].receivedAt < r.results[0].receivedAt).toBe(true);
    expect(r).toMatchObject({ available: 18, shortfall: 0 });
  });

  it("answers the lines that cover a quantity, the last one partly, and the shortfall", async () => {
    const four = await ok(`/WmsInventory/bestsourcematerial/${prod.milk}?quantity=4`);
    expect(four.results.map((l: Row) => [l.locationLabel, l.take])).toEqual([["A-02", 3], ["B-01", 1]]);
    expect(four.shortfall).toBe(0);
    const exact = await ok(`/WmsInventory/bestsourcematerial/${prod.milk}?quantity=3`);
    expect(exact.results.map((l: Row) => l.take)).toEqual([3]);
    const more = await ok(`/WmsInventory/bestsourcematerial/${prod.milk}?quantity=20.5`);
    expect(more).toMatchObject({ available: 18, shortfall: 2.5 });
    const fine = await w.api("GET", `/WmsInventory/bestsourcematerial/${prod.milk}?quantity=0.0001`);
    expect(fine.status).toBe(400);
    expect(fine.body.error.fields.quantity).toEqual(["validation.invalidValue"]);
    expect(more.results).toHaveLength(4);
  });

  it("breaks a tie of expiry and arrival by the line", async () => {
    const r = await ok(`/WmsInventory/bestsourcematerial/${prod.eggs}`);
    expect(r.results.map((l: Row) => l.locationLabel)).toEqual(["A-02", "B-01"]);
    expect(r.results[0].receivedAt).toBe(r.results[1].receivedAt);
    expect(r.results[0].id).toBeLessThan(r.results[1].id);
  });

  it("answers 404 for another contractor's or tenant's product, nothing for a product without stock", async () => {
    expect((await w.api("GET", `/WmsInventory/bestsourcematerial/${prod.jam}`, undefined, farmer)).status)
      .toBe(404);
    expect((await ok(`/WmsInventory/bestsourcematerial/${prod.milk}`, farmer)).results).toHaveLength(4);
    expect(
      (await w.api("GET", `/WmsInventory/bestsourcematerial/${prod.milk}`, undefined, stranger)).body.error
        .code,
    )
      .toBe("record.notFoundOrNoPermission");
    expect((await ok(`/WmsInventory/bestsourcematerial/${prod.tea}`)).results).toEqual([]);
  });
});

describe("locationsuggestin (put-away)", () => {
  const suggest = async (productId: number, quantity: number, token = w.admin) =>
    (await ok(`/WmsInventory/locationsuggestin?productId=${productId}&quantity=${quantity}`, token))
      .map((s: Row) => [s.label, s.reason]);

  it("suggests the default location, then locations holding the product, then free ones by pickupOrder", async () => {
    // a1 holds 15 milk (18 kg) and takes 12 kg more; a location without a temperature suits milk (2 to 8 °C)
    // as it does for the validator; WARM is too warm, F-3 does not handle stock, F-4 is too small, IN-LOCK
    // is locked for receipt.
    expect(await suggest(prod.milk, 10)).toEqual([
      ["A-01", "defaultLocation"],
      ["A-02", "holdsProduct"],
      ["B-01", "holdsProduct"],
      ["LO-01", "holdsProduct"],
      ["F-2", "freeLocation"],
      ["F-1", "freeLocation"],
      ["WH", "freeLocation"],
      ["F-5", "freeLocation"],
    ]);
    const three = await ok(`/WmsInventory/locationsuggestin?productId=${prod.milk}&quantity=10&limit=3`);
    expect(three.map((x: Row) => x.label)).toEqual(["A-01", "A-02", "B-01"]);
    const first = (await ok(`/WmsInventory/locationsuggestin?productId=${prod.milk}&quantity=10`))[0];
    expect(first).toMatchObject({ storedKg: 18, incomingKg: 12, capacityKg: 100, productQuantity: 15 });
  });

  it("leaves out a location whose capacity the incoming weight would pass", async () => {
    // 80 × 1.2 = 96 kg on top of 18 kg passes a1's 100 kg.
    expect((await suggest(prod.milk, 80))[0]).toEqual(["A-02", "holdsProduct"]);
  });

  it("orders free locations by pickupOrder, unset last, for a product without limits", async () => {
    expect(await suggest(prod.tea, 5)).toEqual([
      ["F-4", "freeLocation"],
      ["WARM", "freeLocation"],
      ["F-2", "freeLocation"],
      ["F-1", "freeLocation"],
      ["WH", "freeLocation"],
      ["F-5", "freeLocation"],
    ]);
    const two = await ok(`/WmsInventory/locationsuggestin?productId=${prod.tea}&quantity=5&limit=2`);
    expect(two.map((s: Row) => s.label)).toEqual(["F-4", "WARM"]);
  });

  it("answers 404 for another contractor's product and 400 without a quantity", async () => {
    const r = await w.api(
      "GET",
      `/WmsInventory/locationsuggestin?productId=${prod.jam}&quantity=1`,
      undefined,
      farmer,
    );
    expect(r.status).toBe(404);
    expect((await w.api("GET", `/WmsInventory/locationsuggestin?productId=${prod.milk}`)).status).toBe(400);
  });
});

describe("movements", () => {
  it("lists a product's ledger rows with document and in/out quantities", async () => {
    const r = await ok(`/WmsInventory/productMovements?productId=${prod.milk}&PageSize=100`);
    expect(r.allFilteredRowCount).toBe(10);
    const sum = (k: string) => r.results.reduce((s: number, m: Row) => s + m[k], 0);
    expect([sum("quantityIn"), sum("quantityOut")]).toEqual([30, 5]);
    expect(r.results[0].documentTypeCode).toBe("ARL"); // newest first
    const ids = r.results.map((m: Row) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const releases = await ok(
      `/WmsInventory/productMovements${
        q({
          productId: String(prod.milk),
          BasicFiltersSerialized: [{ field: "documentTypeCode", operator: "eq", value: "IOU" }],
        })
      }`,
    );
    expect(releases.results.map((m: Row) => [m.documentId, m.locationLabel, m.quantityOut]).sort()).toEqual([
      [doc.d9, "A-01", 1],
      [doc.d9, "A-01", 2],
    ]);
    const number = (await w.api("GET", `/WmsDocument/${doc.d9}`)).body.documentNumber;
    expect(releases.results[0].documentNumber).toBe(number);
  });

  it("shows a revert as its own rows, and honours the date range", async () => {
    const tea = await ok(`/WmsInventory/productMovements?productId=${prod.tea}`);
    expect(tea.results.map((m: Row) => [m.reason, m.quantityIn, m.quantityOut])).toEqual([
      ["revert", 0, 7],
      ["confirm", 7, 0],
    ]);
    expect((await ok(`/WmsInventory/productMovements?dateFrom=${day(1)}`)).allFilteredRowCount).toBe(0);
    const all = await ok(`/WmsInventory/productMovements?dateFrom=${day(-1)}&dateTo=${day(1)}`);
    expect(all.allFilteredRowCount).toBe(
      Number((await w.query("SELECT count(*) AS n FROM stock_movements"))[0].n),
    );
    expect((await w.api("GET", "/WmsInventory/productMovements?dateFrom=yesterday")).status).toBe(400);
  });

  it("keeps a contractor user to their products", async () => {
    const farms = await ok("/WmsInventory/productMovements?PageSize=100", farmer);
    expect(farms.allFilteredRowCount).toBe(10);
    const other = await w.api(
      "GET",
      `/WmsInventory/productMovements?productId=${prod.jam}`,
      undefined,
      farmer,
    );
    expect(other.status).toBe(404);
  });

  it("sums in and out per main group per day, without relocations or reverted documents", async () => {
    const r = await ok(`/WmsInventory/productGroupMovements?dateFrom=${day(-1)}&dateTo=${day(1)}`);
    const byGroup = new Map<number | null, [number, number]>();
    for (const row of r) {
      const [i, o] = byGroup.get(row.groupId) ?? [0, 0];
      byGroup.set(row.groupId, [i + row.quantityIn, o + row.quantityOut]);
    }
    // Dairy (main group): milk receipts 28, its release 3; eggs are only linked to the group.
    expect(byGroup.get(dairy)).toEqual([28, 3]);
    // No group: eggs 7 in; jam 8 in and 3 out. The reverted jam release and the reverted tea receipt count
    // in neither direction: a confirmation and its revert cancel out, as in the out-orders chart.
    expect(byGroup.get(null)).toEqual([15, 3]);
    // What the groups say went out is what the chart of released products says.
    const chart = await ok(`/WmsInventory/productOutOrdersChart?dateFrom=${day(-1)}&dateTo=${day(1)}`);
    const out = [...byGroup.values()].reduce((sum, [, o]) => sum + o, 0);
    expect(out).toBe(chart.reduce((sum: number, x: Row) => sum + x.quantity, 0));
    expect(r.find((x: Row) => x.groupId === dairy).groupName).toBe("Dairy");
    expect(await ok(`/WmsInventory/productGroupMovements?dateFrom=${day(1)}&dateTo=${day(2)}`)).toEqual([]);
    const farms = await ok(
      `/WmsInventory/productGroupMovements?dateFrom=${day(-1)}&dateTo=${day(1)}`,
      farmer,
    );
    expect(farms.every((x: Row) => x.groupId === dairy)).toBe(true);
  });

  it("charts the top released products from confirmed release documents", async () => {
    const r = await ok(`/WmsInventory/productOutOrdersChart?dateFrom=${day(-1)}&dateTo=${day(1)}`);
    // The reverted jam release does not count; milk and jam tie at 3 (the lower product id first).
    expect(r.map((x: Row) => [x.productIndex, x.quantity])).toEqual([["MILK", 3], ["JAM", 3]]);
    expect(await ok(`/WmsInventory/productOutOrdersChart?dateFrom=${day(1)}&dateTo=${day(2)}`)).toEqual([]);
    expect(
      (await ok(`/WmsInventory/productOutOrdersChart?dateFrom=${day(-1)}&dateTo=${day(1)}`, greener)).map((
        x: Row,
      ) => x.productIndex),
    ).toEqual(["JAM"]);
    expect((await w.api("GET", "/WmsInventory/productOutOrdersChart")).status).toBe(400);
  });
});

describe("the reports in the OpenAPI document", () => {
  it("declares every WmsInventory call", async () => {
    const doc = await call(w.s, "GET", "/api/openapi.json");
    const paths = Object.keys(doc.body.paths).filter((p) => p.startsWith("/api/WmsInventory/"));
    expect(paths.sort()).toEqual([
      "/api/WmsInventory/bestsourcematerial/{id}",
      "/api/WmsInventory/containerStock",
      "/api/WmsInventory/customProductStock",
      "/api/WmsInventory/inventory",
      "/api/WmsInventory/inventory/export",
      "/api/WmsInventory/locationsuggestin",
      "/api/WmsInventory/productGroupMovements",
      "/api/WmsInventory/productMovements",
      "/api/WmsInventory/productMovements/export",
      "/api/WmsInventory/productOutOrdersChart",
      "/api/WmsInventory/productStock",
      "/api/WmsInventory/productStock/export",
    ]);
  });
});

describe("a container shared by two contractors", () => {
  it("shows each contractor only their lines, and asking by the other's product is 404, not a probe", async () => {
    await receive(w, prod.jam, loc.b1, 1, { destinationContainerId: box.id });
    await receive(w, prod.milk, loc.b1, 1, { destinationContainerId: box.id });
    const shared = (await ok(`/WmsInventory/containerStock?productId=${prod.milk}`, farmer)).results;
    expect(shared.map((c: Row) => [c.number, c.lines.map((l: Row) => l.productIndex)])).toEqual([
      [pal.number, ["MILK"]],
      [box.number, ["MILK"]],
    ]);
    const probe = await w.api("GET", `/WmsInventory/containerStock?productId=${prod.jam}`, undefined, farmer);
    expect(probe.status).toBe(404);
    expect((await ok(`/WmsInventory/containerStock?productId=${prod.jam}`)).results.map((c: Row) => c.id))
      .toEqual([box.id]);
    await release(prod.jam, loc.b1, 1, { sourceContainerId: box.id });
    await release(prod.milk, loc.b1, 1, { sourceContainerId: box.id });
  });
});

describe("FIFO arrival from the ledger", () => {
  it("counts relocated and returned goods from their receipt, not from their move", async () => {
    const fish = await product(w, "FISH");
    const first = await receive(w, fish, loc.a2, 2, { expiryDate: "2099-07-01" });
    const second = await receive(w, fish, loc.a1, 3, { expiryDate: "2099-07-01" });
    const at = async (d: number) =>
      (await w.query("SELECT min(created_at) AS t FROM stock_movements WHERE document_id = ?", [d]))[0].t;
    // The goods of the first receipt move to b1: a newer line, but the older goods.
    await relocate(fish, loc.a2, loc.b1, 2);
    let r = await ok(`/WmsInventory/bestsourcematerial/${fish}`);
    expect(r.results.map((l: Row) => [l.locationLabel, l.receivedAt])).toEqual([
      ["B-01", await at(first)],
      ["A-01", await at(second)],
    ]);
    expect(r.results[0].id).toBeGreaterThan(r.results[1].id);
    // Released and the release reverted: the line is made again, its goods still from the second receipt.
    const out = await release(fish, loc.a1, 3);
    expect((await revert(w, out)).status).toBe(200);
    r = await ok(`/WmsInventory/bestsourcematerial/${fish}?quantity=4`);
    expect(r.results.map((l: Row) => [l.locationLabel, l.receivedAt, l.take])).toEqual([
      ["B-01", await at(first), 2],
      ["A-01", await at(second), 2],
    ]);
    const line = await w.query("SELECT created_at AS t FROM stock_lines WHERE id = ?", [r.results[1].id]);
    expect(String(line[0].t) > String(await at(second))).toBe(true);
  });
});

describe("productStock after a random series of documents", () => {
  it("equals the sum over the stock lines", async () => {
    let seed = 20261124;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const items = [
      await product(w, "R-1"),
      await product(w, "R-2"),
      await product(w, "R-3"),
    ];
    const places = [loc.f1, loc.f2, loc.f5];
    const confirmed: number[] = [];
    for (let step = 0; step < 40; step++) {
      const p = items[rand(items.length)];
      const from = places[rand(places.length)];
      const to = places[rand(places.length)];
      const quantity = 1 + rand(9) + rand(4) / 4;
      const kind = rand(5);
      let header: Record<string, unknown>;
      if (kind <= 1) header = { typeCode: "IIN", destinationLocationId: to };
      else if (kind === 2) header = { typeCode: "IOU", sourceLocationId: from };
      else if (kind === 3 && from !== to) {
        header = { typeCode: "ARL", sourceLocationId: from, destinationLocationId: to };
      } else {
        if (!confirmed.length) continue;
        const r = await revert(w, confirmed.splice(rand(confirmed.length), 1)[0]);
        expect([200, 422]).toContain(r.status);
        continue;
      }
      const d = await draft(w, header, [{
        productId: p,
        quantity,
        expiryDate: rand(2) ? "2099-06-01" : undefined,
      }]);
      const r = await confirm(w, d.id, true);
      expect([200, 422], JSON.stringify(r.body)).toContain(r.status);
      if (r.status === 200) confirmed.push(d.id);
    }
    expect(confirmed.length, "the series moved stock").toBeGreaterThan(5);
    await assertStockEqualsLedger(w);
    const lines = await w.query(
      "SELECT product_id AS id, sum(quantity) AS q FROM stock_lines GROUP BY product_id ORDER BY product_id",
    );
    const report: [number, number][] = [];
    for (let page = 1;; page++) {
      const r = await ok(`/WmsInventory/productStock?PageSize=2&PageNumber=${page}`);
      report.push(...r.results.map((x: Row) => [x.productId, x.quantity] as [number, number]));
      if (r.results.length < 2) break;
    }
    expect(report).toEqual(lines.map((l) => [Number(l.id), Number(l.q) / 1000]));
    expect(report.filter(([id]) => items.includes(id)).length).toBeGreaterThan(0);
  });
});

describe("bestsourcematerial and expired stock", () => {
  // deno-lint-ignore no-explicit-any
  async function setRules(change: (rules: any) => void) {
    const { id: _id, createdAt: _c, updatedAt: _u, ...data } = (await w.api("GET", "/ClientLogisticsConfig"))
      .body;
    change(data.rules);
    const r = await w.api("PUT", "/ClientLogisticsConfig", data);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }

  it("leaves out expired lines while releasing them is blocked, and lists them first, marked, when it is not", async () => {
    const old = await product(w, "OLD-CHEESE");
    // Goods that expired in the warehouse: received while expired receipts were allowed.
    await setRules((r) => (r.expiredOnReceipt = "allow"));
    await receive(w, old, loc.f5, 2, { expiryDate: day(-3) });
    await setRules((r) => (r.expiredOnReceipt = "block"));
    await receive(w, old, loc.f5, 3, { expiryDate: day(30) });

    const blocked = await ok(`/WmsInventory/bestsourcematerial/${old}?quantity=2`);
    expect(blocked.results.map((l: Row) => [l.expiryDate, l.take, l.expired])).toEqual([[day(30), 2, false]]);
    expect(blocked).toMatchObject({ available: 3, shortfall: 0 });
    // What it suggests is what a release can take: the release of 2 from F-5 confirms.
    const taken = await draft(w, { typeCode: "IOU", sourceLocationId: loc.f5 }, [{
      productId: old,
      quantity: 2,
      expiryDate: blocked.results[0].expiryDate,
    }]);
    expect((await confirm(w, taken.id, true)).status).toBe(200);

    await setRules((r) => (r.expiredOnRelease = "warn"));
    try {
      const warned = await ok(`/WmsInventory/bestsourcematerial/${old}`);
      expect(warned.results.map((l: Row) => [l.expiryDate, l.quantity, l.expired])).toEqual([
        [day(-3), 2, true],
        [day(30), 1, false],
      ]);
    } finally {
      await setRules((r) => (r.expiredOnRelease = "block"));
    }
    await assertStockEqualsLedger(w);
  });
});
