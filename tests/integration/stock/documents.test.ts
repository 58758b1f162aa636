// Warehouse documents over HTTP against a real server and real SQLite files: CRUD of working copies and
// positions, confirm and revert of each of the nine types with the ledger invariant after every step.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertStockEqualsLedger,
  company,
  confirm,
  container,
  draft,
  dumpStock,
  location,
  product,
  receive,
  revert,
  startStockWorld,
  stockAt,
  type StockWorld,
} from "./fixture.ts";

let w: StockWorld;
let a: number;
let b: number;
let milk: number;
let farms: number;

beforeAll(async () => {
  w = await startStockWorld("docs");
  a = await location(w, "A-01");
  b = await location(w, "B-01");
  farms = await company(w, "FARMS");
  milk = await product(w, "MILK");
});
afterAll(() => w?.s.close());

describe("a working copy", () => {
  it("is created with a draft number, edited with its version, and its positions keep the totals", async () => {
    const d = await w.api("POST", "/WmsDocument", {
      typeCode: "IIN",
      destinationLocationId: a,
      comment: "x",
    });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect(d.body).toMatchObject({
      typeCode: "IIN",
      statusCode: "workingCopy",
      destinationLocationLabel: "A-01",
      positionsCount: 0,
      generated: false,
      version: 1,
    });
    expect(d.body.documentNumber).toMatch(/^DRAFT\/\d+$/);
    const p = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.body.id,
      productId: milk,
      quantity: 1.5,
      unitPrice: 2,
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(p.body).toMatchObject({ quantity: 1.5, quantityLeft: 1.5, value: 3, productIndex: "MILK" });
    const again = await w.api("GET", `/WmsDocument/${d.body.id}`);
    expect(again.body).toMatchObject({ positionsCount: 1, quantitySum: 1.5, progressPercent: 0 });
    const edited = await w.api("PUT", "/WmsDocument", {
      id: d.body.id,
      version: 1,
      destinationLocationId: b,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ destinationLocationId: b, version: 2, comment: null });
    const stale = await w.api("PUT", "/WmsDocument", { id: d.body.id, version: 1, destinationLocationId: a });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("record.changedByAnotherUser");
    const positions = await w.api("GET", `/WmsDocument/${d.body.id}/Positions`);
    expect(positions.body.allFilteredRowCount).toBe(1);
    expect((await w.api("DELETE", `/WmsDocument/${d.body.id}`)).status).toBe(204);
    expect(await w.query("SELECT id FROM wms_document_positions WHERE id = ?", [p.body.id])).toEqual([]);
  });

  it("refuses quantities with more than three decimals", async () => {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: a }, []);
    const r = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.id,
      productId: milk,
      quantity: 1.0005,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields.quantity).toEqual(["validation.invalidValue"]);
    const ok = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.id,
      productId: milk,
      quantity: 0.001,
    });
    expect(ok.body.quantity).toBe(0.001);
  });
});

describe("confirm and revert", () => {
  it("receives, releases and reverts with exact sums", async () => {
    const din = await draft(w, { typeCode: "DIN", contractorId: farms, destinationLocationId: a }, []);
    const farmMilk = await product(w, "FARM-MILK", { contractorId: farms });
    await w.api("POST", "/WmsDocumentPosition", { documentId: din.id, productId: farmMilk, quantity: 0.1 });
    await w.api("POST", "/WmsDocumentPosition", { documentId: din.id, productId: farmMilk, quantity: 0.2 });
    const r = await confirm(w, din.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.statusCode).toBe("confirmed");
    expect(r.body.documentNumber).toMatch(/^DIN\/\d{4}\/\d{2}\/000001$/);
    expect(r.body).toMatchObject({ progressPercent: 100, quantityRealSum: 0.3 });
    // 0.1 + 0.2 is exactly 0.3 in thousandths.
    expect(await stockAt(w, farmMilk, a)).toBe(0.3);
    await assertStockEqualsLedger(w);

    const edit = await w.api("PUT", "/WmsDocument", { id: din.id, version: r.body.version, comment: "late" });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe("document.notWorkingCopy");
    expect((await w.api("DELETE", `/WmsDocument/${din.id}`)).body.error.code).toBe(
      "record.statusForbidsDelete",
    );

    const back = await revert(w, din.id);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ statusCode: "reverted", documentNumber: r.body.documentNumber });
    expect(await stockAt(w, farmMilk, a)).toBe(0);
    await assertStockEqualsLedger(w);
  });
});

