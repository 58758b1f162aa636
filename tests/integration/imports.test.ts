// Import (issue 18): a record type's template, a file's preview (columns guessed from the header, formats of
// the file, every bad cell named by row and column, unknown columns ignored and named), and the import: all
// rows in one transaction or none. Real files nobody here wrote: csv-spectrum's CSV edge cases (each read as
// its expected JSON says) and SheetJS's spreadsheet oddities: each a clear answer, never a 500.
import { readdirSync, readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  daysAhead,
  follow,
  location,
  product,
  send,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";

let w: StockWorld;
let basic: string;
const TESTDATA = "/work/shared/testdata/import";

beforeAll(async () => {
  w = await startStockWorld("imports");
  basic = await addStaffUser(w, "imports-basic");
});
afterAll(() => w?.s.close());

describe("import", () => {
  it("hands out a template of a record type's columns, required first, headed in the caller's language", async () => {
    const r = await fetch(`${w.s.baseUrl}/api/config/importtemplate?recordType=Product`, {
      headers: { authorization: `Bearer ${w.admin}`, "accept-language": "en-US" },
    });
    expect(r.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await r.arrayBuffer());
    const header = (book.worksheets[0].getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 2).sort()).toEqual(["Index", "Name"]);
    expect(header).toContain("Weight");
    expect(header).toContain("Main group");
    const csv = await fetch(`${w.s.baseUrl}/api/config/importtemplate?recordType=Company&format=csv`, {
      headers: { authorization: `Bearer ${w.admin}`, "accept-language": "en-US" },
    });
    expect((await csv.text()).replace("\ufeff", "").split(",")[0]).toBe("Short name");
  });

  it("previews a file: columns guessed, the file's formats read, bad cells named, unknown columns ignored", async () => {
    const file =
      "Index;Name;Weight;Colour of box\r\nPV-1;Tea;1,5;red\r\nPV-2;Rice;heavy;blue\r\n;Salt;2;green\r\n";
    const r = await send(w, "/Import/preview", file, { recordType: "Product", decimalSeparator: "," });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.mapping).toEqual({ Index: "index", Name: "name", Weight: "weight" });
    expect(r.body.ignoredColumns).toEqual(["Colour of box"]);
    expect(r.body.total).toBe(3);
    expect(r.body.rows[0]).toEqual({ Index: "PV-1", Name: "Tea", Weight: "1,5", "Colour of box": "red" });
    expect(r.body.errors).toEqual([
      { row: 3, column: "Weight", code: "validation.invalidValue", message: "This value is not allowed." },
      { row: 4, column: "Index", code: "validation.required", message: "This information is required." },
    ]);
    expect(await w.query("SELECT id FROM products WHERE product_index LIKE 'PV-%'")).toEqual([]);
  });

  it(
    "imports all rows or none: 20,000 products as a job with its progress, refused whole for one bad row, " +
      "refused whole for an index twice 3,000 rows apart, then taken whole",
    async () => {
      const count = async () =>
        Number((await w.query("SELECT count(*) AS n FROM products WHERE product_index LIKE 'BULK-%'"))[0].n);
      const rows = Array.from({ length: 20_000 }, (_, i) => `BULK-${i},Product ${i},${(i % 50) / 10}`);
      const bad = ["index,name,weight", ...rows.slice(0, -1), "BULK-LAST,Last,-3"].join("\n");
      const refused = await send(w, "/Import", bad, { recordType: "Product" });
      expect(refused.status, JSON.stringify(refused.body).slice(0, 300)).toBe(202);
      expect(refused.body.total).toBe(20_000);
      const failed = (await follow(w, refused.body.jobId)).at(-1)!;
      expect(failed).toMatchObject({ status: "failed", error: { code: "import.invalidRows" } });
      expect((failed as unknown as { error: { errors: unknown[] } }).error.errors).toEqual([
        { row: 20_001, column: "weight", code: "validation.tooSmall", message: "The value is too small." },
      ]);
      expect(await count()).toBe(0);
      // An index twice, 3,000 rows apart: the check names the later row and the earlier one before anything
      // is written (a refusal only the database finds midway is import_update.test.ts's).
      const clash = ["index,name,weight", ...rows.slice(0, 3_000), "BULK-5,Again,1", ...rows.slice(3_000)];
      const midway = await send(w, "/Import", clash.join("\n"), { recordType: "Product" });
      const stopped = await follow(w, midway.body.jobId);
      expect(stopped.at(-1)).toMatchObject({ status: "failed", error: { code: "import.invalidRows" } });
      expect((stopped.at(-1) as unknown as { error: { errors: unknown[] } }).error.errors).toEqual([{
        row: 3_002,
        column: "index",
        code: "import.repeatedInFile",
        params: { value: "BULK-5", row: 7 },
        message: "BULK-5 is already in row 7 of this file.",
      }]);
      expect(await count()).toBe(0);
      const good = await send(w, "/Import", ["index,name,weight", ...rows].join("\n"), {
        recordType: "Product",
      });
      expect(good.status, JSON.stringify(good.body).slice(0, 300)).toBe(202);
      const progress = await follow(w, good.body.jobId);
      expect(progress.at(-1)).toMatchObject({ status: "done", imported: 20_000, processed: 20_000 });
      // It went in slices: read while running, partly done.
      expect(progress.some((p) => p.status === "running" && p.processed > 0 && p.processed < 20_000)).toBe(
        true,
      );
      expect(await count()).toBe(20_000);
      const [sample] = await w.query("SELECT name, weight FROM products WHERE product_index = 'BULK-123'");
      expect([sample.name, sample.weight]).toEqual(["Product 123", 2.3]);
      // Another tenant cannot read the job.
      const other = await startStockWorld("imports-other");
      try {
        expect((await other.api("GET", `/Import/${good.body.jobId}`)).status).toBe(404);
      } finally {
        other.s.close();
      }
    },
    180_000,
  );

  it("names the row whose index an earlier row has (in any case), and keeps nothing", async () => {
    const r = await send(w, "/Import", "index,name\nDUP-1,One\nDUP-2,Two\ndup-1,Again\n", {
      recordType: "Product",
    });
    expect(r.status).toBe(422);
    expect(r.body.error.errors).toEqual([{
      row: 4,
      column: "index",
      code: "import.repeatedInFile",
      params: { value: "DUP-1", row: 2 },
      message: "DUP-1 is already in row 2 of this file.",
    }]);
    expect(await w.query("SELECT id FROM products WHERE product_index LIKE 'DUP-%'")).toEqual([]);
  });

  it("reads UTF-8 with a BOM and Polish Windows-1250, and a day-month-year date", async () => {
    const bom = await send(w, "/Import/preview", "\ufeffshortName,keyRole\nŻółta Łódź,contractor\n", {
      recordType: "Company",
    });
    expect(bom.body.mapping).toEqual({ shortName: "shortName", keyRole: "keyRole" });
    expect(bom.body.rows[0].shortName).toBe("Żółta Łódź");
    // "Źródło" in Windows-1250: Ź = 0x8F, ó = 0xF3, ł = 0xB3.
    const cp1250 = new Uint8Array([
      ...new TextEncoder().encode("shortName,keyRole\n"),
      0x8f,
      0x72,
      0xf3,
      0x64,
      0xb3,
      0x6f,
      ...new TextEncoder().encode(",supplier\n"),
    ]);
    const polish = await send(w, "/Import/preview", cp1250, { recordType: "Company" });
    expect(polish.body.rows[0].shortName).toBe("Źródło");
  });

  it("reads every csv-spectrum case as its expected JSON says", async () => {
    const dir = `${TESTDATA}/csv-spectrum/csvs`;
    for (const f of readdirSync(dir)) {
      const expected = JSON.parse(
        readFileSync(`${TESTDATA}/csv-spectrum/json/${f.replace(/\.csv$/, ".json")}`, "utf8"),
      ) as Record<string, string>[];
      const r = await send(w, "/Import/preview", readFileSync(`${dir}/${f}`), { recordType: "ProductGroup" });
      if (expected.length === 0) {
        expect([r.status, r.body.error?.code], f).toEqual([400, "import.fileEmpty"]);
        continue;
      }
      expect(r.status, f).toBe(200);
      // The copies here keep LF line ends where the JSON says CRLF (the *_crlf files were saved with LF): a
      // line break inside quotes is compared as a line break.
      const lf = (v: string) => v.replaceAll("\r\n", "\n");
      const shape = (rows: Record<string, unknown>[]) =>
        rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, lf(String(v).trim())])));
      expect(shape(r.body.rows), f).toEqual(shape(expected));
    }
  });

  it("answers each of SheetJS's odd files and PapaParse's samples clearly, never with a 500", async () => {
    const files = [
      ...readdirSync(`${TESTDATA}/sheetjs-test-files`).filter((f) => f !== "LICENSE" && f !== "1904")
        .map((f) => `${TESTDATA}/sheetjs-test-files/${f}`),
      ...readdirSync(`${TESTDATA}/papaparse`).filter((f) => f !== "LICENSE").map((f) =>
        `${TESTDATA}/papaparse/${f}`
      ),
    ];
    expect(files.length).toBeGreaterThan(20);
    const answers: Record<string, string> = {};
    for (const path of files) {
      const bytes = readFileSync(path);
      if (bytes.byteLength > 20 * 1024 * 1024) continue;
      const r = await send(
        w,
        "/Import/preview",
        bytes,
        { recordType: "ProductGroup" },
        { name: path.split("/").pop() },
      );
      answers[path.split("/").pop()!] = r.status === 200 ? "200" : `${r.status} ${r.body.error?.code}`;
      expect(r.status, path).toBeLessThan(500);
      if (r.status !== 200) {
        expect(["import.fileEmpty", "import.fileUnreadable", "import.fileTooLarge"], path).toContain(
          r.body.error.code,
        );
      }
    }
    // The old binary .xls and Numbers are no tables this reads; an XLSX is.
    expect(answers["minimal_112.xls"]).toBe("400 import.fileUnreadable");
    expect(answers["minimal_112.xlsx"]).toBe("200");
  }, 120_000);

  it("refuses an empty file, a corrupt workbook, too large a file, and a caller who may not add the records", async () => {
    expect((await send(w, "/Import/preview", "", { recordType: "Product" })).body.error.code).toBe(
      "import.fileEmpty",
    );
    expect((await send(w, "/Import/preview", "index,name\n", { recordType: "Product" })).body.error.code)
      .toBe("import.fileEmpty");
    const corrupt = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    const bad = await send(w, "/Import/preview", corrupt, { recordType: "Product" }, { name: "x.xlsx" });
    expect([bad.status, bad.body.error.code]).toEqual([400, "import.fileUnreadable"]);
    const big = new Uint8Array(20 * 1024 * 1024 + 10).fill(0x41);
    const tooBig = await send(w, "/Import/preview", big, { recordType: "Product" });
    expect([tooBig.status, tooBig.body.error.code]).toEqual([413, "import.fileTooLarge"]);
    const refused = await send(w, "/Import", "index,name\nX-1,One\n", { recordType: "Product" }, {
      token: basic,
    });
    expect(refused.status).toBe(403);
  });
});

