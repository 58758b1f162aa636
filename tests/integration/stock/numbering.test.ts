// Document and container numbers over HTTP: the schema of ClientLogisticsConfig, counters per type and
// period, never reused after a revert, and a collision with a number already held answering 406.
import { call } from "../../fixtures/harness.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertStockEqualsLedger,
  confirm,
  container,
  draft,
  dumpStock,
  location,
  product,
  receive,
  revert,
  startStockWorld,
  type StockWorld,
} from "./fixture.ts";

let w: StockWorld;
let a: number;
let item: number;

beforeAll(async () => {
  w = await startStockWorld("numbers");
  a = await location(w, "A-01");
  item = await product(w, "ITEM");
});
afterAll(() => w?.s.close());

// deno-lint-ignore no-explicit-any
async function setNumbering(change: (numbering: any) => void) {
  const config = (await w.api("GET", "/ClientLogisticsConfig")).body;
  const { id: _id, createdAt: _c, updatedAt: _u, ...data } = config;
  change(data.numbering);
  const r = await w.api("PUT", "/ClientLogisticsConfig", data);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function receipt(): Promise<{ id: number; number: string }> {
  const d = await draft(w, { typeCode: "IIN", destinationLocationId: a }, [{ productId: item, quantity: 1 }]);
  const r = await confirm(w, d.id);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: d.id, number: r.body.documentNumber };
}

const year = new Date().getUTCFullYear();
const month = String(new Date().getUTCMonth() + 1).padStart(2, "0");

describe("document numbers", () => {
  it("follow the type's schema, count per type, and are never reused after a revert", async () => {
    await setNumbering((n) => {
      n.documents.IIN = {
        parts: [
          { type: "text", value: "PW" },
          { type: "separator", value: "-" },
          { type: "year", digits: 2 },
          { type: "month" },
          { type: "separator", value: "." },
          { type: "counter", digits: 5 },
        ],
        reset: "monthly",
      };
    });
    const yy = String(year).slice(-2);
    const first = await receipt();
    expect(first.number).toBe(`PW-${yy}${month}.00001`);
    expect((await revert(w, first.id)).status).toBe(200);
    // The reverted document keeps its number, and the next one does not take it again.
    expect((await w.api("GET", `/WmsDocument/${first.id}`)).body.documentNumber).toBe(first.number);
    expect((await receipt()).number).toBe(`PW-${yy}${month}.00002`);
    // Another type counts on its own.
    const out = await draft(w, { typeCode: "IOU", sourceLocationId: a }, [{ productId: item, quantity: 1 }]);
    expect((await confirm(w, out.id)).body.documentNumber).toBe(`IOU/${year}/${month}/000001`);
    const counters = await w.query("SELECT scope, period, value FROM numbering_counters ORDER BY scope");
    expect(counters).toContainEqual({ scope: "document:IIN", period: `${year}-${month}`, value: 2 });
    expect(counters).toContainEqual({ scope: "document:IOU", period: String(year), value: 1 });
    await assertStockEqualsLedger(w);
  });

  it("start again from 1 in a new period of a yearly or monthly reset", async () => {
    await setNumbering((n) => {
      n.documents.DIN = {
        parts: [{ type: "year", digits: 4 }, { type: "counter", digits: 8 }],
        reset: "yearly",
      };
    });
    // Last year's counter stands high; this year's begins at 1.
    await w.query("INSERT INTO numbering_counters (scope, period, value) VALUES ('document:DIN', ?, 77)", [
      String(year - 1),
    ]);
    const d = await draft(w, { typeCode: "DIN", destinationLocationId: a }, [{
      productId: item,
      quantity: 1,
    }]);
    expect((await confirm(w, d.id)).body.documentNumber).toBe(`${year}00000001`);
  });

  it("a number already held by another document answers 406 and changes no stock; saving again works", async () => {
    await setNumbering((n) => {
      n.documents.ARL = {
        parts: [{ type: "text", value: "MM" }, { type: "counter", digits: 5 }],
        reset: "never",
      };
    });
    const b = await location(w, "B-01");
    const holder = await draft(w, { typeCode: "IIN", destinationLocationId: a }, []);
    // A document already holds the number the counter gives next.
    await w.query("UPDATE wms_documents SET document_number = 'MM00001' WHERE id = ?", [holder.id]);
    const d = await draft(w, { typeCode: "ARL", sourceLocationId: a, destinationLocationId: b }, [
      { productId: item, quantity: 1 },
    ]);
    const before = await dumpStock(w);
    const r = await confirm(w, d.id);
    expect(r.status).toBe(406);
    expect(r.body.error.code).toBe("document.numberCollision");
    expect(await dumpStock(w)).toBe(before);
    const again = await confirm(w, d.id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.documentNumber).toBe("MM00002");
    await assertStockEqualsLedger(w);
  });
});

