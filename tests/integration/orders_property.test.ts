// Orders and stock under random use (issue 14, decision 0008): release orders confirmed with and
// without documents, their documents confirmed and reverted, orders closed, reverted, reopened and given
// documents later, competing direct releases and receipts of the same products. After every step: the
// lines equal the ledger, no line has more reserved than it holds, every reservation is a confirmed order's
// working copy's, the stock and reservations per product equal an in-test model, and a refused call left
// the database byte for byte as it was. The model also judges the answers: a release or an order with
// documents is accepted exactly when the product's free stock (on hand less reserved) covers it.
//
// `npm test` runs ORDERS_PROPERTY_RUNS (40) sequences; ORDERS_PROPERTY_SEED replays one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  assertReservationsHold,
  assertStockEqualsLedger,
  confirm,
  draft,
  dumpStock,
  location,
  product,
  revert,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";

const RUNS = Number(Deno.env.get("ORDERS_PROPERTY_RUNS") ?? 40);
const SEED = Deno.env.get("ORDERS_PROPERTY_SEED");

let w: StockWorld;
let zone: number;
const bins: number[] = [];
const products: number[] = [];

beforeAll(async () => {
  w = await startStockWorld("orders-property");
  zone = await location(w, "OP-ZONE");
  for (const label of ["OP-1", "OP-2"]) bins.push(await location(w, label, { parentId: zone }));
  for (const index of ["OP-A", "OP-B"]) products.push(await product(w, index));
});
afterAll(() => w?.s.close());

