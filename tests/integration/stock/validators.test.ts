// One HTTP scenario per document validator: the confirmation answers 422 document.validation with the
// rule's code at its position and a message in the caller's language, and the refusal changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertStockEqualsLedger,
  company,
  confirm,
  container,
  daysAhead,
  draft,
  dumpStock,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
  yymmdd,
} from "./fixture.ts";

let w: StockWorld;
let src: number;
let dst: number;
let plain: number;
let greens: number;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  w = await startStockWorld("rules");
  src = await location(w, "SRC");
  dst = await location(w, "DST");
  plain = await product(w, "PLAIN");

  greens = await company(w, "GREENS");
  await receive(w, plain, src, 5);
});
afterAll(() => w?.s.close());

type Doc = { header: Record<string, unknown>; positions: Record<string, unknown>[] };
const cases: [string, () => Doc | Promise<Doc>, string, "error" | "warning", boolean][] = [
  // [rule, the document, code, severity, whether the finding is at the position]
  [
    "receipt without destination",
    () => ({
      header: { typeCode: "IIN" },
      positions: [{ productId: plain, quantity: 1 }],
    }),
    "destinationLocationRequired",
    "error",
    true,
  ],
  [
    "receipt with a source location",
    () => ({
      header: { typeCode: "IIN", destinationLocationId: dst, sourceLocationId: src },
      positions: [{ productId: plain, quantity: 1 }],
    }),
    "sourceLocationForbidden",
    "error",
    false,
  ],
  [
    "receipt with a source container",
    async () => ({
      header: { typeCode: "IIN", destinationLocationId: dst },
      positions: [{ productId: plain, quantity: 1, sourceContainerId: (await container(w, src)).id }],
    }),
    "sourceContainerForbidden",
    "error",
    true,
  ],
  [
    "release without source",
    () => ({
      header: { typeCode: "IOU" },
      positions: [{ productId: plain, quantity: 1 }],
    }),
    "sourceLocationRequired",
    "error",
    true,
  ],
  [
    "release with a destination location",
    () => ({
      header: { typeCode: "IOU", sourceLocationId: src, destinationLocationId: dst },
      positions: [{ productId: plain, quantity: 1 }],
    }),
    "destinationLocationForbidden",
    "error",
    false,
  ],
  [
    "release with a destination container",
    async () => ({
      header: {
        typeCode: "IOU",
        sourceLocationId: src,
        destinationContainerId: (await container(w, dst)).id,
      },
      positions: [{ productId: plain, quantity: 1 }],
    }),
    "destinationContainerForbidden",
    "error",
    false,
  ],
  [
    "container relocation without container",
    () => ({
      header: { typeCode: "PRL", sourceLocationId: src, destinationLocationId: dst },
      positions: [{ productId: plain, quantity: 1 }],
    }),
    "sourceContainerRequired",
    "error",
    true,
  ],
  [
    "destination locked for receipt",
    async () => ({
      header: { typeCode: "IIN", destinationLocationId: await location(w, "LOCKED-IN", { lockedIn: true }) },
      positions: [{ productId: plain, quantity: 1 }],
    }),
    "locationLocked",
    "error",
    true,
  ],
  [
    "source locked for release",
    async () => {
      const locked = await location(w, "LOCKED-OUT");
      await receive(w, plain, locked, 1);
      const row = (await w.api("GET", `/StorageSpace/${locked}`)).body;
      await w.api("PUT", "/StorageSpace", { ...row, lockedOut: true });
      return {
        header: { typeCode: "IOU", sourceLocationId: locked },
        positions: [{ productId: plain, quantity: 1 }],
      };
    },
    "locationLocked",
    "error",
    true,
  ],
  [
    "container locked for receipt",
    async () => ({
      header: { typeCode: "IIN", destinationLocationId: dst },
      positions: [{
        productId: plain,
        quantity: 1,
        destinationContainerId: (await container(w, dst, { lockedIn: true })).id,
      }],
    }),
    "containerLocked",
    "error",
    true,
  ],
  [
    "container at another location",
    async () => ({
      header: { typeCode: "IIN", destinationLocationId: dst },
      positions: [{ productId: plain, quantity: 1, destinationContainerId: (await container(w, src)).id }],
    }),
    "containerAtOtherLocation",
    "error",
    true,
  ],
  [
    // Another contractor's product is refused already when the position is saved (portal_scope.test.ts);
    // a product of no contractor is still refused at the confirmation.
    "document contractor differs from the product's",
    async () => ({
      header: { typeCode: "DIN", contractorId: greens, destinationLocationId: dst },
      positions: [{ productId: await product(w, "NO-CONTRACTOR"), quantity: 1 }],
    }),
    "contractorMismatch",
    "error",
    true,
  ],
  [
    "expiry date required",
    async () => ({
      header: { typeCode: "IIN", destinationLocationId: dst },
      positions: [{ productId: await product(w, "NEEDS-EXP", { expiryDateRequired: true }), quantity: 1 }],
    }),
    "expiryDateRequired",
    "error",
    true,
  ],
  [
    "production date required",
    async () => ({
      header: { typeCode: "IIN", destinationLocationId: dst },
      positions: [{
        productId: await product(w, "NEEDS-PROD", { productionDateRequired: true }),
        quantity: 1,
      }],
    }),
    "productionDateRequired",
    "error",
    true,
  ],
  [
    "serial number required",
    async () => ({
      header: { typeCode: "IIN", destinationLocationId: dst },
      positions: [{ productId: await product(w, "NEEDS-SN", { serialNumberRequired: true }), quantity: 1 }],
    }),
    "serialNumberRequired",
    "error",
    true,
  ],
  [
    "expired product",
    () => ({
      header: { typeCode: "IIN", destinationLocationId: dst },
      positions: [{ productId: plain, quantity: 1, expiryDate: "2020-01-01" }],
    }),
    "productExpired",
    "error",
    true,
  ],
  [
    "short expiry",
    () => ({
      header: { typeCode: "IIN", destinationLocationId: dst },
      positions: [{ productId: plain, quantity: 1, expiryDate: inDays(3) }],
    }),
    "shortExpiry",
    "warning",
    true,
  ],
  [
    "receipt locked on the product",
    async () => ({
      header: { typeCode: "IIN", destinationLocationId: dst },
      positions: [{ productId: await product(w, "NO-IN", { lockIn: true }), quantity: 1 }],
    }),
    "productLockedIn",
    "error",
    true,
  ],
  [
    "release locked on the product",
    async () => {
      const p = await product(w, "NO-OUT");
      await receive(w, p, src, 1);
      const row = (await w.api("GET", `/Product/${p}`)).body;
      await w.api("PUT", "/Product", { ...row, lockOut: true });
      return {
        header: { typeCode: "IOU", sourceLocationId: src },
        positions: [{ productId: p, quantity: 1 }],
      };
    },
    "productLockedOut",
    "error",
    true,
  ],
  [
    "relocation locked on the product",
    async () => {
      const p = await product(w, "NO-MOVE");
      await receive(w, p, src, 1);
      const row = (await w.api("GET", `/Product/${p}`)).body;
      await w.api("PUT", "/Product", { ...row, lockRelocate: true });
      return {
        header: { typeCode: "ARL", sourceLocationId: src, destinationLocationId: dst },
        positions: [{ productId: p, quantity: 1 }],
      };
    },
    "productLockedRelocate",
    "error",
    true,
  ],
  [
    "quantity zero",
    () => ({
      header: { typeCode: "IIN", destinationLocationId: dst },
      positions: [{ productId: plain, quantity: 0 }],
    }),
    "quantityNotPositive",
    "error",
    true,
  ],
  [
    "quantity above the stock",
    () => ({
      header: { typeCode: "IOU", sourceLocationId: src },
      positions: [{ productId: plain, quantity: 5.001 }],
    }),
    "quantityAboveAvailable",
    "error",
    true,
  ],
  [
    "storage temperature",
    async () => ({
      header: { typeCode: "IIN", destinationLocationId: await location(w, "WARM", { temperature: 20 }) },
      positions: [{
        productId: await product(w, "CHILLED", { minTemperature: 2, maxTemperature: 6 }),
        quantity: 1,
      }],
    }),
    "temperatureUnsuitable",
    "error",
    true,
  ],
  [
    "no positions",
    () => ({ header: { typeCode: "IIN", destinationLocationId: dst }, positions: [] }),
    "noPositions",
    "error",
    false,
  ],
];