describe("a keyed confirmation that collides with a number", () => {
  it("answers its repeats the same 406, not a key stuck in progress; a new key saves", async () => {
    await setNumbering((n) => {
      n.documents.ARL = {
        parts: [{ type: "text", value: "QQ" }, { type: "counter", digits: 5 }],
        reset: "never",
      };
    });
    await receive(w, item, a, 1);
    // The number the ARL counter gives next, held by another document already.
    const [counter] = await w.query("SELECT value FROM numbering_counters WHERE scope = 'document:ARL'");
    const next = Number(counter?.value ?? 0) + 1;
    const holder = await draft(w, { typeCode: "IIN", destinationLocationId: a }, []);
    await w.query("UPDATE wms_documents SET document_number = ? WHERE id = ?", [
      `QQ${String(next).padStart(5, "0")}`,
      holder.id,
    ]);
    const b = await location(w, "Q-01");
    const d = await draft(w, { typeCode: "ARL", sourceLocationId: a, destinationLocationId: b }, [
      { productId: item, quantity: 1 },
    ]);
    const keyed = (key: string) =>
      call(w.s, "POST", `/api/WmsDocument/${d.id}/confirm`, {
        token: w.admin,
        headers: { "Idempotency-Key": key },
      });
    const first = await keyed("confirm-qq-1");
    expect(first.status, JSON.stringify(first.body)).toBe(406);
    const again = await keyed("confirm-qq-1");
    expect(again.status).toBe(406);
    expect(again.body.error.code).toBe("document.numberCollision");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const fresh = await keyed("confirm-qq-2");
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.documentNumber).toBe(`QQ${String(next + 1).padStart(5, "0")}`);
    await assertStockEqualsLedger(w);
  });
});

describe("container numbers", () => {
  it("come from the container schema and are unique", async () => {
    const first = await container(w, a);
    const second = await container(w, a, { kind: "bin" });
    expect(first.number).toMatch(/^C\d{8}$/);
    expect(Number(second.number.slice(1))).toBe(Number(first.number.slice(1)) + 1);
    await setNumbering((n) => {
      n.container = {
        parts: [{ type: "text", value: "PAL" }, { type: "counter", digits: 6 }],
        reset: "never",
      };
    });
    expect((await container(w, a)).number).toBe("PAL000003");
  });
});

describe("numbers nobody asked to see collide", () => {
  it("a draft or container number already held is skipped, not refused", async () => {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: a }, []);
    const next =
      Number(String((await w.api("GET", `/WmsDocument/${d.id}`)).body.documentNumber).split("/")[1]) + 1;
    await w.query("UPDATE wms_documents SET document_number = ? WHERE id = ?", [`DRAFT/${next}`, d.id]);
    const after = await w.api("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: a });
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    expect(after.body.documentNumber).toBe(`DRAFT/${next + 1}`);
    const c = await container(w, a);
    await w.query("UPDATE containers SET number = ? WHERE id = ?", [
      `PAL${String(Number(c.number.slice(3)) + 1).padStart(6, "0")}`,
      c.id,
    ]);
    const c2 = await container(w, a);
    expect(Number(c2.number.slice(3))).toBe(Number(c.number.slice(3)) + 2);
  });
});