type Step =
  | { kind: "receive"; product: number; bin: number; quantity: number }
  | { kind: "release"; product: number; quantity: number }
  | { kind: "order"; type: "OOU"; product: number; quantity: number; documents: boolean }
  | { kind: "confirmDoc" | "revertDoc" | "close" | "revertOrder" | "reopen" | "generate"; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("receive" as const),
    product: fc.nat(1),
    bin: fc.nat(1),
    quantity: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({
    kind: fc.constant("release" as const),
    product: fc.nat(1),
    quantity: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({
    kind: fc.constant("order" as const),
    type: fc.constant("OOU" as const),
    product: fc.nat(1),
    quantity: fc.integer({ min: 1, max: 8 }),
    documents: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom(
      "confirmDoc" as const,
      "revertDoc" as const,
      "close" as const,
      "revertOrder" as const,
      "reopen" as const,
      "generate" as const,
    ),
    pick: fc.nat(20),
  }),
);

/** The model: units on hand and reserved per product, and per order what it still has reserved. */
interface Model {
  onHand: number[];
  reserved: number[];
  orders: {
    id: number;
    product: number;
    quantity: number;
    status: string;
    reserved: number;
    docs: number[];
  }[];
  /** Confirmed documents that took stock, by product and quantity (for reverts). */
  confirmed: { id: number; product: number; quantity: number; sign: 1 | -1 }[];
}

async function reset(): Promise<void> {
  for (
    const t of [
      "stock_reservations",
      "stock_movements",
      "stock_lines",
      "stock_product_totals",
      "stock_product_flows",
      "stock_location_totals",
      "wms_document_positions",
      "wms_documents",
      "wms_order_positions",
      "wms_orders",
      "record_log",
    ]
  ) await w.query(`DELETE FROM ${t}`);
}

async function dbTotals(): Promise<{ onHand: number[]; reserved: number[] }> {
  const onHand = [];
  const reserved = [];
  for (const p of products) {
    const [h] = await w.query(
      "SELECT coalesce(sum(quantity), 0) AS q FROM stock_lines WHERE product_id = ?",
      [p],
    );
    const [r] = await w.query(
      "SELECT coalesce(sum(quantity), 0) AS q FROM stock_reservations WHERE product_id = ?",
      [
        p,
      ],
    );
    onHand.push(Number(h.q) / 1000);
    reserved.push(Number(r.q) / 1000);
  }
  return { onHand, reserved };
}

async function orderDocs(orderId: number): Promise<{ id: number; statusCode: string; typeCode: string }[]> {
  return (await w.query(
    "SELECT id, status_code AS statusCode, type_code AS typeCode FROM wms_documents WHERE order_id = ? ORDER BY id",
    [orderId],
  )) as { id: number; statusCode: string; typeCode: string }[];
}

/** Does one step against the server and the model; a refusal must leave the database as it was. */
async function run(s: Step, m: Model, trace: string[]): Promise<void> {
  // What a refusal must leave as it was: the state before the refused call (after any draft made for it).
  let before = await dumpStock(w);
  const free = (p: number) => m.onHand[p] - m.reserved[p];
  let status = 0;
  let expectOk: boolean | undefined;
  const order = "pick" in s && m.orders.length ? m.orders[s.pick % m.orders.length] : undefined;
  switch (s.kind) {
    case "receive": {
      const d = await draft(w, { typeCode: "IIN", destinationLocationId: bins[s.bin] }, [{
        productId: products[s.product],
        quantity: s.quantity,
      }]);
      before = await dumpStock(w);
      status = (await confirm(w, d.id)).status;
      expectOk = true;
      if (status === 200) {
        m.onHand[s.product] += s.quantity;
        m.confirmed.push({ id: d.id, product: s.product, quantity: s.quantity, sign: 1 });
      }
      break;
    }
    case "release": {
      const d = await draft(w, { typeCode: "IOU", sourceLocationId: zone }, [{
        productId: products[s.product],
        quantity: s.quantity,
      }]);
      before = await dumpStock(w);
      status = (await confirm(w, d.id)).status;
      expectOk = s.quantity <= free(s.product);
      if (status === 200) {
        m.onHand[s.product] -= s.quantity;
        m.confirmed.push({ id: d.id, product: s.product, quantity: s.quantity, sign: -1 });
      }
      break;
    }
    case "order": {
      const o = await w.api("POST", "/WmsOrder", { typeCode: s.type, sourceLocationId: zone });
      await w.api("POST", "/WmsOrderPosition", {
        orderId: o.body.id,
        productId: products[s.product],
        quantity: s.quantity,
      });
      before = await dumpStock(w);
      status =
        (await w.api("POST", `/WmsOrder/${o.body.id}/confirm?generateDocuments=${s.documents}`)).status;
      expectOk = !s.documents || s.quantity <= free(s.product);
      const entry = {
        id: o.body.id,
        product: s.product,
        quantity: s.quantity,
        status: "workingCopy",
        reserved: 0,
        docs: [] as number[],
      };
      m.orders.push(entry);
      if (status === 200) {
        entry.status = "confirmed";
        if (s.documents) {
          entry.reserved = s.quantity;
          m.reserved[s.product] += s.quantity;
        }
      }
      break;
    }
    case "generate": {
      if (!order) return;
      const r = await w.api("GET", `/WmsOrder/${order.id}/GenerateDocuments`);
      status = r.status;
      const docs = (await orderDocs(order.id)).filter((d) => d.statusCode !== "reverted");
      if (order.status !== "confirmed") expectOk = false;
      if (status === 200) {
        // What was on no document is now on one, reserved.
        const onDocs = Number(
          (await w.query(
            `SELECT coalesce(sum(p.quantity), 0) AS q FROM wms_document_positions p JOIN wms_documents d
             ON d.id = p.document_id WHERE d.order_id = ? AND d.status_code = 'workingCopy'`,
            [order.id],
          ))[0].q,
        ) / 1000;
        const added = onDocs - order.reserved;
        expect(added, "GenerateDocuments reserved what was free").toBeLessThanOrEqual(
          free(order.product) + 1e-9,
        );
        order.reserved += added;
        m.reserved[order.product] += added;
      } else if (order.status === "confirmed") {
        // Refused: everything already on documents, or not enough free stock.
        expect([409, 422]).toContain(status);
        void docs;
      }
      break;
    }
    case "confirmDoc": {
      if (!order) return;
      const open = (await orderDocs(order.id)).filter((d) => d.statusCode === "workingCopy");
      if (!open.length) return;
      const doc = open[0];
      const q = Number(
        (await w.query(
          "SELECT coalesce(sum(quantity), 0) AS q FROM wms_document_positions WHERE document_id = ?",
          [
            doc.id,
          ],
        ))[0].q,
      ) / 1000;
      status = (await confirm(w, doc.id)).status;
      expectOk = order.status === "confirmed";
      if (status === 200) {
        const held = Number(
          (await w.query("SELECT count(*) AS n FROM stock_reservations WHERE document_id = ?", [doc.id]))[0]
            .n,
        );
        expect(held, "a confirmed document keeps no reservation").toBe(0);
        const was = Math.min(order.reserved, q);
        order.reserved -= was;
        m.reserved[order.product] -= was;
        if (doc.typeCode === "OOU") {
          m.onHand[order.product] -= q;
          m.confirmed.push({ id: doc.id, product: order.product, quantity: q, sign: -1 });
        }
      }
      break;
    }
    case "revertDoc": {
      if (!m.confirmed.length) return;
      const d = m.confirmed[("pick" in s ? s.pick : 0) % m.confirmed.length];
      status = (await revert(w, d.id)).status;
      if (status === 200) {
        m.onHand[d.product] -= d.sign * d.quantity;
        m.confirmed.splice(m.confirmed.indexOf(d), 1);
      }
      break;
    }
    case "close":
    case "revertOrder":
    case "reopen": {
      if (!order) return;
      const verb = s.kind === "revertOrder" ? "revert" : s.kind;
      const r = await w.api(
        "POST",
        `/WmsOrder/${order.id}/${verb}`,
        s.kind === "close" ? { reason: "test" } : undefined,
      );
      status = r.status;
      if (status === 200) {
        m.reserved[order.product] -= order.reserved;
        if (s.kind !== "reopen") order.reserved = 0;
        order.status = s.kind === "close"
          ? "closedManually"
          : s.kind === "reopen"
          ? "confirmed"
          : "workingCopy";
      }
      break;
    }
  }
  trace.push(`${JSON.stringify(s)} -> ${status}`);
  if (expectOk !== undefined) {
    expect(status === 200, `${trace.join("\n")}\nthe model expected ${expectOk ? "acceptance" : "a refusal"}`)
      .toBe(expectOk);
  }
  if (status !== 200 && status !== 0) {
    expect(await dumpStock(w) === before, `${trace.join("\n")}\na refusal changed something`).toBe(true);
  }
  await assertStockEqualsLedger(w);
  await assertReservationsHold(w);
  const db = await dbTotals();
  expect(db, trace.join("\n")).toEqual({ onHand: m.onHand, reserved: m.reserved });
}

describe("orders under random use", () => {
  it(
    "keep stock equal to the ledger, reservations within stock and promised once, refusals harmless",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), async (steps) => {
          await reset();
          const m: Model = { onHand: [0, 0], reserved: [0, 0], orders: [], confirmed: [] };
          const trace: string[] = [];
          for (const s of steps) await run(s, m, trace);
        }),
        { numRuns: RUNS, ...(SEED ? { seed: Number(SEED) } : {}), endOnFailure: true },
      );
    },
    600_000,
  );
});
