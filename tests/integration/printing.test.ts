// Printing (issue 18): a tenant starts with a default layout per type; labels come out as a PDF whose
// barcodes a real reader decodes again (poppler draws the page, ZXing reads it: CODE128, GS1-128 with its
// element strings, EAN-13, QR, DataMatrix), or as ZPL that a test printer on loopback receives over raw
// TCP; and the spec's printing errors each come as their own answer.
import { scratchDir } from "../fixtures/scratch.ts";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BarcodeFormat, DecodeHintType, MultiFormatReader } from "@zxing/library";
import { decodeFrame, scannedText } from "../../client/features/terminal/decoder.ts";
import {
  addStaffUser,
  company,
  draft,
  location,
  product,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";
import { addUser, signIn } from "../fixtures/harness.ts";

let w: StockWorld;
let basic: string;
const DPI = 300;

beforeAll(async () => {
  w = await startStockWorld("printing");
  basic = await addStaffUser(w, "printing-basic");
}, 60_000);
afterAll(() => w?.s.close());

async function post(path: string, body: unknown, token = w.admin) {
  return await fetch(`${w.s.baseUrl}/api${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

interface Page {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Each page of a PDF drawn at 300 dpi by poppler. */
function pages(pdf: Uint8Array): Page[] {
  const dir = scratchDir("labels-");
  writeFileSync(join(dir, "labels.pdf"), pdf);
  execFileSync("pdftoppm", ["-r", String(DPI), "-png", join(dir, "labels.pdf"), join(dir, "page")]);
  const files = execFileSync("ls", [dir], { encoding: "utf8" }).split("\n").filter((f) => f.endsWith(".png"))
    .sort();
  return files.map((f) =>
    (PNG as unknown as { sync: { read(b: Uint8Array): Page } }).sync.read(readFileSync(join(dir, f)))
  );
}

/** A reader of one symbology: what a label's box holds is known, so nothing else may be read into it. */
function readerOf(format: BarcodeFormat): MultiFormatReader {
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [format]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  return reader;
}

/** What the barcode drawn in a box of the page (millimetres, with a quiet margin around) decodes to. */
function decodeAt(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
  format = BarcodeFormat.CODE_128,
): string | null {
  const px = (mm: number) => Math.round(mm * DPI / 25.4);
  const margin = 4;
  const x0 = Math.max(0, px(box.x - margin));
  const y0 = Math.max(0, px(box.y - margin));
  const x1 = Math.min(page.width, px(box.x + box.width + margin));
  const y1 = Math.min(page.height, px(box.y + box.height + margin));
  const w = x1 - x0;
  const h = y1 - y0;
  const rgba = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    rgba.set(
      page.data.subarray(((y0 + y) * page.width + x0) * 4, ((y0 + y) * page.width + x1) * 4),
      y * w * 4,
    );
  }
  const result = decodeFrame(rgba, w, h, readerOf(format));
  return result ? scannedText(result) : null;
}

const layoutOf = (page: { width: number; height: number }, elements: unknown[]) =>
  JSON.stringify({ page, elements });

describe("printing", () => {
  it("starts a tenant with a default layout for each type it prints", async () => {
    const layouts = await w.api("GET", `/PrintLayout?PageSize=50&${filter("isDefault", "eq", true)}`);
    expect(layouts.body.results.map((l: { type: string }) => l.type).sort()).toEqual(
      ["container", "product", "storageSpace", "wmsDocument", "wmsOrder"],
    );
  });

  it("prints product labels with the default layout: the CODE128 and the QR read back", async () => {
    const tea = await product(w, "PRN-TEA", { name: "Herbata żółta", barcodes: ["5901234123457"] });
    const rice = await product(w, "PRN-RICE", { name: "Рис", barcodes: ["4006381333931"] });
    const r = await post("/Print", { type: "product", items: [{ id: tea }, { id: rice, copies: 2 }] });
    expect(r.status, await r.clone().text()).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/pdf");
    const drawn = pages(new Uint8Array(await r.arrayBuffer()));
    expect(drawn.length).toBe(3);
    // The default product label: CODE128 of the index at (4, 16) 60 x 18, QR of the barcode at (72, 16).
    expect(drawn.map((p) => decodeAt(p, { x: 4, y: 16, width: 60, height: 18 }))).toEqual([
      "PRN-TEA",
      "PRN-RICE",
      "PRN-RICE",
    ]);
    expect(decodeAt(drawn[0], { x: 72, y: 16, width: 24, height: 24 }, BarcodeFormat.QR_CODE)).toBe(
      "5901234123457",
    );
  });

  it("prints a production's labels with GS1-128 element strings, EAN-13 and DataMatrix, all read back", async () => {
    const milk = await product(w, "PRN-MILK", { name: "Milk", barcodes: ["9780201379624"] });
    const content = layoutOf({ width: 100, height: 80 }, [
      { type: "text", x: 3, y: 2, text: "{{name}} {{quantity}}" },
      {
        type: "barcode",
        symbology: "gs1-128",
        x: 3,
        y: 8,
        width: 94,
        height: 22,
        data: "(01){{gtin}}(11){{productionDate:yymmdd}}(17){{expiryDate:yymmdd}}(10){{serialNumber}}",
      },
      { type: "barcode", symbology: "ean13", x: 3, y: 40, width: 50, height: 25, data: "{{barcode}}" },
      {
        type: "barcode",
        symbology: "datamatrix",
        x: 65,
        y: 40,
        width: 25,
        height: 25,
        data: "{{index}}/{{serialNumber}}",
      },
    ]);
    const layout = await w.api("POST", "/PrintLayout", { name: "Production GS1", type: "product", content });
    expect(layout.status, JSON.stringify(layout.body)).toBe(201);
    const r = await post("/Print", {
      type: "product",
      layoutId: layout.body.id,
      items: [{
        id: milk,
        values: {
          quantity: 12,
          productionDate: "2026-11-20",
          expiryDate: "2027-06-30",
          serialNumber: "LOT7",
        },
      }],
    });
    expect(r.status, await r.clone().text()).toBe(200);
    const [page] = pages(new Uint8Array(await r.arrayBuffer()));
    expect(decodeAt(page, { x: 3, y: 8, width: 94, height: 22 })).toBe(
      "]C10109780201379624112611201727063010LOT7",
    );
    expect(decodeAt(page, { x: 3, y: 40, width: 50, height: 25 }, BarcodeFormat.EAN_13)).toBe(
      "9780201379624",
    );
    expect(decodeAt(page, { x: 65, y: 40, width: 25, height: 25 }, BarcodeFormat.DATA_MATRIX)).toBe(
      "PRN-MILK/LOT7",
    );
  });

  it("prints the labels of the locations the generator made", async () => {
    const made = await w.api("POST", "/StorageSpace/generate", {
      separator: "-",
      levels: [{ prefix: "PR", quantity: 2, digits: 2 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const r = await post("/Print", {
      type: "storageSpace",
      items: made.body.ids.map((id: number) => ({ id })),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    const barcodes = await Promise.all(
      made.body.ids.map(async (id: number) => (await w.api("GET", `/StorageSpace/${id}`)).body.barcode),
    );
    const drawn = pages(new Uint8Array(await r.arrayBuffer()));
    expect(drawn.map((p) => decodeAt(p, { x: 10, y: 15, width: 80, height: 20 }))).toEqual(barcodes);
  });

  it("prints a document with its positions over as many pages as they take", async () => {
    const bin = await location(w, "PRN-BIN");
    const ids = [];
    for (let i = 0; i < 70; i++) ids.push(await product(w, `PRN-P${String(i).padStart(2, "0")}`));
    const doc = await draft(
      w,
      { typeCode: "IIN", destinationLocationId: bin },
      ids.map((productId, i) => ({ productId, quantity: i + 1 })),
    );
    const r = await post("/Print", { type: "wmsDocument", items: [{ id: doc.id }] });
    expect(r.status, await r.clone().text()).toBe(200);
    const dir = scratchDir("doc-");
    writeFileSync(join(dir, "doc.pdf"), new Uint8Array(await r.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", join(dir, "doc.pdf"), "-"], { encoding: "utf8" });
    expect(text.split("\f").filter((p) => p.trim()).length).toBe(2);
    for (let i = 0; i < 70; i++) {
      expect(text).toMatch(
        new RegExp(`PRN-P${String(i).padStart(2, "0")}\\s+Product PRN-P\\d\\d\\s+${i + 1}\\b`),
      );
    }
  });

  it("writes a record's dates in the user's one format and time zone; a barcode keeps them as stored", async () => {
    const bin = await location(w, "PRN-DATES");
    const doc = await draft(w, { typeCode: "IIN", destinationLocationId: bin, plannedDate: "2031-04-20" }, [
      { productId: await product(w, "PRN-DATED"), quantity: 1 },
    ]);
    const { createdAt } = (await w.api("GET", `/WmsDocument/${doc.id}`)).body;
    // Kiritimati is 14 hours ahead of UTC: most instants fall on another day there.
    const timeZone = "Pacific/Kiritimati";
    const r = await post("/Print/preview", {
      type: "wmsDocument",
      id: doc.id,
      timeZone,
      content: layoutOf({ width: 150, height: 60 }, [
        {
          type: "text",
          x: 5,
          y: 5,
          width: 140,
          text: "P {{plannedDate}} C {{createdAt}} D {{createdAt:date}}",
        },
        { type: "text", x: 5, y: 12, width: 140, text: "R {{plannedDate:raw}}" },
        {
          type: "barcode",
          symbology: "code128",
          x: 5,
          y: 25,
          width: 100,
          height: 25,
          data: "{{plannedDate}}",
        },
      ]),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    const pdf = new Uint8Array(await r.arrayBuffer());
    const dir = scratchDir("dates-");
    writeFileSync(join(dir, "dates.pdf"), pdf);
    const text = execFileSync("pdftotext", [join(dir, "dates.pdf"), "-"], { encoding: "utf8" })
      .replace(/[\u202f\u00a0]/g, " ");
    const day = { year: "numeric", month: "2-digit", day: "2-digit", timeZone } as const;
    const at = new Date(createdAt);
    const instant = new Intl.DateTimeFormat("en-US", { ...day, hour: "2-digit", minute: "2-digit" }).format(
      at,
    )
      .replace(/[\u202f\u00a0]/g, " ");
    expect(text).toContain(`P 04/20/2031 C ${instant} D ${new Intl.DateTimeFormat("en-US", day).format(at)}`);
    expect(text).toContain("R 2031-04-20");
    expect(decodeAt(pages(pdf)[0], { x: 5, y: 25, width: 100, height: 25 })).toBe("2031-04-20");
  });

  it("sends ZPL to a network printer, which receives each label", async () => {
    const received: Buffer[] = [];
    const printer: Server = createServer((socket) => socket.on("data", (d) => received.push(Buffer.from(d))));
    await new Promise<void>((r) => printer.listen(0, "127.0.0.1", r));
    const port = (printer.address() as { port: number }).port;
    try {
      const added = await w.api("POST", "/Printer", {
        name: "Dock Zebra",
        host: "127.0.0.1",
        port,
        dpi: 203,
        isDefault: true,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const pallet =
        (await w.api("POST", "/Container", { kind: "pallet", locationId: await location(w, "PRN-DOCK") }))
          .body;
      const r = await post("/Print", {
        type: "container",
        items: [{ id: pallet.id, copies: 3 }],
        printerId: 0,
      }, basic);
      expect(r.status, await r.clone().text()).toBe(200);
      expect(await r.json()).toMatchObject({ printer: "Dock Zebra", labels: 3 });
      await expect.poll(() => Buffer.concat(received).toString("utf8")).toContain("^XZ");
      const zpl = Buffer.concat(received).toString("utf8");
      expect(zpl.match(/\^XA/g)).toHaveLength(1);
      expect(zpl).toContain("^PQ3");
      expect(zpl).toContain(`^PW${Math.round(100 * 203 / 25.4)}`);
      expect(zpl).toMatch(new RegExp(`\\^BCN,\\d+,Y,N,N\\^FH\\^FD${pallet.number}\\^FS`));
      expect(zpl).toContain(`^BXN,`);
      expect(zpl).toContain(`PRN-DOCK`);
    } finally {
      printer.close();
    }
  });

  it("answers the spec's printing errors, each in the user's language", async () => {
    const thing = await product(w, "PRN-ERR");
    // Printer not found.
    const missing = await post("/Print", { type: "product", items: [{ id: thing }], printerId: 99999 });
    expect([missing.status, (await missing.json()).error.code]).toEqual([404, "print.printerNotFound"]);
    // Connection to the printer failed: nothing listens there.
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const dead = await w.api("POST", "/Printer", { name: "Gone", host: "127.0.0.1", port });
    const failed = await post("/Print", { type: "product", items: [{ id: thing }], printerId: dead.body.id });
    const failure = await failed.json();
    expect([failed.status, failure.error.code]).toEqual([502, "print.connectionFailed"]);
    expect(failure.error.message).toBe(
      "Connection to the printer Gone failed: check that it is on and reachable.",
    );
    // A value a symbology cannot hold.
    const bad = await w.api("POST", "/PrintLayout", {
      name: "Bad EAN",
      type: "product",
      content: layoutOf({ width: 50, height: 30 }, [{
        type: "barcode",
        symbology: "ean13",
        x: 1,
        y: 1,
        width: 40,
        height: 20,
        data: "{{index}}",
      }]),
    });
    const unencodable = await post("/Print", {
      type: "product",
      items: [{ id: thing }],
      layoutId: bad.body.id,
    });
    expect([unencodable.status, (await unencodable.json()).error.code]).toEqual([
      422,
      "print.barcodeUnencodable",
    ]);
    // A layout that is not one is refused when saved.
    const notLayout = await w.api("POST", "/PrintLayout", {
      name: "HTML",
      type: "product",
      content: "<p>{{name}}</p>",
    });
    expect(notLayout.status).toBe(400);
    expect(notLayout.body.error.fields.content).toEqual(["validation.invalidValue"]);
    // Missing default label layout (in Polish for a Polish user).
    const [def] = await w.query(
      "SELECT id, version FROM print_layouts WHERE type = 'container' AND is_default = 1",
    );
    await w.query("UPDATE print_layouts SET is_default = 0 WHERE id = ?", [def.id]);
    const pallet =
      (await w.api("POST", "/Container", { kind: "pallet", locationId: await location(w, "PRN-E") })).body;
    const none = await fetch(`${w.s.baseUrl}/api/Print`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${w.admin}`,
        "content-type": "application/json",
        "accept-language": "pl-PL",
      },
      body: JSON.stringify({ type: "container", items: [{ id: pallet.id }] }),
    });
    const noneBody = await none.json();
    expect([none.status, noneBody.error.code]).toEqual([422, "print.noDefaultLayout"]);
    expect(noneBody.error.message).toContain("Brak domyślnego szablonu etykiety");
    await w.query("UPDATE print_layouts SET is_default = 1 WHERE id = ?", [def.id]);
  });

  it("prints only what the caller may read: a contractor may not print, another tenant's record is 404", async () => {
    const acme = await company(w, "PRN-ACME");
    await addUser(w.s, w.admin, {
      username: "printing-contractor",
      connectedContractorId: acme,
      contractorPortalEnabled: true,
    });
    const contractor = (await signIn(w.s, "printing-contractor")).token;
    const own = await product(w, "PRN-OWN", { contractorId: acme });
    expect((await post("/Print", { type: "product", items: [{ id: own }] }, contractor)).status).toBe(404);
    const other = await startStockWorld("printing-other");
    try {
      const theirs = await product(other, "PRN-THEIRS");
      const r = await post("/Print", { type: "product", items: [{ id: theirs + 1000 }] });
      expect([r.status, (await r.json()).error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    } finally {
      other.s.close();
    }
  });

  it("previews a layout as the editor holds it, with the type's first record", async () => {
    await product(w, "PRN-AAA", { name: "Preview me" });
    const content = layoutOf({ width: 80, height: 40 }, [{
      type: "text",
      x: 2,
      y: 2,
      width: 76,
      text: "{{@field.product.name}}: {{name}}",
    }]);
    const r = await post("/Print/preview", {
      type: "product",
      content,
      id: await product(w, "PRN-PREV", { name: "Ćma" }),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    const dir = scratchDir("preview-");
    writeFileSync(join(dir, "p.pdf"), new Uint8Array(await r.arrayBuffer()));
    expect(execFileSync("pdftotext", [join(dir, "p.pdf"), "-"], { encoding: "utf8" }).trim()).toBe(
      "Name: Ćma",
    );
    const broken = await post("/Print/preview", { type: "product", content: '{"page":{"width":5}}' });
    const body = await broken.json();
    expect([broken.status, body.error.code]).toEqual([422, "print.invalidLayout"]);
    expect(body.error.message).toContain("page.width");
  });

  it("keeps a text in its box down to the page's bottom, cut there with an ellipsis, long words and all", async () => {
    // 90 texts of 9,900 letters without a space: pdfkit measured such a word again for every line it filled
    // (13 s) and ran each text on over new pages, the label's other elements with it (1,133 pages).
    const content = layoutOf({ width: 100, height: 100 }, [
      { type: "text", x: 2, y: 0, size: 3, width: 96, text: "Name: {{name}}" },
      ...Array.from({ length: 90 }, (_, i) => ({
        type: "text",
        x: 1,
        y: 5 + i,
        size: 3,
        width: 50,
        text: "x".repeat(9_900),
      })),
      {
        type: "text",
        x: 60,
        y: 90,
        size: 3,
        width: 38,
        text: "The quick brown fox jumps over the lazy dog. ".repeat(200),
      },
    ]);
    // One page (below): each word measured once, not once per line. Its time (within 3 s) is bounded by
    // `deno task bench pathological`.
    const r = await post("/Print/preview", { type: "product", content, id: await product(w, "PRN-LONG") });
    expect(r.status, await r.clone().text()).toBe(200);
    const dir = scratchDir("long-");
    writeFileSync(join(dir, "l.pdf"), new Uint8Array(await r.arrayBuffer()));
    expect(execFileSync("pdfinfo", [join(dir, "l.pdf")], { encoding: "utf8" })).toMatch(/^Pages:\s+1$/m);
    const pt = (mm: number) => Math.round(mm * 72 / 25.4);
    // The text in a box of the page (millimetres), as poppler reads it.
    const text = (x: number, y: number, width: number, height: number) =>
      execFileSync("pdftotext", [
        ...["-x", x, "-y", y, "-W", width, "-H", height].map((v) =>
          typeof v === "number" ? String(pt(v)) : v
        ),
        join(dir, "l.pdf"),
        "-",
      ], { encoding: "utf8" }).trim();
    expect(text(2, 0, 96, 4)).toBe("Name: Product PRN-LONG");
    // The sentence's box holds two lines above the page's bottom: the second ends with an ellipsis.
    expect(text(59, 89, 41, 11).split("\n")).toEqual([
      "The quick brown fox",
      "jumps over the lazy…",
    ]);
  });
});

function filter(field: string, operator: string, value: unknown): string {
  return "BasicFiltersSerialized=" + encodeURIComponent(JSON.stringify([{ field, operator, value }]));
}
