// The logistics configuration's numbering preview (issue 17): the next number a schema gives, without taking
// it, is the number a document then confirmed, an order then confirmed and a container then made get, for the
// schema in force and for one being edited and then saved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";

let w: StockWorld;
let bin: number;
let tea: number;

beforeAll(async () => {
  w = await startStockWorld("numbering-preview");
  bin = await location(w, "NP-01");
  tea = await product(w, "NP-TEA");
});
afterAll(() => w?.s.close());

const preview = async (body: Record<string, unknown>, token = w.admin) => {
  const r = await w.api("POST", "/Config/NumberingPreview", body, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.number as string;
};

describe("the numbering preview", () => {
  it("is the number the next confirmed document gets, and stays so (nothing is taken)", async () => {
    const next = await preview({ kind: "document", typeCode: "IIN" });
    expect(await preview({ kind: "document", typeCode: "IIN" })).toBe(next);
    const doc = await receive(w, tea, bin, 2);
    expect((await w.api("GET", `/WmsDocument/${doc}`)).body.documentNumber).toBe(next);
    expect(await preview({ kind: "document", typeCode: "IIN" })).not.toBe(next);
  });

  it("shows an edited schema's number before it is saved, which a document then gets", async () => {
    const schema = {
      parts: [
        { type: "text", value: "IN" },
        { type: "separator", value: "-" },
        { type: "year", digits: 2 },
        { type: "separator", value: "-" },
        { type: "counter", digits: 6 },
      ],
      reset: "never",
    };
    const shown = await preview({ kind: "document", typeCode: "IIN", schema });
    const yy = String(new Date().getUTCFullYear()).slice(-2);
    expect(shown).toBe(`IN-${yy}-000001`);
    const config = (await w.api("GET", "/ClientLogisticsConfig")).body;
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = config;
    const saved = await w.api("PUT", "/ClientLogisticsConfig", {
      ...rest,
      numbering: { ...rest.numbering, documents: { ...rest.numbering.documents, IIN: schema } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await preview({ kind: "document", typeCode: "IIN" })).toBe(shown);
    const doc = await receive(w, tea, bin, 1);
    expect((await w.api("GET", `/WmsDocument/${doc}`)).body.documentNumber).toBe(shown);
  });

  it("is the number the next confirmed order and the next container get", async () => {
    const next = await preview({ kind: "order", typeCode: "OIN" });
    const order = await w.api("POST", "/WmsOrder", { typeCode: "OIN" });
    await w.api("POST", "/WmsOrderPosition", { orderId: order.body.id, productId: tea, quantity: 1 });
    expect((await w.api("POST", `/WmsOrder/${order.body.id}/confirm`)).status).toBe(200);
    expect((await w.api("GET", `/WmsOrder/${order.body.id}`)).body.orderNumber).toBe(next);
    const box = await preview({ kind: "container" });
    const made = await w.api("POST", "/Container", { kind: "pallet", locationId: bin });
    expect(made.body.number).toBe(box);
  });

  it("refuses an unknown type and callers who do not keep the configuration", async () => {
    const bad = await w.api("POST", "/Config/NumberingPreview", { kind: "document", typeCode: "XYZ" });
    expect([bad.status, bad.body.error.fields]).toEqual([400, { typeCode: ["validation.invalidValue"] }]);
    const basic = await addStaffUser(w, "np-basic");
    expect((await w.api("POST", "/Config/NumberingPreview", { kind: "container" }, basic)).status).toBe(404);
  });

  it("answers several schemas in one call, each as its own call does, in the order asked", async () => {
    const items = [
      { kind: "document", typeCode: "IIN" },
      { kind: "order", typeCode: "OIN" },
      { kind: "container" },
      { kind: "order", typeCode: "PRD" },
      {
        kind: "document",
        typeCode: "DIN",
        schema: { parts: [{ type: "text", value: "X" }, { type: "counter", digits: 5 }], reset: "never" },
      },
    ];
    const r = await w.api("POST", "/Config/NumberingPreviews", { items });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const one = [];
    for (const item of items) one.push(await preview(item));
    expect(r.body.numbers.map((n: { number: string }) => n.number)).toEqual(one);
    expect(r.body.numbers[4].number).toMatch(/^X\d{5}$/);

    const bad = await w.api("POST", "/Config/NumberingPreviews", {
      items: [{ kind: "container" }, { kind: "order", typeCode: "NOPE" }],
    });
    expect([bad.status, bad.body.error.fields]).toEqual([400, {
      "items.1.typeCode": ["validation.invalidValue"],
    }]);
    expect((await w.api("POST", "/Config/NumberingPreviews", { items: [] })).status).toBe(400);
    const basic = await addStaffUser(w, "np-basic-2");
    expect(
      (await w.api("POST", "/Config/NumberingPreviews", { items: [{ kind: "container" }] }, basic)).status,
    )
      .toBe(404);
  });
});
