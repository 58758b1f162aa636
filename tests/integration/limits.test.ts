// Numbers that make no sense are refused by the server, on their field, and the forms are told the bounds:
// the issue's 1,000,000,000,000-unit receipt, negative and huge product measures, a product's total
// pushed past what the stock engine keeps exact. docs/api.md "Limits" is the table of shared/limits.ts.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../shared/limits.ts";
import { productMeta } from "../../server/domain/assortment/products/entity.ts";
import { storageSpaceMeta } from "../../server/domain/storage/locations/entity.ts";
import { wmsDocumentPositionMeta } from "../../server/domain/stock/positions/entity.ts";
import {
  assertStockEqualsLedger,
  draft,
  location,
  product,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";

let w: StockWorld;
let at: number;
let milk: number;

beforeAll(async () => {
  w = await startStockWorld("limits");
  at = await location(w, "L-01");
  milk = await product(w, "MILK");
});
afterAll(() => w?.s.close());

const fieldCodes = (r: { body: { error?: { fields?: Record<string, string[]> } } }) =>
  r.body.error?.fields ?? {};

describe("limits of what a user types", () => {
  it("docs/api.md lists every limit as the server has it", () => {
    const doc = readFileSync("docs/api.md", "utf8");
    const rows = new Map(
      [...doc.matchAll(/^\| .* \(`(\w+)`\) \| (-?[\d,.]+) \| (-?[\d,.]+) \|$/gm)].map((m) => [
        m[1],
        [Number(m[2].replaceAll(",", "")), Number(m[3].replaceAll(",", ""))],
      ]),
    );
    expect(Object.fromEntries(rows)).toEqual(
      Object.fromEntries(Object.entries(LIMITS).map(([k, l]) => [k, [l.min, l.max]])),
    );
  });

  it("refuses a position of 1,000,000,000,000 units, and a negative one, on the quantity field", async () => {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: at }, []);
    for (
      const [quantity, code] of [[1e12, "validation.tooLarge"], [1e9 + 1, "validation.tooLarge"], [
        -5,
        "validation.tooSmall",
      ]] as const
    ) {
      const r = await w.api("POST", "/WmsDocumentPosition", { documentId: d.id, productId: milk, quantity });
      expect([r.status, fieldCodes(r).quantity], String(quantity)).toEqual([400, [code]]);
    }
    const ok = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.id,
      productId: milk,
      quantity: 1e9,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const group = await w.api("POST", "/WmsDocumentPosition/groupmovement", {
      destinationLocationId: at,
      moves: [{ productId: milk, sourceLocationId: at, quantity: 1e12 }],
    });
    expect([group.status, fieldCodes(group)["moves.0.quantity"]]).toEqual([400, ["validation.tooLarge"]]);
  });

  it("refuses absurd product measures, prices and levels, each on its field", async () => {
    const r = await w.api("POST", "/Product", {
      index: "ABSURD",
      name: "Absurd",
      weight: -1,
      cashValue: 1e12,
      palQuantity: 2e9,
      warningStock: 1e12,
      dimensionX: 1e6,
      minTemperature: -300,
      maxTemperature: 1000,
      minimalExpDays: 100_000,
    });
    expect(r.status).toBe(400);
    expect(fieldCodes(r)).toEqual({
      weight: ["validation.tooSmall"],
      cashValue: ["validation.tooLarge"],
      palQuantity: ["validation.tooLarge"],
      warningStock: ["validation.tooLarge"],
      dimensionX: ["validation.tooLarge"],
      minTemperature: ["validation.tooSmall"],
      maxTemperature: ["validation.tooLarge"],
      minimalExpDays: ["validation.tooLarge"],
    });
    const location = await w.api("POST", "/StorageSpace", {
      label: "HUGE",
      capacityKg: 1e12,
      dimensionX: 1e7,
    });
    expect(fieldCodes(location)).toEqual({
      capacityKg: ["validation.tooLarge"],
      dimensionX: ["validation.tooLarge"],
    });
    expect(
      (await w.api(
        "GET",
        "/Product?BasicFiltersSerialized=" + encodeURIComponent(
          JSON.stringify([{ field: "index", operator: "eq", value: "ABSURD" }]),
        ),
      )).body.allFilteredRowCount,
    ).toBe(0);
  });

  it("gives the forms the same bounds", () => {
    const form = (meta: typeof productMeta, name: string) => {
      const f = meta.fields.find((f) => f.name === name)!.form!;
      return [f.min, f.max];
    };
    expect(form(productMeta, "weight")).toEqual([0, LIMITS.weight.max]);
    expect(form(productMeta, "cashValue")).toEqual([0, LIMITS.price.max]);
    expect(form(productMeta, "palQuantity")).toEqual([0, LIMITS.quantity.max]);
    expect(form(productMeta, "minTemperature")).toEqual([LIMITS.temperature.min, LIMITS.temperature.max]);
    expect(form(storageSpaceMeta, "capacityKg")).toEqual([0, LIMITS.capacity.max]);
    expect(form(wmsDocumentPositionMeta, "quantity")).toEqual([0, LIMITS.quantity.max]);
  });

  it(
    "refuses a confirmation that would bring a product's total past 10^12 units, and changes nothing",
    async () => {
      const big = await product(w, "BIG");
      const full = await draft(
        w,
        { typeCode: "IIN", destinationLocationId: at },
        Array.from({ length: 1000 }, () => ({
          productId: big,
          quantity: 1e9,
        })),
      );
      const first = await w.api("POST", `/WmsDocument/${full.id}/confirm?acceptWarnings=true`);
      expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(200);
      const more = await draft(w, { typeCode: "IIN", destinationLocationId: at }, [{
        productId: big,
        quantity: 0.001,
      }]);
      const r = await w.api("POST", `/WmsDocument/${more.id}/confirm?acceptWarnings=true`);
      expect(r.status).toBe(422);
      expect(r.body.error.issues).toEqual([expect.objectContaining({
        positionId: more.positionIds[0],
        code: "document.issue.stockAboveLimit",
        severity: "error",
      })]);
      expect(r.body.error.issues[0].message).toMatch(/1,000,000,000,000/);
      expect((await w.api("GET", `/WmsDocument/${more.id}`)).body.statusCode).toBe("workingCopy");
      const total = await w.api(
        "GET",
        `/WmsInventory/productStock?BasicFiltersSerialized=${
          encodeURIComponent(JSON.stringify([{ field: "productId", operator: "eq", value: big }]))
        }`,
      );
      expect(total.body.results[0].quantity).toBe(1e12);
      await assertStockEqualsLedger(w);
    },
    60_000,
  );
});