describe("document validators over HTTP", () => {
  for (const [name, make, code, severity, atPosition] of cases) {
    it(`${name}: 422 ${code}`, async () => {
      const { header, positions } = await make();
      const d = await draft(w, header, positions);
      const before = await dumpStock(w);
      const r = await w.api("POST", `/WmsDocument/${d.id}/confirm`, undefined);
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.error.code).toBe("document.validation");
      const found = r.body.error.issues.find((i: { code: string }) => i.code === `document.issue.${code}`);
      expect(found, JSON.stringify(r.body.error.issues)).toMatchObject({
        severity,
        positionId: atPosition ? d.positionIds[0] : null,
      });
      expect(typeof found.message).toBe("string");
      expect(found.message).not.toContain("{");
      expect(await dumpStock(w)).toBe(before);
    });
  }

  it("a warning passes with acceptWarnings=true, and the message is in the user's language", async () => {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: dst }, [
      { productId: plain, quantity: 1, expiryDate: inDays(3) },
    ]);
    const r = await w.api("POST", `/WmsDocument/${d.id}/confirm`, undefined);
    expect(r.status).toBe(422);
    const polish = await w.s.app.request(`/api/WmsDocument/${d.id}/confirm`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.admin}`, "accept-language": "pl-PL" },
    });
    const body = await polish.json();
    expect(body.error.issues[0].message).toContain("traci ważność");
    const bad = await w.api("POST", `/WmsDocument/${d.id}/confirm?acceptWarnings=maybe`, undefined);
    expect(bad.status).toBe(400);
    const ok = await w.api("POST", `/WmsDocument/${d.id}/confirm?acceptWarnings=True`, undefined);
    expect(ok.status).toBe(200);
    await assertStockEqualsLedger(w);
  });

  it("names an expiry date in the message in the caller's one date format; its params keep the ISO day", async () => {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: dst }, [
      { productId: plain, quantity: 1, expiryDate: "2020-01-05" },
    ]);
    for (
      const [lang, shown] of [["en-US", "01/05/2020"], ["de-DE", "05.01.2020"], [
        "fr-FR",
        "05/01/2020",
      ]] as const
    ) {
      const r = await w.s.app.request(`/api/WmsDocument/${d.id}/confirm`, {
        method: "POST",
        headers: { authorization: `Bearer ${w.admin}`, "accept-language": lang },
      });
      const issue = (await r.json()).error.issues.find((i: { code: string }) =>
        i.code === "document.issue.productExpired"
      );
      expect(issue.message, lang).toContain(shown);
      expect(issue.message, lang).not.toContain("2020-01-05");
      expect(issue.params.expiryDate).toBe("2020-01-05");
    }
  });

  it("an error does not pass with acceptWarnings=true", async () => {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: dst }, [{
      productId: plain,
      quantity: 0,
    }]);
    expect((await w.api("POST", `/WmsDocument/${d.id}/confirm?acceptWarnings=true`, undefined)).status).toBe(
      422,
    );
  });
});

describe("product lookup by index or barcode", () => {
  it("resolves one product, and names none or several", async () => {
    const one = await product(w, "SCAN-ME", { barcodes: ["5900000000001"] });
    await product(w, "TWIN", { barcodes: ["SHARED-CODE"] });
    // An index of one product equal to another's barcode: two match.
    await product(w, "SHARED-CODE");
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: dst }, []);
    const byBarcode = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.id,
      productCode: "5900000000001",
      quantity: 1,
    });
    expect(byBarcode.status, JSON.stringify(byBarcode.body)).toBe(201);
    expect(byBarcode.body.productId).toBe(one);
    const byIndex = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.id,
      productCode: "scan-me",
      quantity: 1,
    });
    expect(byIndex.body.productId).toBe(one);
    const none = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.id,
      productCode: "NOPE",
      quantity: 1,
    });
    expect(none.status).toBe(422);
    expect(none.body.error.issues[0]).toMatchObject({
      code: "document.issue.productNotFound",
      params: { code: "NOPE" },
    });
    const several = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.id,
      productCode: "SHARED-CODE",
      quantity: 1,
    });
    expect(several.status).toBe(422);
    expect(several.body.error.issues[0]).toMatchObject({
      code: "document.issue.productAmbiguous",
      params: { count: 2 },
    });
    const neither = await w.api("POST", "/WmsDocumentPosition", { documentId: d.id, quantity: 1 });
    expect(neither.status).toBe(400);
  });
});

describe("product lookup by a GS1 label", () => {
  const add = (documentId: number, body: Record<string, unknown>) =>
    w.api("POST", "/WmsDocumentPosition", { documentId, quantity: 1, ...body });

  it("takes the product by its GTIN and the label's expiry, production date and serial number", async () => {
    const cheese = await product(w, "CHEESE-GS1", { barcodes: ["5901234123457"] });
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: dst }, []);
    // The label's expiry (AI 17, YYMMDD) from today, as a lot of the day would carry it.
    const [expiry, typedExpiry] = [daysAhead(400), daysAhead(430)];
    const ai17 = yymmdd(expiry);
    const scanned = await add(d.id, {
      productCode: `]C1010590123412345717${ai17}11260101\x1d21SN-77\x1d10LOT-4`,
    });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(201);
    expect(scanned.body).toMatchObject({
      productId: cheese,
      expiryDate: expiry,
      productionDate: "2026-01-01",
      serialNumber: "SN-77",
    });
    // The human-readable form reads the same; what the caller typed wins over the label.
    const typed = await add(d.id, {
      productCode: `(01)05901234123457(17)${ai17}(21)SN-78`,
      expiryDate: typedExpiry,
    });
    expect(typed.body).toMatchObject({ productId: cheese, expiryDate: typedExpiry, serialNumber: "SN-78" });
    // The confirmed receipt puts the label's attributes on the stock line.
    expect((await confirm(w, d.id, true)).status).toBe(200);
    const lines = await w.query(
      "SELECT expiry_date AS e, serial_number AS s FROM stock_lines WHERE product_id = ? ORDER BY s",
      [cheese],
    );
    expect(lines).toEqual([{ e: expiry, s: "SN-77" }, { e: typedExpiry, s: "SN-78" }]);
  });

  it("refuses an unreadable label with a message naming it, and adds nothing", async () => {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: dst }, []);
    const wrongDigit = await add(d.id, { productCode: "]C10105901234123458" });
    expect(wrongDigit.status).toBe(422);
    expect(wrongDigit.body.error.issues[0]).toMatchObject({
      code: "document.issue.gs1Unreadable",
      params: { code: "]C10105901234123458" },
    });
    expect(wrongDigit.body.error.issues[0].message).toBe(
      "The scanned GS1 code ]C10105901234123458 cannot be read: check the label (a wrong check digit, date or element).",
    );
    const noDate = await add(d.id, { productCode: "(01)05901234123457(17)261331" });
    expect(noDate.body.error.issues[0].code).toBe("document.issue.gs1Unreadable");
    // A GTIN no product carries: the usual lookup message, naming the GTIN.
    const unknown = await add(d.id, { productCode: "(01)04006381333931" });
    expect(unknown.body.error.issues[0]).toMatchObject({
      code: "document.issue.productNotFound",
      params: { code: "04006381333931" },
    });
    expect((await w.api("GET", `/WmsDocument/${d.id}/Positions`)).body.results).toEqual([]);
  });
});

describe("working copy only", () => {
  it("a confirmed document is not confirmed again, nor are its positions changed", async () => {
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: dst }, [{
      productId: plain,
      quantity: 1,
    }]);
    expect((await confirm(w, d.id)).status).toBe(200);
    const again = await confirm(w, d.id);
    expect(again.status).toBe(422);
    expect(again.body.error.issues[0]).toMatchObject({
      code: "document.issue.notWorkingCopy",
      positionId: null,
    });
    const pos = (await w.api("GET", `/WmsDocumentPosition/${d.positionIds[0]}`)).body;
    const edit = await w.api("PUT", "/WmsDocumentPosition", { ...pos, quantity: 2 });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe("document.notWorkingCopy");
    const add = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.id,
      productId: plain,
      quantity: 1,
    });
    expect(add.body.error.code).toBe("document.notWorkingCopy");
    expect((await w.api("DELETE", `/WmsDocumentPosition/${d.positionIds[0]}`)).body.error.code)
      .toBe("document.notWorkingCopy");
    await assertStockEqualsLedger(w);
  });
});
