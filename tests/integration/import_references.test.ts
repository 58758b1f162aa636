// Issue 31, item 16: the product import's template is headed in the user's language and its reference
// columns take what people know (a group's name, a contractor's short name or tax ID, a location's label or
// barcode), still ids. A template downloaded in Polish, filled with names, is imported by an English user;
// a name that matches nothing, or several records, is refused at its cell in the reader's language.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company, location, send, startStockWorld, type StockWorld } from "./stock/fixture.ts";

let w: StockWorld;
const ids: Record<string, number> = {};

beforeAll(async () => {
  w = await startStockWorld("import-refs");
  for (const name of ["Napoje", "Żywność"]) {
    const r = await w.api("POST", "/ProductGroup", { name });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    ids[name] = r.body.id;
  }
  ids.ACME = await company(w, "ACME");
  ids.BETA = await company(w, "BETA");
  ids.BETA2 = await company(w, "BETA-2");
  ids.SUPP = await company(w, "SUPP", "supplier");
  // ACME by its tax ID; two branches of one firm share theirs.
  await w.query("UPDATE companies SET tax_id = 'PL1234567890' WHERE id = ?", [ids.ACME]);
  await w.query("UPDATE companies SET tax_id = 'PL999' WHERE id IN (?, ?)", [ids.BETA, ids.BETA2]);
  ids["A-01"] = await location(w, "A-01", { barcode: "LOC-A01" });
  ids["B-02"] = await location(w, "B-02");
}, 60_000);
afterAll(() => w?.s.close());

async function template(language: string, format = "xlsx") {
  const r = await fetch(`${w.s.baseUrl}/api/config/importtemplate?recordType=Product&format=${format}`, {
    headers: { authorization: `Bearer ${w.admin}`, "accept-language": language },
  });
  expect(r.status).toBe(200);
  return r;
}

/** The Polish template with rows filled in under its own headings. */
async function filled(rows: Record<string, unknown>[]) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await (await template("pl-PL")).arrayBuffer());
  const sheet = book.worksheets[0];
  const headings = (sheet.getRow(1).values as string[]).slice(1);
  for (const row of rows) sheet.addRow(headings.map((h) => row[h] ?? null));
  return new Uint8Array(await book.xlsx.writeBuffer() as ArrayBuffer);
}

describe("the product template", () => {
  it("is headed by the fields' labels in the user's language, each with a note of what it takes", async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await template("pl-PL")).arrayBuffer());
    const header = book.worksheets[0].getRow(1);
    const headings = (header.values as string[]).slice(1);
    expect(headings.slice(0, 2)).toEqual(["Indeks", "Nazwa"]);
    for (const h of ["Grupa główna", "Kontrahent", "Domyślna lokalizacja", "Waga", "Kody kreskowe"]) {
      expect(headings).toContain(h);
    }
    expect(headings.some((h) => /Id$/.test(h))).toBe(false);
    // A note read back is its text, or its runs of text.
    const note = (heading: string) => {
      const n = header.getCell(headings.indexOf(heading) + 1).note as string | { texts: { text: string }[] };
      return typeof n === "string" ? n : n.texts.map((t) => t.text).join("");
    };
    expect(note("Grupa główna")).toContain("Nazwa grupy produktów");
    expect(note("Kontrahent")).toContain("Nazwa skrócona lub NIP kontrahenta");
    expect(note("Domyślna lokalizacja")).toContain("Etykieta lub kod kreskowy lokalizacji");
    expect(note("Indeks")).toContain("Wymagane.");
    // In English, the same columns in English; a Polish CSV is separated as a Polish spreadsheet expects.
    const english = new ExcelJS.Workbook();
    await english.xlsx.load(await (await template("en-US")).arrayBuffer());
    expect((english.worksheets[0].getRow(1).values as string[]).slice(1, 3)).toEqual(["Index", "Name"]);
    const csv = (await (await template("pl-PL", "csv")).text()).replace("\ufeff", "");
    expect(csv.split("\r\n")[0].split(";").slice(0, 3)).toEqual(["Indeks", "Nazwa", "Kody kreskowe"]);
  });
});