describe("each of the nine types", () => {
  it("confirms in order and reverts in reverse order, the ledger equal to the lines after every step", async () => {
    const x = await location(w, "X-01");
    const y = await location(w, "Y-01");
    const goods = await product(w, "GOODS");
    const owned = await product(w, "OWNED", { contractorId: farms });
    const pallet = await container(w, x);
    const steps: [string, Record<string, unknown>, Record<string, unknown>[], [number, number, number][]][] =
      [
        ["DIN", { contractorId: farms, destinationLocationId: x }, [{ productId: owned, quantity: 10 }], [[
          owned,
          x,
          10,
        ]]],
        ["IIN", { destinationLocationId: x, destinationContainerId: pallet.id }, [{
          productId: goods,
          quantity: 10,
        }], [
          [goods, x, 10],
        ]],
        ["OIN", { contractorId: farms, destinationLocationId: y }, [{ productId: owned, quantity: 5 }], [[
          owned,
          y,
          5,
        ]]],
        ["DOU", { contractorId: farms, sourceLocationId: x }, [{ productId: owned, quantity: 3 }], [[
          owned,
          x,
          7,
        ]]],
        ["IOU", { sourceLocationId: x, sourceContainerId: pallet.id }, [{ productId: goods, quantity: 2 }], [
          [goods, x, 8],
        ]],
        ["OOU", { contractorId: farms, sourceLocationId: y }, [{ productId: owned, quantity: 1 }], [[
          owned,
          y,
          4,
        ]]],
        ["ARL", { sourceLocationId: x, destinationLocationId: y }, [
          { productId: goods, quantity: 4, sourceContainerId: pallet.id },
        ], [[goods, x, 4], [goods, y, 4]]],
        ["CRL", { sourceLocationId: x, destinationLocationId: y }, [{ productId: owned, quantity: 2 }], [
          [owned, x, 5],
          [owned, y, 6],
        ]],
        ["PRL", { sourceLocationId: x, destinationLocationId: y, sourceContainerId: pallet.id }, [
          { productId: goods, quantity: 4 },
        ], [[goods, x, 0], [goods, y, 8]]],
      ];
    const done: { id: number; type: string; before: [number, number, number][] }[] = [];
    for (const [type, header, positions, after] of steps) {
      const before = await Promise.all(
        after.map(async ([p, l]) => [p, l, await stockAt(w, p, l)] as [number, number, number]),
      );
      const d = await draft(w, { typeCode: type, ...header }, positions);
      const r = await confirm(w, d.id);
      expect(r.status, `${type}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.documentNumber, type).toMatch(new RegExp(`^${type}/\\d{4}/\\d{2}/\\d{6}$`));
      for (const [p, l, q] of after) expect(await stockAt(w, p, l), `${type} ${p}@${l}`).toBe(q);
      await assertStockEqualsLedger(w);
      done.push({ id: d.id, type, before });
    }
    // The container went with its goods.
    expect((await w.api("GET", `/Container/${pallet.id}`)).body.locationId).toBe(y);
    for (const { id, type, before } of done.reverse()) {
      const r = await revert(w, id);
      expect(r.status, `${type}: ${JSON.stringify(r.body)}`).toBe(200);
      for (const [p, l, q] of before) expect(await stockAt(w, p, l), `revert ${type} ${p}@${l}`).toBe(q);
      await assertStockEqualsLedger(w);
    }
    expect((await w.api("GET", `/Container/${pallet.id}`)).body.locationId).toBe(x);
    expect(await w.query("SELECT * FROM stock_lines WHERE product_id IN (?, ?)", [goods, owned])).toEqual([]);
  });

  it("refuses to revert where the stock it brought in has left, and changes nothing", async () => {
    const z = await location(w, "Z-01");
    const item = await product(w, "ITEM");
    const inDoc = await receive(w, item, z, 5);
    const out = await draft(w, { typeCode: "IOU", sourceLocationId: z }, [{ productId: item, quantity: 3 }]);
    expect((await confirm(w, out.id)).status).toBe(200);
    const before = await dumpStock(w);
    const r = await revert(w, inDoc);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe("document.revertBlocked");
    expect(r.body.error.issues[0]).toMatchObject({
      code: "document.issue.stockAlreadyLeft",
      params: { missing: 3 },
    });
    expect(await dumpStock(w)).toBe(before);
    expect((await revert(w, out.id)).status).toBe(200);
    expect((await revert(w, inDoc)).status).toBe(200);
    const again = await revert(w, inDoc);
    expect(again.status).toBe(422);
    expect(again.body.error.issues[0].code).toBe("document.issue.notConfirmed");
    await assertStockEqualsLedger(w);
  });

  it("takes the earliest expiry first when a release names none", async () => {
    const f = await location(w, "F-01");
    const yoghurt = await product(w, "YOGHURT");
    await receive(w, yoghurt, f, 2, { expiryDate: "2099-03-01" });
    await receive(w, yoghurt, f, 2, { expiryDate: "2099-01-01" });
    await receive(w, yoghurt, f, 2);
    const out = await draft(w, { typeCode: "IOU", sourceLocationId: f }, [{
      productId: yoghurt,
      quantity: 3,
    }]);
    expect((await confirm(w, out.id)).status).toBe(200);
    const left = await w.query(
      "SELECT expiry_date AS e, quantity AS q FROM stock_lines WHERE product_id = ? ORDER BY expiry_date",
      [yoghurt],
    );
    expect(left).toEqual([{ e: null, q: 2000 }, { e: "2099-03-01", q: 1000 }]);
    await assertStockEqualsLedger(w);
  });
});

describe("concurrent confirmations", () => {
  it("competing for the same stock never take more than there is", async () => {
    const c = await location(w, "C-01");
    const scarce = await product(w, "SCARCE");
    await receive(w, scarce, c, 10);
    const drafts = [];
    for (let i = 0; i < 5; i++) {
      drafts.push(
        await draft(w, { typeCode: "IOU", sourceLocationId: c }, [{ productId: scarce, quantity: 3 }]),
      );
    }
    const answers = await Promise.all(drafts.map((d) => confirm(w, d.id)));
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 422);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.body.error.issues[0].code).toBe("document.issue.quantityAboveAvailable");
    }
    expect(await stockAt(w, scarce, c)).toBe(1);
    await assertStockEqualsLedger(w);
  });

  it("the same document confirmed twice at once is confirmed once", async () => {
    const c = await location(w, "C-02");
    const thing = await product(w, "THING");
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: c }, [{
      productId: thing,
      quantity: 4,
    }]);
    const answers = await Promise.all([confirm(w, d.id), confirm(w, d.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await stockAt(w, thing, c)).toBe(4);
    await assertStockEqualsLedger(w);
  });
});

describe("lists", () => {
  it("filter and sort documents and positions like every list", async () => {
    const l = await location(w, "L-01");
    const p = await product(w, "LISTED");
    const kept = await draft(w, { typeCode: "IIN", destinationLocationId: l }, [{
      productId: p,
      quantity: 2,
    }]);
    await receive(w, p, l, 1);
    const filters = encodeURIComponent(JSON.stringify([
      { field: "destinationLocationId", operator: "eq", value: l },
      { field: "statusCode", operator: "eq", value: "workingCopy" },
    ]));
    const r = await w.api("GET", `/WmsDocument?BasicFiltersSerialized=${filters}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.results.map((d: { id: number }) => d.id)).toEqual([kept.id]);
    const byType = encodeURIComponent(
      JSON.stringify([{ field: "typeCode", operator: "in", value: ["IIN"] }]),
    );
    const sorted = await w.api(
      "GET",
      `/WmsDocument?BasicFiltersSerialized=${byType}&sortColumn=documentNumber`,
    );
    const numbers = sorted.body.results.map((d: { documentNumber: string }) => d.documentNumber);
    expect(numbers).toEqual([...numbers].sort());
    const positions = await w.api(
      "GET",
      `/WmsDocumentPosition?BasicFiltersSerialized=${
        encodeURIComponent(JSON.stringify([{ field: "productId", operator: "eq", value: p }]))
      }&sortColumn=id&sortDescending=true`,
    );
    expect(positions.body.allFilteredRowCount).toBe(2);
    expect(positions.body.results[1].id).toBe(kept.positionIds[0]);
    const bad = await w.api("GET", "/WmsDocument?sortColumn=comment");
    expect(bad.status).toBe(400);
  });
});

describe("containers move whole", () => {
  it("a PRL taking part of a container is refused; a revert into a container that moved on is refused", async () => {
    const from = await location(w, "PRL-FROM");
    const to = await location(w, "PRL-TO");
    const jam = await product(w, "JAM");
    const honey = await product(w, "HONEY");
    const crate = await container(w, from);
    await receive(w, jam, from, 3, { destinationContainerId: crate.id });
    await receive(w, honey, from, 2, { destinationContainerId: crate.id });
    const part = await draft(w, { typeCode: "PRL", sourceLocationId: from, destinationLocationId: to }, [
      { productId: jam, quantity: 3, sourceContainerId: crate.id },
    ]);
    const before = await dumpStock(w);
    const refused = await confirm(w, part.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues[0]).toMatchObject({
      code: "document.issue.containerNotWhole",
      params: { container: crate.number, left: 2 },
    });
    expect(await dumpStock(w)).toBe(before);

    // Release one jar, then move the whole crate: reverting the release would put the jar back where the
    // crate no longer stands.
    const out = await draft(w, { typeCode: "IOU", sourceLocationId: from, sourceContainerId: crate.id }, [
      { productId: jam, quantity: 1 },
    ]);
    expect((await confirm(w, out.id)).status).toBe(200);
    const whole = await draft(
      w,
      { typeCode: "PRL", sourceLocationId: from, destinationLocationId: to, sourceContainerId: crate.id },
      [{ productId: jam, quantity: 2 }, { productId: honey, quantity: 2 }],
    );
    expect((await confirm(w, whole.id)).status).toBe(200);
    expect((await w.api("GET", `/Container/${crate.id}`)).body.locationId).toBe(to);
    const back = await revert(w, out.id);
    expect(back.status).toBe(422);
    expect(back.body.error.code).toBe("document.revertBlocked");
    expect(back.body.error.issues[0]).toMatchObject({ code: "document.issue.containerMoved" });
    // Moving the crate back first lets the release be reverted.
    expect((await revert(w, whole.id)).status).toBe(200);
    expect((await revert(w, out.id)).status).toBe(200);
    expect(await stockAt(w, jam, from)).toBe(3);
    await assertStockEqualsLedger(w);
  });
});
