// Export (issue 18): any list as it is filtered and sorted, the columns asked for, as CSV, XLSX or PDF,
// streamed. Each file is read back by a real parser (papaparse, exceljs, poppler's pdftotext) and must give
// the rows the list itself pages out, in its order: NULLs, ties and a descending sort included.
import { scratchDir } from "../fixtures/scratch.ts";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Papa from "papaparse";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  company,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";
import { addUser, signIn } from "../fixtures/harness.ts";
import { resourcesByName } from "../../server/engine/engine.ts";
import { routes } from "../../server/engine/http/openapi.ts";
import { CSV_OPTIONS } from "../../server/domain/exports/write.ts";
import { inventoryMeta } from "../../shared/resources/inventory.ts";

let w: StockWorld;
let basic: string;
const N = 2_345;

/** Names that try a CSV: quotes, separators, other scripts, a formula. */
const odd = ['Tea "Earl" Grey', "Rice; long, white", 'Salt, "fine"', "Żółć gęślą jaźń", "Чай чёрный", "=1+2"];

beforeAll(async () => {
  w = await startStockWorld("exports");
  basic = await addStaffUser(w, "exports-basic");
  // Many rows through the import (the real path); a third without a weight, weights tied in fives.
  const lines = ["index;name;weight"];
  for (let i = 0; i < N; i++) {
    const name = i < odd.length ? odd[i] : `Product ${String(i).padStart(5, "0")}`;
    const weight = i % 3 === 0 ? "" : String(Math.floor(i / 5) / 10);
    lines.push(Papa.unparse([[`EX-${String(i).padStart(5, "0")}`, name, weight]], { delimiter: ";" }));
  }
  const form = new FormData();
  form.append("file", new File([lines.join("\r\n")], "products.csv"));
  form.append("recordType", "Product");
  const r = await fetch(`${w.s.baseUrl}/api/Import`, {
    method: "POST",
    headers: { authorization: `Bearer ${w.admin}` },
    body: form,
  });
  // More rows than import at once: a job, followed to its end.
  expect(r.status, await r.clone().text()).toBe(202);
  const { jobId } = await r.json();
  for (let status = "running"; status === "running";) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = (await w.api("GET", `/Import/${jobId}`)).body.status;
    if (status === "failed") throw new Error("the import of the products failed");
  }
}, 120_000);
afterAll(() => w?.s.close());

function get(path: string, token = w.admin, lang = "en-us") {
  return fetch(`${w.s.baseUrl}/api${path}`, {
    headers: { authorization: `Bearer ${token}`, "accept-language": lang },
  });
}

