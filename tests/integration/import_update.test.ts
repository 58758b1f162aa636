// Issue 31, item 29: importing the same products file twice. The preview checks every row against the stored
// records and the file's other rows (an index or barcode already used, every row and column named), and the
// import may update the stored records a row names by index (or barcode) besides adding the rest: a row
// that changes nothing is left as it is (no version, no history), and the same file again changes nothing
// and says so. All or none still: a refusal midway leaves every change of the file undone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser } from "../fixtures/harness.ts";
import { company, follow, location, send, startStockWorld, type StockWorld } from "./stock/fixture.ts";

let w: StockWorld;

beforeAll(async () => {
  w = await startStockWorld("import-update");
  for (const name of ["Cold", "Dry"]) {
    expect((await w.api("POST", "/ProductGroup", { name })).status).toBe(201);
  }
}, 60_000);
afterAll(() => w?.s.close());

const pad = (i: number) => String(i).padStart(3, "0");
/** 57 products as a spreadsheet of them says: index, name, weight, barcode, main group by name. */
function products(change: (i: number) => Partial<Record<string, string>> = () => ({})) {
  const lines = Array.from({ length: 57 }, (_, k) => {
    const i = k + 1;
    const row = {
      index: `UPD-${pad(i)}`,
      name: `Product ${i}`,
      weight: `${i % 7}.25`,
      barcode: `5900000000${pad(i)}`,
      group: i % 2 ? "Dry" : "Cold",
      ...change(i),
    };
    return [row.index, row.name, row.weight, row.barcode, row.group].join(",");
  });
  return ["Index,Name,Weight,Barcodes,Main group", ...lines].join("\r\n") + "\r\n";
}

const history = async () =>
  Number((await w.query("SELECT count(*) AS n FROM record_log WHERE resource_type = 'Product'"))[0].n);
const versions = async () => (await w.query(
  "SELECT product_index, version, weight FROM products WHERE product_index LIKE 'UPD-%' ORDER BY 1",
));

describe("the same products file imported twice", () => {
  it("is refused in full by the preview when adding, and changes nothing when updating, saying so", async () => {
    const first = await send(w, "/Import", products(), { recordType: "Product" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ imported: 57, added: 57, updated: 0, unchanged: 0 });

    // Adding again: every row's index and barcode are a stored product's, each named where it stands.
    const again = await send(w, "/Import/preview", products(), { recordType: "Product" });
    expect(again.status).toBe(200);
    expect(again.body.errorCount).toBe(114);
    expect(new Set(again.body.errors.map((e: { row: number }) => e.row)).size).toBe(57);
    expect(again.body.errors.slice(0, 2)).toEqual([
      {
        row: 2,
        column: "Index",
        code: "import.alreadyStored",
        params: { value: "UPD-001", owner: "UPD-001" },
        message: "UPD-001 is already used by UPD-001. To change stored records, choose to update them.",
      },
      {
        row: 2,
        column: "Barcodes",
        code: "import.alreadyStored",
        params: { value: "5900000000001", owner: "UPD-001" },
        message: "5900000000001 is already used by UPD-001. To change stored records, choose to update them.",
      },
    ]);
    expect(again.body.errors.at(-1)).toMatchObject({
      row: 58,
      column: "Barcodes",
      code: "import.alreadyStored",
    });
    const refused = await send(w, "/Import", products(), { recordType: "Product" });
    expect([refused.status, refused.body.error.code, refused.body.error.errors.length]).toEqual([
      422,
      "import.invalidRows",
      114,
    ]);
    expect(refused.body.error.message).toBe(
      "114 cells cannot be imported; nothing was imported. Each is named by its row and column.",
    );

    // Updating: every row is a stored product as it is.
    const before = [await history(), await versions()] as const;
    const preview = await send(w, "/Import/preview", products(), { recordType: "Product", mode: "update" });
    expect(preview.body).toMatchObject({
      errors: [],
      errorCount: 0,
      mode: "update",
      matchFields: ["index", "barcodes"],
      summary: { added: 0, updated: 0, unchanged: 57 },
    });
    const same = await send(w, "/Import", products(), { recordType: "Product", mode: "update" });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ imported: 0, added: 0, updated: 0, unchanged: 57 });
    expect([await history(), await versions()]).toEqual(before);

    // Three weights changed, one left empty (kept), two rows new: only those are written.
    const changed =
      products((i) => i === 3 || i === 30 || i === 57 ? { weight: "9.5" } : i === 10 ? { weight: "" } : {}) +
      "UPD-058,New 58,1,5900000000058,Dry\r\nUPD-059,New 59,,,\r\n";
    const mixed = await send(w, "/Import", changed, { recordType: "Product", mode: "update" });
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(200);
    expect(mixed.body).toMatchObject({ imported: 5, added: 2, updated: 3, unchanged: 54 });
    expect(await history()).toBe(before[0] + 5);
    const after = await versions();
    expect(after.filter((p) => p.version !== 1).map((p) => [p.product_index, p.version, p.weight])).toEqual([
      ["UPD-003", 2, 9.5],
      ["UPD-030", 2, 9.5],
      ["UPD-057", 2, 9.5],
    ]);
    expect(after.find((p) => p.product_index === "UPD-010")?.weight).toBe(3.25);
    expect(after).toHaveLength(59);
  });

  it("updates the product a barcode names, and refuses a value another record or another row has", async () => {
    const byBarcode = await send(w, "/Import", "Barcodes,Weight\r\n5900000000005,7.75\r\n", {
      recordType: "Product",
      mode: "update",
    });
    expect(byBarcode.body).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
    const [p5] = await w.query("SELECT weight, name FROM products WHERE product_index = 'UPD-005'");
    expect([p5.weight, p5.name]).toEqual([7.75, "Product 5"]);

    const clashes = [
      "Index,Name,Barcodes",
      "UPD-010,Ten,5900000000011", // another product's barcode
      "NEW-X,First,",
      "new-x,Second,", // the same new index twice (in capitals, as it is stored)
      "UPD-020,Twenty,",
      ",,5900000000020", // the same product as the row before, by its barcode
    ].join("\n");
    const r = await send(w, "/Import/preview", clashes, { recordType: "Product", mode: "update" });
    expect(r.body.errors).toEqual([
      {
        row: 2,
        column: "Barcodes",
        code: "import.usedByOther",
        params: { value: "5900000000011", owner: "UPD-011" },
        message: "5900000000011 is already used by UPD-011, not by the record this row updates.",
      },
      {
        row: 4,
        column: "Index",
        code: "import.repeatedInFile",
        params: { value: "NEW-X", row: 3 },
        message: "NEW-X is already in row 3 of this file.",
      },
      {
        row: 6,
        column: "Index",
        code: "import.repeatedInFile",
        params: { value: "UPD-020", row: 5 },
        message: "UPD-020 is already in row 5 of this file.",
      },
      {
        row: 6,
        column: "Barcodes",
        code: "import.repeatedInFile",
        params: { value: "5900000000020", row: 5 },
        message: "5900000000020 is already in row 5 of this file.",
      },
    ]);
    // A contact person has nothing that names one stored record: only added.
    const persons = await send(w, "/Import/preview", "firstName,lastName\nAnn,Lee\n", {
      recordType: "Person",
      mode: "update",
    });
    expect([persons.status, persons.body.error.fields]).toEqual([400, { mode: ["validation.invalidValue"] }]);
  });

  it("names a location whose label is another's barcode (a barcode is its label when none is given)", async () => {
    await location(w, "LBL-1", { barcode: "CODE-9" });
    const r = await send(w, "/Import/preview", "Label\nCODE-9\nLBL-2\n", { recordType: "StorageSpace" });
    expect(r.body.errors).toEqual([{
      row: 2,
      column: "Label",
      code: "import.alreadyStored",
      params: { value: "CODE-9", owner: "LBL-1" },
      message: "CODE-9 is already used by LBL-1. To change stored records, choose to update them.",
    }]);
  });
});

