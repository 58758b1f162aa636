// Where a release takes goods from (issue 12, item 4): a scan or a picked product on a release takes FEFO
// within the document's source (a bin, or a zone and the bins below it; the whole warehouse when it names
// none), split across bins and lots when one is not enough, never promising twice what the document's
// other lines take; a zone as a position's source is allocated within it at confirmation; the confirmed
// document names each line's bin, container and lot.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertStockEqualsLedger,
  confirm,
  container,
  daysAhead,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "./fixture.ts";

// Lots' expiry dates, in days from today: a fixed date would meet the short-expiry rule (30 days) one day.
const [in10, in20, in90, in91, in100, in120, in150, in200, in220, in250, in330] = [
  10,
  20,
  90,
  91,
  100,
  120,
  150,
  200,
  220,
  250,
  330,
].map(daysAhead);

let w: StockWorld;
let zone: number;
let f1: number;
let f2: number;
let f3: number;
let dry: number;
let hake: number;

interface Pos {
  id: number;
  quantity: number;
  sourceLocationId: number | null;
  expiryDate: string | null;
  sources?: {
    locationLabel: string;
    expiryDate: string | null;
    quantity: number;
    containerNumber: string | null;
  }[];
}

const lines = (positions: Pos[]) =>
  positions.map((p) => [p.sourceLocationId, p.expiryDate, p.quantity]).sort((a, b) =>
    String(a[1]).localeCompare(String(b[1]))
  );

