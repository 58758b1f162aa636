// Sell offers made from stock (issue 19): no more than is free, valued at the products' prices, active until
// their last day; accepting one confirms its order with documents (its stock then reserved, so a second
// offer cannot promise it again), rejecting keeps it in the archive, and an expired one cannot be accepted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, signIn } from "../fixtures/harness.ts";
import { company, location, product, receive, startStockWorld, type StockWorld } from "./stock/fixture.ts";

let w: StockWorld;
let customer: number;
let tea: number;
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const offer = (positions: { productId: number; quantity: number }[], extra: Record<string, unknown> = {}) =>
  w.api("POST", "/WmsOrder/Offers/Sell", {
    contractorId: customer,
    validUntil: tomorrow,
    positions,
    ...extra,
  });
const view = async (v: "active" | "archive") =>
  (await w.api("GET", `/WmsOrder/Offers/Sell?view=${v}&PageSize=100`)).body.results.map((r: { id: number }) =>
    r.id
  );

beforeAll(async () => {
  w = await startStockWorld("sell-offers");
  customer = await company(w, "SO-CUSTOMER");
  tea = await product(w, "SO-TEA", { cashValue: 12.5 });
  await receive(w, tea, await location(w, "SO-A1"), 10);
}, 60_000);
afterAll(() => w?.s.close());

describe("sell offers from stock", () => {
  it("offers no more than is free, valued at the unit price, until its last day", async () => {
    const tooMuch = await offer([{ productId: tea, quantity: 7 }, { productId: tea, quantity: 4 }]);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields).toEqual({ "positions.1.quantity": ["validation.tooLarge"] });
    const past = await offer([{ productId: tea, quantity: 1 }], { validUntil: "2020-01-01" });
    expect(past.body.error.fields).toEqual({ validUntil: ["validation.tooSmall"] });
    expect((await offer([{ productId: tea, quantity: 1 }], { validUntil: null })).body.error.fields)
      .toEqual({ validUntil: ["validation.required"] });
    const made = await offer([{ productId: tea, quantity: 6 }], { paymentTerms: "14 days net" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      typeCode: "OOU",
      statusCode: "workingCopy",
      offerStatus: "active",
      offerValidUntil: tomorrow,
      summaryValue: 75,
      contractorId: customer,
      positionsCount: 1,
    });
    expect(await view("active")).toContain(made.body.id);
  });

  it("confirms an accepted offer with its documents, so its stock is no longer free for another", async () => {
    const made = (await offer([{ productId: tea, quantity: 6 }])).body;
    const accepted = await w.api("POST", `/WmsOrder/${made.id}/offer/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ statusCode: "confirmed", offerStatus: "accepted" });
    expect(await view("archive")).toContain(made.id);
    const docs = await w.query("SELECT count(*) AS n FROM wms_documents WHERE order_id = ?", [made.id]);
    expect(docs).toEqual([{ n: 1 }]);
    // 10 on hand, 6 reserved: 5 is more than is free.
    expect((await offer([{ productId: tea, quantity: 5 }])).body.error.fields)
      .toEqual({ "positions.0.quantity": ["validation.tooLarge"] });
    expect((await offer([{ productId: tea, quantity: 4 }])).status).toBe(201);
    expect((await w.api("POST", `/WmsOrder/${made.id}/offer/accept`)).status).toBe(409);
  });

  it("keeps a rejected or expired offer in the archive, and accepts neither", async () => {
    const rejected = (await offer([{ productId: tea, quantity: 1 }])).body;
    expect((await w.api("POST", `/WmsOrder/${rejected.id}/offer/reject`)).body.offerStatus).toBe("rejected");
    expect((await w.api("POST", `/WmsOrder/${rejected.id}/offer/accept`)).status).toBe(409);
    const old = (await offer([{ productId: tea, quantity: 1 }])).body;
    await w.query("UPDATE wms_orders SET offer_valid_until = '2020-01-01' WHERE id = ?", [old.id]);
    expect((await w.api("GET", `/WmsOrder/${old.id}`)).body.offerStatus).toBe("expired");
    expect(await view("archive")).toEqual(expect.arrayContaining([rejected.id, old.id]));
    expect(await view("active")).not.toContain(old.id);
    const late = await w.api("POST", `/WmsOrder/${old.id}/offer/accept`);
    expect([late.status, late.body.error.code]).toEqual([409, "order.statusChangeNotAllowed"]);
  });

  it("is staff's: a contractor user and another tenant get 404", async () => {
    const made = (await offer([{ productId: tea, quantity: 1 }])).body;
    await addUser(w.s, w.admin, {
      username: "so-contractor",
      connectedContractorId: customer,
      contractorPortalEnabled: true,
    });
    const contractor = (await signIn(w.s, "so-contractor")).token;
    expect((await w.api("POST", `/WmsOrder/${made.id}/offer/accept`, undefined, contractor)).status).toBe(
      404,
    );
    expect(
      (await w.api("POST", "/WmsOrder/Offers/Sell", {
        contractorId: customer,
        validUntil: tomorrow,
        positions: [{ productId: tea, quantity: 1 }],
      }, contractor)).status,
    ).toBe(404);
    const other = await startStockWorld("sell-offers-other");
    try {
      expect((await other.api("POST", `/WmsOrder/${made.id}/offer/reject`)).status).toBe(404);
    } finally {
      other.s.close();
    }
  });
});