describe("a long file", () => {
  it("is previewed as a job, every row checked, not only those shown", async () => {
    const lines = Array.from({ length: 2_500 }, (_, i) => `LONG-${i},Long ${i}`);
    lines[2_450] = "UPD-040,Again"; // file row 2,452
    const r = await send(w, "/Import/preview", ["Index,Name", ...lines].join("\n"), {
      recordType: "Product",
    });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(202);
    const done = (await follow(w, r.body.jobId)).at(-1)! as {
      preview: { rows: unknown[]; summary: unknown; errors: unknown[] };
    };
    expect(done).toMatchObject({ kind: "preview", status: "done", checked: 2_500, total: 2_500 });
    expect(done.preview.rows).toHaveLength(50);
    expect(done.preview.summary).toEqual({ added: 2_499, updated: 0, unchanged: 0 });
    expect(done.preview.errors).toEqual([expect.objectContaining({
      row: 2_452,
      column: "Index",
      code: "import.alreadyStored",
    })]);
  });

  it("updating in slices is undone whole when the database refuses a row midway", async () => {
    const kept = await company(w, "KEEPROLE");
    await addUser(w.s, w.admin, { username: "keeprole-user", connectedContractorId: kept });
    await company(w, "UPDME");
    const rows = Array.from({ length: 2_100 }, (_, i) => `CO-${String(i).padStart(4, "0")},contractor,`);
    // The second row updates UPDME; the last would take KEEPROLE's role from under its contractor user.
    const file = [
      "Short name,Key role,Full name",
      "UPDME,contractor,Renamed Ltd",
      ...rows,
      "KEEPROLE,supplier,",
    ].join("\n");
    const started = await send(w, "/Import", file, { recordType: "Company", mode: "update" });
    expect(started.status, JSON.stringify(started.body).slice(0, 300)).toBe(202);
    const seen = await follow(w, started.body.jobId);
    expect(seen.at(-1)).toMatchObject({
      kind: "import",
      status: "failed",
      error: {
        code: "import.invalidRows",
        errors: [{ row: 2_103, column: "Key role", code: "validation.invalidValue" }],
      },
    });
    expect(await w.query("SELECT id FROM companies WHERE short_name LIKE 'CO-%'")).toEqual([]);
    const [upd] = await w.query("SELECT full_name, version FROM companies WHERE short_name = 'UPDME'");
    expect([upd.full_name, upd.version]).toEqual([null, 1]);
    const [keep] = await w.query("SELECT key_role FROM companies WHERE id = ?", [kept]);
    expect(keep.key_role).toBe("contractor");
  }, 120_000);
});