describe("a Polish template filled with names, imported by an English user", () => {
  it("maps the Polish headings and resolves groups, contractors and locations by name, label or barcode", async () => {
    const file = await filled([
      {
        Indeks: "REF-1",
        Nazwa: "Woda",
        "Grupa główna": "napoje",
        Kontrahent: "acme",
        "Domyślna lokalizacja": "a-01",
        Waga: 1.5,
        Kruchy: "tak",
      },
      {
        Indeks: "REF-2",
        Nazwa: "Chleb",
        "Grupa główna": "ŻYWNOŚĆ",
        Kontrahent: "PL1234567890",
        "Domyślna lokalizacja": "LOC-A01",
        Waga: "0,5",
      },
      // Ids still do, under the same headings.
      {
        Indeks: "REF-3",
        Nazwa: "Sok",
        "Grupa główna": ids.Napoje,
        Kontrahent: ids.ACME,
        "Domyślna lokalizacja": ids["B-02"],
      },
    ]);
    const preview = await send(w, "/Import/preview", file, { recordType: "Product", decimalSeparator: "," });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.mapping).toMatchObject({
      Indeks: "index",
      Nazwa: "name",
      "Grupa główna": "mainGroupId",
      Kontrahent: "contractorId",
      "Domyślna lokalizacja": "defaultLocationId",
      Waga: "weight",
      Kruchy: "fragile",
    });
    expect(preview.body.ignoredColumns).toEqual([]);
    expect(preview.body.errors).toEqual([]);
    const r = await send(w, "/Import", file, { recordType: "Product", decimalSeparator: "," });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ imported: 3, added: 3, updated: 0, unchanged: 0 });
    const rows = await w.query(
      `SELECT product_index, main_group_id, contractor_id, default_location_id, weight, fragile
       FROM products WHERE product_index LIKE 'REF-%' ORDER BY product_index`,
    );
    expect(rows.map((p) => Object.values(p))).toEqual([
      ["REF-1", ids.Napoje, ids.ACME, ids["A-01"], 1.5, 1],
      ["REF-2", ids["Żywność"], ids.ACME, ids["A-01"], 0.5, 0],
      ["REF-3", ids.Napoje, ids.ACME, ids["B-02"], null, 0],
    ]);
  });

  it("refuses a name that matches nothing or several records at its cell, in the reader's words", async () => {
    const file = await filled([
      { Indeks: "BAD-1", Nazwa: "A", "Grupa główna": "Słodycze", Kontrahent: "PL999" },
      // A supplier is no contractor; a location neither labelled nor coded so.
      { Indeks: "BAD-2", Nazwa: "B", Kontrahent: "SUPP", "Domyślna lokalizacja": "Z-99" },
    ]);
    const r = await send(w, "/Import/preview", file, { recordType: "Product" });
    expect(r.body.errors).toEqual([
      {
        row: 2,
        column: "Grupa główna",
        code: "import.referenceNotFound",
        params: { variant: "ProductGroup", value: "Słodycze" },
        message: "There is no product group named Słodycze.",
      },
      {
        row: 2,
        column: "Kontrahent",
        code: "import.referenceAmbiguous",
        params: { variant: "Contractor", value: "PL999", count: 2 },
        message: "Several contractors answer to PL999 (a short name or tax ID): write the short name.",
      },
      {
        row: 3,
        column: "Kontrahent",
        code: "import.referenceNotFound",
        params: { variant: "Contractor", value: "SUPP" },
        message: "No contractor has the short name or tax ID SUPP.",
      },
      {
        row: 3,
        column: "Domyślna lokalizacja",
        code: "import.referenceNotFound",
        params: { variant: "StorageSpace", value: "Z-99" },
        message: "No location has the label or barcode Z-99.",
      },
    ]);
    const refused = await send(w, "/Import", file, { recordType: "Product" });
    expect([refused.status, refused.body.error.code]).toEqual([422, "import.invalidRows"]);
    expect(refused.body.error.errors).toHaveLength(4);
    expect(await w.query("SELECT id FROM products WHERE product_index LIKE 'BAD-%'")).toEqual([]);
  });

  it("reads the templates before by the fields' own names: ids first there", async () => {
    // A group named as another group's id: under mainGroupId the number is an id, under "Main group" a name.
    const named = await w.api("POST", "/ProductGroup", { name: String(ids.Napoje) });
    expect(named.status).toBe(201);
    const csv = (heading: string) =>
      new TextEncoder().encode(
        `index,name,${heading},contractorId\nOLD-${heading},Old,${ids.Napoje},${ids.ACME}\n`,
      );
    const r = await send(w, "/Import", csv("mainGroupId"), { recordType: "Product" }, { name: "old.csv" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const byLabel = await send(w, "/Import", csv("Main group"), { recordType: "Product" }, {
      name: "new.csv",
    });
    expect(byLabel.status, JSON.stringify(byLabel.body)).toBe(200);
    const groups = await w.query(
      "SELECT product_index, main_group_id FROM products WHERE product_index LIKE 'OLD-%' ORDER BY 1",
    );
    expect(groups.map((g) => Object.values(g))).toEqual([
      ["OLD-MAIN GROUP", named.body.id],
      ["OLD-MAINGROUPID", ids.Napoje],
    ]);
  });
});