async function positionsOf(id: number): Promise<Pos[]> {
  const r = await w.api("GET", `/WmsDocument/${id}/Positions?PageSize=100`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.results;
}

beforeAll(async () => {
  w = await startStockWorld("fefo");
  zone = await location(w, "FREEZER");
  f1 = await location(w, "F-01", { parentId: zone });
  f2 = await location(w, "F-02", { parentId: zone });
  f3 = await location(w, "F-03", { parentId: zone });
  dry = await location(w, "DRY-01");
  hake = await product(w, "HAKE", { expiryDateVisible: true });
  await receive(w, hake, f1, 30, { expiryDate: in150 });
  await receive(w, hake, f2, 20, { expiryDate: in100 });
  await receive(w, hake, f3, 50, { expiryDate: in250 });
  // Earlier than all of the freezer's, but outside it.
  await receive(w, hake, dry, 100, { expiryDate: in10 });
});
afterAll(() => w?.s.close());

describe("a release takes FEFO", () => {
  it("splits a scan across the zone's bins and lots, earliest expiry first, and grows them later", async () => {
    const d = await draft(w, { typeCode: "DOU", sourceLocationId: zone }, []);
    const first = await w.api("POST", "/WmsDocumentPosition/scan", {
      documentId: d.id,
      productId: hake,
      quantity: 45,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.shortfall).toBe(0);
    expect(lines(first.body.positions)).toEqual([[f2, in100, 20], [f1, in150, 25]]);

    // The next 10: what is left of F-01's lot, then the next lot; no unit promised twice.
    const second = await w.api("POST", "/WmsDocumentPosition/scan", {
      documentId: d.id,
      productId: hake,
      quantity: 10,
    });
    expect(lines(second.body.positions)).toEqual([[f1, in150, 30], [f3, in250, 5]]);
    expect(lines(await positionsOf(d.id))).toEqual([
      [f2, in100, 20],
      [f1, in150, 30],
      [f3, in250, 5],
    ]);

    // More than the zone has: what it has is added, the rest answered as short.
    const third = await w.api("POST", "/WmsDocumentPosition/scan", {
      documentId: d.id,
      productId: hake,
      quantity: 100,
    });
    expect([third.status, third.body.shortfall]).toEqual([200, 55]);
    expect(lines(third.body.positions)).toEqual([[f3, in250, 50]]);
    // Nothing left: refused, with what is available, and nothing added.
    const none = await w.api("POST", "/WmsDocumentPosition/scan", { documentId: d.id, productId: hake });
    expect([none.status, none.body.error?.issues?.[0]?.code]).toEqual([
      422,
      "document.issue.quantityAboveAvailable",
    ]);
    expect(await positionsOf(d.id)).toHaveLength(3);

    const ok = await confirm(w, d.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await assertStockEqualsLedger(w);
    // The confirmed document names where each line's goods came from.
    const confirmed = await positionsOf(d.id);
    const sources = confirmed.flatMap((p) => p.sources ?? []).map((
      s,
    ) => [s.locationLabel, s.expiryDate, s.quantity]);
    expect(sources.sort()).toEqual([
      ["F-01", in150, 30],
      ["F-02", in100, 20],
      ["F-03", in250, 50],
    ].sort());
  });

  it("takes from the whole warehouse when the release names no source", async () => {
    const d = await draft(w, { typeCode: "DOU" }, []);
    const r = await w.api("POST", "/WmsDocumentPosition/scan", {
      documentId: d.id,
      productId: hake,
      quantity: 3,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(lines(r.body.positions)).toEqual([[dry, in10, 3]]);
    // Each line names its own source: the document needs none to be confirmed (the lot's short expiry
    // warns).
    const ok = await confirm(w, d.id, true);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await assertStockEqualsLedger(w);
  });

  it("allocates a zone named as the source within its bins at confirmation", async () => {
    await receive(w, hake, f2, 8, { expiryDate: in120 });
    await receive(w, hake, f1, 8, { expiryDate: in200 });
    // A plain line, no bin of its own: the document's source is the zone.
    const d = await draft(w, { typeCode: "DOU", sourceLocationId: zone }, [{
      productId: hake,
      quantity: 12,
    }]);
    const ok = await confirm(w, d.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await assertStockEqualsLedger(w);
    const [line] = await positionsOf(d.id);
    expect(line.sources!.map((s) => [s.locationLabel, s.expiryDate, s.quantity])).toEqual([
      ["F-02", in120, 8],
      ["F-01", in200, 4],
    ]);
    // Above what the zone holds (4 left): the finding says so.
    const over = await draft(w, { typeCode: "DOU", sourceLocationId: zone }, [{
      productId: hake,
      quantity: 5,
    }]);
    const refused = await confirm(w, over.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues.map((i: { code: string }) => i.code)).toEqual([
      "document.issue.quantityAboveAvailable",
    ]);
  });

  it("offers the FEFO sources within a zone", async () => {
    const r = await w.api("GET", `/WmsInventory/bestsourcematerial/${hake}?locationId=${zone}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.results.map((l: { locationId: number }) => l.locationId)).toEqual([f1]);
    const all = await w.api("GET", `/WmsInventory/bestsourcematerial/${hake}`);
    expect(all.body.results[0].locationId).toBe(dry);
  });

  it("never promises the same units twice when two scans of one release arrive at once", async () => {
    const there = await location(w, "F-04", { parentId: zone });
    const cod = await product(w, "COD");
    await receive(w, cod, there, 5, { expiryDate: in220 });
    const d = await draft(w, { typeCode: "DOU", sourceLocationId: zone }, []);
    const scans = await Promise.all(
      [1, 2].map(() =>
        w.api("POST", "/WmsDocumentPosition/scan", { documentId: d.id, productId: cod, quantity: 3 })
      ),
    );
    expect(scans.map((s) => s.status)).toEqual([200, 200]);
    // 3 and the 2 left, the last unit answered as short: one line of 5, as much as the bin holds.
    expect(scans.map((s) => s.body.shortfall).sort()).toEqual([0, 1]);
    expect(lines(await positionsOf(d.id))).toEqual([[there, in220, 5]]);
  });

  it("leaves out, within a zone, a locked-out aisle's bins, a locked-out pallet, and a root whose label holds ' / '", async () => {
    const cold = await location(w, "COLD");
    const aisle = await location(w, "AISLE-1", { parentId: cold });
    const deep = await location(w, "C-01", { parentId: aisle });
    const open = await location(w, "C-02", { parentId: cold });
    // Not below COLD, though its path would sort among COLD's.
    const lookalike = await location(w, "COLD / X");
    const sole = await product(w, "SOLE");
    await receive(w, sole, deep, 5, { expiryDate: in90 });
    const pallet = await container(w, open);
    await receive(w, sole, open, 4, { expiryDate: in91, destinationContainerId: pallet.id });
    await receive(w, sole, open, 3, { expiryDate: in330 });
    await receive(w, sole, lookalike, 50, { expiryDate: in20 });
    const aisleRow = (await w.api("GET", `/StorageSpace/${aisle}`)).body;
    expect((await w.api("PUT", "/StorageSpace", { ...aisleRow, lockedOut: true })).status).toBe(200);
    const palletRow = (await w.api("GET", `/Container/${pallet.id}`)).body;
    expect((await w.api("PUT", "/Container", { ...palletRow, lockedOut: true })).status).toBe(200);

    // Only C-02's loose lot is there to take: 3.
    const offered = await w.api("GET", `/WmsInventory/bestsourcematerial/${sole}?locationId=${cold}`);
    expect(
      offered.body.results.map((l: { locationId: number; quantity: number }) => [l.locationId, l.quantity]),
    )
      .toEqual([[open, 3]]);
    const d = await draft(w, { typeCode: "DOU", sourceLocationId: cold }, [{ productId: sole, quantity: 3 }]);
    const ok = await confirm(w, d.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [line] = await positionsOf(d.id);
    expect(line.sources!.map((s) => [s.locationLabel, s.expiryDate, s.quantity])).toEqual([[
      "C-02",
      in330,
      3,
    ]]);
    const more = await draft(w, { typeCode: "DOU", sourceLocationId: cold }, [{
      productId: sole,
      quantity: 1,
    }]);
    expect((await confirm(w, more.id)).status).toBe(422);
    await assertStockEqualsLedger(w);
  });

  it("offers at most `limit` lots, earliest expiry first", async () => {
    const r = await w.api("GET", `/WmsInventory/bestsourcematerial/${hake}?limit=1`);
    expect(r.status).toBe(200);
    expect(r.body.results).toHaveLength(1);
    expect(r.body.results[0].locationId).toBe(dry);
  });
});