/** Every row of the list, paged as the list answers it. */
async function paged(path: string, query: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1;; page++) {
    const r = await w.api("GET", `${path}?${query}&PageSize=1000&PageNumber=${page}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    rows.push(...r.body.results);
    if (rows.length >= r.body.allFilteredRowCount) return rows;
  }
}

/** A CSV answer's text, which starts with a BOM (Excel reads UTF-8 only with it). */
async function csvOf(r: Response): Promise<string> {
  const bytes = new Uint8Array(await r.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes);
}

const filter = (f: unknown[]) => `BasicFiltersSerialized=${encodeURIComponent(JSON.stringify(f))}`;

describe("export", () => {
  for (const descending of [false, true]) {
    it(`gives a CSV the parser reads back as the list's rows, sorted by a column with NULLs ${descending ? "descending" : "ascending"}`, async () => {
      const query = `sortColumn=weight&sortDescending=${descending}&${
        filter([{ field: "index", operator: "startsWith", value: "EX-" }])
      }`;
      const r = await get(`/Product/export?format=csv&columns=index,name,weight&${query}`);
      expect(r.status, await r.clone().text()).toBe(200);
      expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(r.headers.get("content-disposition")).toMatch(
        /^attachment; filename="Product-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const parsed = Papa.parse<string[]>(await csvOf(r), { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const [header, ...rows] = parsed.data;
      expect(header).toEqual(["Index", "Name", "Weight"]);
      const list = await paged("/Product", query);
      expect(list.length).toBe(N);
      // A cell that a spreadsheet would run as a formula is written as text.
      const asText = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
      expect(rows).toEqual(
        list.map((p) => [p.index, asText(String(p.name)), p.weight === null ? "" : String(p.weight)]),
      );
      expect(rows.map((r) => r[1])).toContain("'=1+2");
      expect(rows.map((r) => r[1])).toContain('Salt, "fine"');
    });
  }

  it("gives an XLSX with typed cells and a summary sheet in the reader's language", async () => {
    const query = `sortColumn=index&sortDescending=true&${
      filter([{ field: "name", operator: "contains", value: "Product 01" }])
    }`;
    const r = await get(
      `/Product/export?format=xlsx&columns=index,name,weight,createdAt&${query}`,
      w.admin,
      "pl-pl",
    );
    expect(r.status, await r.clone().text()).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await r.arrayBuffer());
    const [sheet, summary] = book.worksheets;
    const values = (i: number) => (sheet.getRow(i).values as unknown[]).slice(1);
    expect(values(1)).toEqual(["Indeks", "Nazwa", "Waga", "Utworzono"]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    // An instant is a date cell shown with its time, on every row; the other cells keep the default format.
    for (const i of [2, 500, 1001]) {
      expect(sheet.getRow(i).getCell(4).numFmt, `row ${i}`).toBe("yyyy-mm-dd hh:mm");
      expect(sheet.getRow(i).getCell(3).numFmt ?? "General", `row ${i}`).toBe("General");
    }
    const list = await paged("/Product", query);
    expect(list.length).toBe(1000);
    expect(sheet.rowCount).toBe(list.length + 1);
    for (let i = 0; i < list.length; i++) {
      const [index, name, weight, created] = values(i + 2);
      expect([index, name, weight ?? null]).toEqual([list[i].index, list[i].name, list[i].weight]);
      expect((created as Date).toISOString()).toBe(new Date(String(list[i].createdAt)).toISOString());
    }
    const lines = Object.fromEntries(
      Array.from({ length: summary.rowCount }, (_, i) => (summary.getRow(i + 1).values as string[]).slice(1)),
    );
    expect(summary.name).toBe("Podsumowanie");
    expect(lines["Wiersze"]).toBe("1000");
    expect(lines["Filtry"]).toBe("Nazwa contains Product 01");
    expect(lines["Sortowanie"]).toBe("Indeks malejąco");
  });

  it("gives a PDF of the list's columns, and refuses one too long before writing a byte", async () => {
    const query = filter([{ field: "index", operator: "in", value: ["EX-00003", "EX-00004", "EX-00100"] }]);
    const r = await get(`/Product/export?format=pdf&columns=index,name&sortColumn=index&${query}`);
    expect(r.status, await r.clone().text()).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/pdf");
    const dir = scratchDir("export-");
    writeFileSync(join(dir, "list.pdf"), new Uint8Array(await r.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", join(dir, "list.pdf"), "-"], { encoding: "utf8" });
    expect(text).toMatch(/Index\s+Name/);
    expect(text).toMatch(/EX-00003\s+Żółć gęślą jaźń/);
    expect(text).toMatch(/EX-00004\s+Чай чёрный/);
    expect(text).toMatch(/EX-00100\s+Product 00100/);
    expect(text).toMatch(/Rows: 3/);

    // More rows than a PDF takes: 422 with the limit, nothing streamed.
    await w.query(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8000)
       INSERT INTO products (name, product_index, created_at, updated_at)
       SELECT 'Bulk ' || i, 'BULK-' || i, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM n`,
    );
    const long = await get("/Product/export?format=pdf");
    expect(long.status).toBe(422);
    const body = await long.json();
    expect(body.error.code).toBe("export.tooManyRows");
    expect(body.error.message).toBe(
      "A PDF takes at most 10000 rows: export as CSV or XLSX, or narrow the filter.",
    );
    // The same list as CSV: every row.
    const all = await csvOf(await get("/Product/export?format=csv&columns=id"));
    expect(all.trim().split("\r\n").length - 1).toBe(N + 8000);
  });

  it("writes a PDF's dates and instants as the list shows them, in the reader's time zone; a CSV keeps ISO", async () => {
    const bin = await location(w, "EXP-DATES");
    const made = await w.api("POST", "/WmsDocument", {
      typeCode: "IIN",
      destinationLocationId: bin,
      plannedDate: "2031-04-20",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const doc = (await w.api("GET", `/WmsDocument/${made.body.id}`)).body;
    // A working copy: no stock changes under the other exports of this file.
    const query = "columns=documentNumber,plannedDate,createdAt&" +
      filter([{ field: "createdAt", operator: "gte", value: "2020-01-05" }]);
    const r = await get(`/WmsDocument/export?format=pdf&timeZone=Asia/Tokyo&${query}`, w.admin, "de-de");
    expect(r.status, await r.clone().text()).toBe(200);
    const dir = scratchDir("export-");
    writeFileSync(join(dir, "dates.pdf"), new Uint8Array(await r.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", join(dir, "dates.pdf"), "-"], { encoding: "utf8" });
    const tokyo = (d: Date) =>
      new Intl.DateTimeFormat("de-DE", {
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        timeZone: "Asia/Tokyo",
      }).format(d);
    const literal = (v: string) => v.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    expect(text).toMatch(
      new RegExp(
        `${literal(doc.documentNumber)}\\s+20\\.04\\.2031\\s+${literal(tokyo(new Date(doc.createdAt)))}`,
      ),
    );
    // The summary: the filter's day and when it was exported, the same way.
    expect(text).toContain("gte 05.01.2020");
    expect(text).toMatch(/\b\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\b/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}/);
    // The CSV keeps the machine values.
    const csv = Papa.parse<string[]>(await csvOf(await get(`/WmsDocument/export?format=csv&${query}`)), {
      skipEmptyLines: true,
    }).data;
    expect(csv[1]).toEqual([doc.documentNumber, "2031-04-20", doc.createdAt]);
  });

  it("takes only the list's columns, in the order asked; an unknown or secret one is a bad query", async () => {
    const r = await get(
      "/Product/export?format=csv&columns=name,index&" +
        filter([{ field: "index", operator: "eq", value: "EX-00001" }]),
    );
    expect((await csvOf(r)).trim().split("\r\n")).toEqual([
      "Name,Index",
      '"Rice; long, white",EX-00001',
    ]);
    for (const columns of ["nope", "__proto__"]) {
      const bad = await get(`/Product/export?columns=${columns}`);
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.code).toBe("request.badQuery");
    }
    await w.api("POST", "/EmailAccount", {
      address: "out@example.com",
      smtpServer: "127.0.0.1",
      smtpPort: 25,
      password: "s3cret",
    });
    const accounts = await get("/EmailAccount/export?columns=password");
    expect(accounts.status).toBe(400);
    const shown = await csvOf(await get("/EmailAccount/export?format=csv"));
    expect(shown).not.toContain("s3cret");
    expect((await get("/Product/export?format=docx")).status).toBe(400);
    expect((await get("/Product/export?sortColumn=description")).status).toBe(400);
  });

  it("is the caller's list: a basic user may not export what they may not read, a contractor exports only theirs", async () => {
    expect((await get("/EmailAccount/export", basic)).status).toBe(403);
    const acme = await company(w, "EXP-ACME");
    const other = await company(w, "EXP-OTHER");
    await product(w, "EXP-MINE", { contractorId: acme });
    await product(w, "EXP-THEIRS", { contractorId: other });
    await addUser(w.s, w.admin, {
      username: "exports-contractor",
      connectedContractorId: acme,
      contractorPortalEnabled: true,
    });
    const contractor = (await signIn(w.s, "exports-contractor")).token;
    const theirs = await csvOf(await get("/Product/export?columns=index", contractor));
    expect(theirs.trim().split("\r\n")).toEqual(["Index", "EXP-MINE"]);
    // Their stock only, too.
    const bin = await location(w, "EXP-BIN");
    await receive(
      w,
      (await w.api("GET", "/Product?" + filter([{ field: "index", operator: "eq", value: "EXP-MINE" }]))).body
        .results[0].id,
      bin,
      3,
    );
    await receive(
      w,
      (await w.api("GET", "/Product?" + filter([{ field: "index", operator: "eq", value: "EXP-THEIRS" }])))
        .body.results[0].id,
      bin,
      4,
    );
    const stock = await csvOf(
      await get("/WmsInventory/inventory/export?columns=productIndex,locationLabel,quantity", contractor),
    );
    expect(stock.trim().split("\r\n")).toEqual([
      "Product index,Location,Quantity",
      "EXP-MINE,EXP-BIN,3",
    ]);
    const staff = await csvOf(
      await get(
        "/WmsInventory/inventory/export?columns=productIndex,quantity&sortColumn=quantity&sortDescending=true",
      ),
    );
    expect(staff.trim().split("\r\n")).toEqual([
      "Product index,Quantity",
      "EXP-THEIRS,4",
      "EXP-MINE,3",
    ]);
  });

  it("is offered by a list's metadata only where the route is there", () => {
    const exported = [...resourcesByName.values()].map((r) => r.meta).concat(inventoryMeta)
      .filter((m) => m.exportPath);
    expect(exported.length).toBeGreaterThan(20);
    for (const meta of exported) {
      expect(routes.some((r) => r.method === "get" && r.path === meta.exportPath), meta.resource).toBe(true);
    }
  });

  it("writes a formula as text even when a line break follows it (papaparse's own pattern lets that through)", () => {
    const csv = Papa.unparse(
      [['=HYPERLINK("http://x")\nrest', "+1", "-2", "@SUM(A1)", "plain"]],
      CSV_OPTIONS,
    );
    expect(Papa.parse<string[]>(csv).data[0]).toEqual([
      `'=HYPERLINK("http://x")\nrest`,
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "plain",
    ]);
  });

  it("exports the reports with their own parameters: stock per product, movements, the price list", async () => {
    const bin = await location(w, "EXP-REP");
    const one = await product(w, "REP-ONE");
    await product(w, "REP-NONE");
    await receive(w, one, bin, 6);
    const stock = Papa.parse<string[]>(
      await csvOf(
        await get(
          "/WmsInventory/productStock/export?columns=productIndex,quantity&" +
            filter([{ field: "productIndex", operator: "startsWith", value: "REP-" }]),
        ),
      ),
      { skipEmptyLines: true },
    ).data;
    expect(stock).toEqual([["Product index", "Quantity"], ["REP-ONE", "6"]]);
    // With the products at 0 too (the screen's own parameter).
    const all = Papa.parse<string[]>(
      await csvOf(
        await get(
          "/WmsInventory/productStock/export?includeZero=true&columns=productIndex,quantity&" +
            "sortColumn=productIndex&" +
            filter([{ field: "productIndex", operator: "startsWith", value: "REP-" }]),
        ),
      ),
      { skipEmptyLines: true },
    ).data;
    expect(all.slice(1)).toEqual([["REP-NONE", "0"], ["REP-ONE", "6"]]);
    const moves = Papa.parse<string[]>(
      await csvOf(
        await get(`/WmsInventory/productMovements/export?productId=${one}&columns=documentTypeCode`),
      ),
      { skipEmptyLines: true },
    ).data;
    expect(moves.slice(1)).toEqual([["IIN"]]);
    const prices = await get(
      "/Product/PriceList/export?format=xlsx&" +
        filter([{ field: "productIndex", operator: "eq", value: "REP-ONE" }]),
    );
    expect(prices.status, await prices.clone().text()).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await prices.arrayBuffer());
    expect(book.worksheets[0].rowCount).toBe(2);
  });

  it("exports the users for those who manage them", async () => {
    const users =
      Papa.parse<string[]>(await csvOf(await get("/User/export?columns=username&sortColumn=username")), {
        skipEmptyLines: true,
      }).data;
    expect(users.flat()).toEqual(expect.arrayContaining(["exports-admin", "exports-basic"]));
    expect((await get("/User/export", basic)).status).toBe(404);
  });
});