describe("a zip bomb", () => {
  it("is refused from its directory before it is unpacked", async () => {
    const { checkZip } = await import("../../server/domain/imports/read.ts");
    const { deflateRawSync } = await import("node:zlib");
    // One part of 64 MB of zeros (past the 50 MB a workbook may unpack to): deflated to about 64 KB.
    const plain = 64 * 1024 * 1024;
    const packed = deflateRawSync(Buffer.alloc(plain));
    const name = new TextEncoder().encode("xl/worksheets/sheet1.xml");
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(18, packed.length, true);
    lv.setUint32(22, plain, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(20, packed.length, true);
    cv.setUint32(24, plain, true);
    cv.setUint16(28, name.length, true);
    central.set(name, 46);
    const endRecord = new Uint8Array(22);
    const ev = new DataView(endRecord.buffer);
    ev.setUint32(0, 0x06054b50, true);
    ev.setUint16(8, 1, true);
    ev.setUint16(10, 1, true);
    ev.setUint32(12, central.length, true);
    ev.setUint32(16, local.length + packed.length, true);
    const bomb = new Uint8Array([...local, ...packed, ...central, ...endRecord]);
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    await expect(checkZip(bomb)).rejects.toThrow("import.fileUnreadable");
    // The same part lying that it unpacks to one byte: inflated here with a count, it is refused all the same.
    const liar = bomb.slice();
    const at = local.length + packed.length;
    new DataView(liar.buffer).setUint32(at + 24, 1, true);
    new DataView(liar.buffer).setUint32(22, 1, true);
    await expect(checkZip(liar)).rejects.toThrow("import.fileUnreadable");
    for (const file of [bomb, liar]) {
      const r = await send(w, "/Import/preview", file, { recordType: "Product" }, { name: "bomb.xlsx" });
      expect([r.status, r.body.error.code]).toEqual([400, "import.fileUnreadable"]);
    }
    // A part that is no deflate stream at all is refused, not thrown as a server error.
    const garbled = liar.slice();
    garbled.fill(0xff, local.length, local.length + 64);
    await expect(checkZip(garbled)).rejects.toThrow("import.fileUnreadable");
    // A real workbook passes.
    const real = readFileSync(`${TESTDATA}/sheetjs-test-files/minimal_112.xlsx`);
    await checkZip(new Uint8Array(real));
  });
});

describe("what an import will not take", () => {
  it("refuses more rows or columns than it reads, and reads a column headed like an object's own key", async () => {
    const rows = "name\n" + "a\n".repeat(100_001);
    const many = await send(w, "/Import/preview", rows, { recordType: "ProductGroup" });
    expect([many.status, many.body.error.code]).toEqual([400, "import.tooManyRows"]);
    const wide = Array.from({ length: 201 }, (_, i) => `c${i}`).join(",") + "\n" + "x,".repeat(200) + "x\n";
    const tooWide = await send(w, "/Import/preview", wide, { recordType: "ProductGroup" });
    expect([tooWide.status, tooWide.body.error.code]).toEqual([400, "import.tooManyColumns"]);
    const odd = await send(w, "/Import/preview", "name,constructor,__proto__,toString\nTea,1,2,3\n", {
      recordType: "ProductGroup",
    });
    expect(odd.status, JSON.stringify(odd.body)).toBe(200);
    expect(odd.body.ignoredColumns).toEqual(["constructor", "__proto__", "toString"]);
  });

  it("takes thousands marks only in groups of three and never reads a decimal mark as one", async () => {
    const dot = await send(w, "/Import/preview", 'index,name,weight\nN-1,A,"1,234.5"\nN-2,B,"12,50"\n', {
      recordType: "Product",
    });
    expect(dot.body.errors).toEqual([{
      row: 3,
      column: "weight",
      code: "import.numberAmbiguous",
      params: { value: "12,50", suggestions: ["12.50"] },
      message: "12,50 can be read more than one way: did you mean 12.50?",
    }]);
    const comma = await send(w, "/Import", "index;name;weight\nN-3;C;1.234,5\nN-4;D;2,25\n", {
      recordType: "Product",
      decimalSeparator: ",",
    });
    expect(comma.status, JSON.stringify(comma.body)).toBe(200);
    const got = await w.query(
      "SELECT product_index, weight FROM products WHERE product_index IN ('N-3','N-4') ORDER BY 1",
    );
    expect(got.map((r) => r.weight)).toEqual([1234.5, 2.25]);
    // A workbook's numbers are numbers, whatever mark the caller says the file types.
    const book = new ExcelJS.Workbook();
    book.addWorksheet("p").addRows([["index", "name", "weight"], ["N-5", "E", 1.5]]);
    const xlsx = new Uint8Array(await book.xlsx.writeBuffer() as ArrayBuffer);
    const r = await send(
      w,
      "/Import",
      xlsx,
      { recordType: "Product", decimalSeparator: "," },
      { name: "p.xlsx" },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await w.query("SELECT weight FROM products WHERE product_index = 'N-5'"))[0].weight).toBe(1.5);
  });
});

describe("numbers typed in a file (issue 31, item 2)", () => {
  it("refuses a number whose marks read two ways, naming what was likely meant, and guesses none", async () => {
    const weights = async (file: string | Uint8Array, decimalSeparator: string, name = "w.csv") =>
      await send(w, "/Import/preview", file, { recordType: "Product", decimalSeparator }, { name });
    // A point file: "1,25" is no 125 but a question; groups of three are thousands.
    const dot = await weights(
      'index,name,weight\nW-1,A,"1,25"\nW-2,B,"1,250"\nW-3,C,1 250.5\nW-4,D,"1,2,3"\n',
      ".",
    );
    expect(dot.body.errors).toEqual([
      {
        row: 2,
        column: "weight",
        code: "import.numberAmbiguous",
        params: { value: "1,25", suggestions: ["1.25"] },
        message: "1,25 can be read more than one way: did you mean 1.25?",
      },
      { row: 5, column: "weight", code: "validation.invalidValue", message: "This value is not allowed." },
    ]);
    // A comma file: "1.5" is a question, "1.000" a thousand; the message in the caller's language.
    const comma = await send(
      w,
      "/Import/preview",
      "index;name;weight\nW-5;E;1.5\nW-6;F;1.000\nW-7;G;2,75\n",
      { recordType: "Product", decimalSeparator: "," },
      { name: "w.csv", language: "pl-PL" },
    );
    expect(comma.body.errors).toEqual([{
      row: 2,
      column: "weight",
      code: "import.numberAmbiguous",
      params: { value: "1.5", suggestions: ["1,5"] },
      message: "1.5 można odczytać na kilka sposobów: czy chodziło o 1,5?",
    }]);
    // A workbook's numbers are numbers; its text cells are typed text, read by the file's marks.
    const book = new ExcelJS.Workbook();
    book.addWorksheet("p").addRows([["index", "name", "weight"], ["W-8", "H", 1.25], ["W-9", "I", "1,25"]]);
    const xlsx = new Uint8Array(await book.xlsx.writeBuffer() as ArrayBuffer);
    expect((await weights(xlsx, ",", "w.xlsx")).body.errors).toEqual([]);
    expect((await weights(xlsx, ".", "w.xlsx")).body.errors).toMatchObject([
      { row: 3, column: "weight", code: "import.numberAmbiguous", params: { suggestions: ["1.25"] } },
    ]);
    const stored = await send(
      w,
      "/Import",
      xlsx,
      { recordType: "Product", decimalSeparator: "," },
      { name: "w.xlsx" },
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const got = await w.query(
      "SELECT product_index, weight FROM products WHERE product_index IN ('W-8','W-9') ORDER BY 1",
    );
    expect(got.map((r) => r.weight)).toEqual([1.25, 1.25]);
  });
});

describe("stock from a file", () => {
  const stockAt = async (index: string, label: string) =>
    (await w.query(
      `SELECT l.quantity, l.expiry_date FROM stock_lines l JOIN products p ON p.id = l.product_id
       JOIN storage_spaces s ON s.id = l.location_id WHERE p.product_index = ? AND s.label = ?`,
      [index, label],
    )).map((r) => [Number(r.quantity) / 1000, r.expiry_date]);

  it("books an opening balance by index or barcode and location, in one confirmed receipt", async () => {
    await product(w, "OB-A", { barcodes: ["5901234123457"] });
    await product(w, "OB-B");
    await location(w, "OB-1");
    await location(w, "OB-2");
    const bad = "product;location;quantity;expiryDate\r\nNOPE;OB-1;1;\r\nOB-B;NOWHERE;2;\r\nOB-B;OB-2;0;\r\n";
    const refused = await send(w, "/Import", bad, { recordType: "Stock" });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(
      refused.body.error.errors.map((
        e: { row: number; column: string; code: string },
      ) => [e.row, e.column, e.code]),
    )
      .toEqual([
        [2, "product", "validation.invalidValue"],
        [3, "location", "validation.invalidValue"],
        [4, "quantity", "validation.tooSmall"],
      ]);
    const lot = daysAhead(400);
    const file = `product;location;quantity;expiryDate\r\n5901234123457;OB-1;10;${lot}\r\nOB-B;OB-2;2,5;\r\n`;
    const preview = await send(w, "/Import/preview", file, { recordType: "Stock", decimalSeparator: "," });
    expect([preview.status, preview.body.errors]).toEqual([200, []]);
    const booked = await send(w, "/Import", file, { recordType: "Stock", decimalSeparator: "," });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.imported).toBe(2);
    expect(booked.body.documents).toHaveLength(1);
    expect(await stockAt("OB-A", "OB-1")).toEqual([[10, lot]]);
    expect(await stockAt("OB-B", "OB-2")).toEqual([[2.5, null]]);
    const [doc] = await w.query(
      "SELECT type_code, status_code FROM wms_documents WHERE document_number = ?",
      [
        booked.body.documents[0],
      ],
    );
    expect([doc.type_code, doc.status_code]).toEqual(["IIN", "confirmed"]);
  });

  it("sets each counted line to its count: a receipt for more, a release for less, the others as they are", async () => {
    await product(w, "CT-A");
    await product(w, "CT-B");
    await product(w, "CT-C");
    await location(w, "CT-1");
    await send(w, "/Import", "product,location,quantity\nCT-A,CT-1,10\nCT-B,CT-1,2\nCT-C,CT-1,5\n", {
      recordType: "Stock",
    });
    const counted = await send(w, "/Import", "product,location,quantity\nCT-A,CT-1,7\nCT-B,CT-1,3.5\n", {
      recordType: "Stock",
      stockMode: "count",
    });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(counted.body.documents).toHaveLength(2);
    expect([await stockAt("CT-A", "CT-1"), await stockAt("CT-B", "CT-1"), await stockAt("CT-C", "CT-1")])
      .toEqual([
        [[7, null]],
        [[3.5, null]],
        [[5, null]],
      ]);
    const types = await w.query(
      "SELECT type_code FROM wms_documents WHERE document_number IN (?, ?) ORDER BY type_code",
      counted.body.documents,
    );
    expect(types.map((r) => r.type_code)).toEqual(["IIN", "IOU"]);
    // A count of zero empties the line.
    await send(w, "/Import", "product,location,quantity\nCT-C,CT-1,0\n", {
      recordType: "Stock",
      stockMode: "count",
    });
    expect(await stockAt("CT-C", "CT-1")).toEqual([]);
    // Lots are lines of their own: a count of the line without an expiry takes from that line, not from the
    // lot that expires first.
    const lot = daysAhead(400);
    await send(
      w,
      "/Import",
      `product,location,quantity,expiryDate\nCT-C,CT-1,10,${lot}\nCT-C,CT-1,5,\n`,
      {
        recordType: "Stock",
      },
    );
    const lots = await send(
      w,
      "/Import",
      `product,location,quantity,expiryDate\nCT-C,CT-1,10,${lot}\nCT-C,CT-1,0,\n`,
      { recordType: "Stock", stockMode: "count" },
    );
    expect(lots.status, JSON.stringify(lots.body)).toBe(200);
    expect(await stockAt("CT-C", "CT-1")).toEqual([[10, lot]]);
  });

  it("is for those who write documents", async () => {
    const contractorless = await addStaffUser(w, "imports-stock-basic", { logisticsEnabled: false });
    const r = await send(
      w,
      "/Import",
      "product,location,quantity\nCT-A,CT-1,1\n",
      { recordType: "Stock" },
      { token: contractorless },
    );
    expect(r.status).toBe(403);
  });
});
