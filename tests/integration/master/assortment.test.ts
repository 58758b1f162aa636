// Products and exchange rates over HTTP against a real server and real SQLite files: every field and rule
// (index, barcodes, ranges, flags, references), the barcode filter and quick search, RecordLog entries,
// the version check, role rules, contractor scope and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, call, signIn, type TestServer } from "../../fixtures/harness.ts";
import { masterCalls, type MasterWorld, startMasterWorld } from "./fixture.ts";

let w: MasterWorld;
let s: TestServer;
let admin: string;
let manager: string;
let basic: string;
let other: string;
let portal: string;
let farmsId: number;
let grocerId: number;
let supplierId: number;

const { query } = masterCalls(() => w);

async function company(shortName: string, keyRole: "contractor" | "supplier") {
  const now = new Date().toISOString();
  const [row] = await query(
    "INSERT INTO companies (short_name, key_role, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id",
    [shortName, keyRole, now, now],
  );
  return Number(row.id);
}

beforeAll(async () => {
  w = await startMasterWorld();
  ({ s, admin, manager, basic, other } = w);
  farmsId = await company("FRESH FARMS", "contractor");
  grocerId = await company("GREEN GROCER", "contractor");
  supplierId = await company("STEEL SUPPLY", "supplier");
  await addUser(s, admin, {
    username: "alpha-portal",
    contractorPortalEnabled: true,
    connectedContractorId: farmsId,
  });
  portal = (await signIn(s, "alpha-portal")).token;
});
afterAll(() => w?.close());

const addProduct = (token: string, body: Record<string, unknown>) =>
  call(s, "POST", "/api/Product", { token, body });

function listPath(resource: string, filters: unknown[], extra = "") {
  return `/api/${resource}?BasicFiltersSerialized=${encodeURIComponent(JSON.stringify(filters))}${extra}`;
}

async function indexes(token: string, filters: unknown[], extra = ""): Promise<string[]> {
  const r = await call(s, "GET", listPath("Product", filters, extra), { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.results.map((p: { index: string }) => p.index);
}

describe("Product", () => {
  it("adds, reads, edits and deletes with every field, each change in the RecordLog", async () => {
    const group =
      (await call(s, "POST", "/api/ProductGroup", { token: admin, body: { name: "Dairy" } })).body;
    const extra = (await call(s, "POST", "/api/ProductGroup", { token: admin, body: { name: "Chilled" } }))
      .body;
    const cold =
      (await call(s, "POST", "/api/StorageSpace", { token: admin, body: { label: "COLD-01" } })).body;
    const created = await addProduct(manager, {
      name: " Milk 1 l ",
      index: "milk-1l",
      barcodes: ["5901234123457", "MILK/1L", "5901234123457"],
      sapId: "SAP-100",
      description: "Fresh milk",
      unit: "pcs",
      weight: 1.03,
      dimensionX: 7,
      dimensionY: 7,
      dimensionZ: 20,
      cashValue: 3.49,
      imageUrl: "https://img.example/milk.png",
      mainGroupId: group.id,
      groupIds: [extra.id, extra.id],
      contractorId: farmsId,
      defaultLocationId: cold.id,
      palQuantity: 480,
      warningStock: 100,
      criticalStock: 20,
      minTemperature: 2,
      maxTemperature: 6,
      minimalExpDays: 5,
      receiptComment: "Check the seal",
      releaseComment: "First expiry out first",
      internalComment: "Supplier changes in May",
      contractorPortalComment: "Delivered daily",
      customFields: [{ code: "FAT", name: "Fat content", type: "number", printId: "P1" }],
      fragile: true,
      lockRelocate: true,
      expiryDateRequired: true,
      serialNumberVisible: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: "Milk 1 l",
      index: "MILK-1L",
      barcodes: ["5901234123457", "MILK/1L"],
      sapId: "SAP-100",
      weight: 1.03,
      cashValue: 3.49,
      mainGroupId: group.id,
      mainGroupName: "Dairy",
      groupIds: [extra.id],
      contractorId: farmsId,
      contractorName: "FRESH FARMS",
      defaultLocationId: cold.id,
      minTemperature: 2,
      maxTemperature: 6,
      minimalExpDays: 5,
      customFields: [{ code: "FAT", name: "Fat content", type: "number", printId: "P1" }],
      fragile: true,
      disabled: false,
      lockRelocate: true,
      // Required implies shown.
      expiryDateRequired: true,
      expiryDateVisible: true,
      serialNumberVisible: true,
      serialNumberRequired: false,
      productionDateVisible: false,
      version: 1,
    });
    const id = created.body.id;
    expect((await call(s, "GET", `/api/Product/${id}`, { token: basic })).body).toEqual(created.body);
    expect(await query("SELECT barcode FROM product_barcodes WHERE product_id = ? ORDER BY barcode", [id]))
      .toEqual([{ barcode: "5901234123457" }, { barcode: "MILK/1L" }]);

    const edited = await call(s, "PUT", "/api/Product", {
      token: manager,
      body: {
        id,
        version: 1,
        name: "Milk 1 l",
        index: "MILK-1L",
        barcodes: ["5901234123464"],
        groupIds: [],
        mainGroupId: null,
        productionDateRequired: true,
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      barcodes: ["5901234123464"],
      groupIds: [],
      mainGroupId: null,
      mainGroupName: null,
      contractorId: null,
      fragile: false,
      productionDateVisible: true,
      version: 2,
    });
    const stale = await call(s, "PUT", "/api/Product", {
      token: admin,
      body: { id, version: 1, name: "Lost", index: "MILK-1L" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("record.changedByAnotherUser");

    expect((await call(s, "DELETE", `/api/Product/${id}`, { token: manager })).status).toBe(204);
    expect((await call(s, "GET", `/api/Product/${id}`, { token: admin })).status).toBe(404);
    expect(await query("SELECT count(*) AS n FROM product_barcodes WHERE product_id = ?", [id]))
      .toEqual([{ n: 0 }]);
    const entries = await query(
      "SELECT action, title, old_object, new_object FROM record_log " +
        "WHERE resource_type = 'Product' AND resource_id = ? ORDER BY id",
      [id],
    );
    expect(entries.map((e) => e.action)).toEqual(["created", "changed", "deleted"]);
    expect(entries[0].title).toBe("MILK-1L");
    expect(JSON.parse(entries[0].new_object as string).barcodes).toEqual(["5901234123457", "MILK/1L"]);
    expect(JSON.parse(entries[1].new_object as string).barcodes).toEqual(["5901234123464"]);
    expect(JSON.parse(entries[2].old_object as string).index).toBe("MILK-1L");
  });

  it("keeps the index unique in any letter case and refuses an underscore in it", async () => {
    expect((await addProduct(admin, { name: "Bread", index: "BREAD-1" })).status).toBe(201);
    const before = await query("SELECT count(*) AS n FROM record_log");
    const clash = await addProduct(admin, { name: "Other bread", index: "bread-1" });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe("record.uniqueConflict");
    expect(clash.body.error.fields).toEqual({ index: ["validation.mustBeUnique"] });
    expect(await query("SELECT count(*) AS n FROM record_log")).toEqual(before);
    const underscore = await addProduct(admin, { name: "Rolls", index: "ROLL_1" });
    expect(underscore.status).toBe(400);
    expect(underscore.body.error.fields).toEqual({ index: ["validation.forbiddenCharacter"] });
    const missing = await addProduct(admin, { name: "No index" });
    expect(missing.body.error.fields).toEqual({ index: ["validation.required"] });
  });

  it("lets a barcode belong to one product only and checks its text", async () => {
    const first = await addProduct(admin, { name: "Tea", index: "TEA-1", barcodes: ["4000000000017"] });
    expect(first.status).toBe(201);
    const taken = await addProduct(admin, {
      name: "Tea 2",
      index: "TEA-2",
      barcodes: ["X1", "4000000000017"],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("record.uniqueConflict");
    expect(taken.body.error.fields).toEqual({ barcodes: ["validation.mustBeUnique"] });
    expect(await query("SELECT count(*) AS n FROM products WHERE product_index = 'TEA-2'")).toEqual([{
      n: 0,
    }]);
    // Saving a product with its own barcodes is no clash.
    const same = await call(s, "PUT", "/api/Product", {
      token: admin,
      body: { id: first.body.id, version: 1, name: "Tea", index: "TEA-1", barcodes: ["4000000000017", "T1"] },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    for (
      const [barcodes, fields] of [
        [["with space"], { "barcodes.0": ["validation.forbiddenCharacter"] }],
        [["ok", ""], { "barcodes.1": ["validation.required"] }],
        [["x".repeat(65)], { "barcodes.0": ["validation.tooLong"] }],
        [["tab\there"], { "barcodes.0": ["validation.forbiddenCharacter"] }],
      ] as const
    ) {
      const r = await addProduct(admin, { name: "Bad", index: "BAD-BARCODE", barcodes });
      expect(r.status, JSON.stringify(barcodes)).toBe(400);
      expect(r.body.error.fields).toEqual(fields);
    }
  });

  it("checks stock levels, temperatures, custom fields and references", async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ warningStock: 10, criticalStock: 11 }, {
        criticalStock: ["validation.criticalAboveWarning"],
        warningStock: ["validation.criticalAboveWarning"],
      }],
      [{ minTemperature: 8, maxTemperature: -2 }, {
        minTemperature: ["validation.minAboveMax"],
        maxTemperature: ["validation.minAboveMax"],
      }],
      [{ contractorId: supplierId }, { contractorId: ["validation.invalidValue"] }],
      [{ mainGroupId: 999_999 }, { mainGroupId: ["validation.invalidValue"] }],
      [{ groupIds: [999_999] }, { groupIds: ["validation.invalidValue"] }],
      [{ customFields: [{ code: "A", name: "A", type: "colour" }] }, {
        "customFields.0.type": ["validation.invalidValue"],
      }],
      [{
        customFields: [{ code: "A", name: "A", type: "text" }, { code: "a", name: "B", type: "date" }],
      }, { customFields: ["validation.mustBeUnique"] }],
    ];
    for (const [extra, fields] of cases) {
      const r = await addProduct(admin, { name: "Rule", index: "RULE-1", ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.error.fields, JSON.stringify(extra)).toEqual(fields);
    }
    const ok = await addProduct(admin, {
      name: "Rule",
      index: "RULE-1",
      warningStock: 10,
      criticalStock: 10,
      minTemperature: -18,
      maxTemperature: -18,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it("keeps custom fields as given, and refuses duplicate codes, too many rows and an empty code", async () => {
    const fields = [
      { code: "FAT", name: "Fat content", type: "number", printId: "P1" },
      { code: "origin", name: " Country of origin ", type: "text" },
    ];
    const created = await addProduct(manager, { name: "Butter", index: "CF-BUTTER", customFields: fields });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = [
      { code: "FAT", name: "Fat content", type: "number", printId: "P1" },
      { code: "origin", name: "Country of origin", type: "text", printId: null },
    ];
    expect(created.body.customFields).toEqual(stored);
    const { id } = created.body;
    expect((await call(s, "GET", `/api/Product/${id}`, { token: basic })).body.customFields).toEqual(stored);
    // What a read gives back is saved again as it is; an edit replaces the rows, in their order.
    const again = await call(s, "PUT", "/api/Product", {
      token: manager,
      body: { ...created.body, customFields: [created.body.customFields[1], created.body.customFields[0]] },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.customFields).toEqual([stored[1], stored[0]]);
    const cleared = await call(s, "PUT", "/api/Product", {
      token: manager,
      body: { id, version: again.body.version, name: "Butter", index: "CF-BUTTER", customFields: [] },
    });
    expect(cleared.body.customFields).toEqual([]);
    const [row] = await query("SELECT custom_fields FROM products WHERE id = ?", [id]);
    expect(row.custom_fields).toBe("[]");

    const before = await query("SELECT count(*) AS n FROM record_log");
    const row51 = Array.from({ length: 51 }, (_, i) => ({ code: `C${i}`, name: `Field ${i}`, type: "text" }));
    for (
      const [customFields, errors] of [
        [[...fields, { code: "Fat", name: "Again", type: "date" }], {
          customFields: ["validation.mustBeUnique"],
        }],
        [row51, { customFields: ["validation.tooLong"] }],
        [[fields[0], { code: " ", name: "No code", type: "text" }], {
          "customFields.1.code": ["validation.required"],
        }],
        [[{ name: "No code at all", type: "boolean" }], { "customFields.0.code": ["validation.required"] }],
        [[{ code: "X".repeat(51), name: "Long", type: "text" }], {
          "customFields.0.code": ["validation.tooLong"],
        }],
      ] as const
    ) {
      const add = await addProduct(manager, { name: "Bad", index: "CF-BAD", customFields });
      expect(add.status, JSON.stringify(customFields)).toBe(400);
      expect(add.body.error.code).toBe("validation.failed");
      expect(add.body.error.fields, JSON.stringify(customFields)).toEqual(errors);
      const edit = await call(s, "PUT", "/api/Product", {
        token: manager,
        body: { id, version: cleared.body.version, name: "Butter", index: "CF-BUTTER", customFields },
      });
      expect(edit.status).toBe(400);
      expect(edit.body.error.fields).toEqual(errors);
    }
    // Fifty rows are allowed; nothing refused was written.
    expect(
      (await addProduct(manager, { name: "Many", index: "CF-MANY", customFields: row51.slice(1) })).status,
    )
      .toBe(201);
    expect(await query("SELECT count(*) AS n FROM products WHERE product_index = 'CF-BAD'")).toEqual([{
      n: 0,
    }]);
    const after = await query("SELECT count(*) AS n FROM record_log");
    expect(Number(after[0].n)).toBe(Number(before[0].n) + 1);
    expect((await call(s, "GET", `/api/Product/${id}`, { token: admin })).body.version).toBe(
      cleared.body.version,
    );
  });

  it("filters by barcode, searches name, index, ERP id and barcodes, and sorts", async () => {
    for (
      const [index, name, sapId, barcodes] of [
        ["SRCH-A", "Apple juice", "ERP-77", ["7700000000001"]],
        ["SRCH-B", "Banana", null, ["7700000000002", "BAN-BOX"]],
        ["SRCH-C", "Cherry jam", null, []],
      ] as const
    ) {
      expect((await addProduct(admin, { name, index, sapId, barcodes })).status).toBe(201);
    }
    const srch = { field: "index", operator: "startsWith", value: "SRCH-" };
    expect(await indexes(basic, [srch, { field: "barcodes", operator: "eq", value: "BAN-BOX" }]))
      .toEqual(["SRCH-B"]);
    expect(await indexes(basic, [srch, { field: "barcodes", operator: "contains", value: "0000000000" }]))
      .toEqual(["SRCH-A", "SRCH-B"]);
    expect(await indexes(basic, [srch, { field: "barcodes", operator: "isNull" }])).toEqual(["SRCH-C"]);
    expect(await indexes(basic, [srch, { field: "barcodes", operator: "neq", value: "BAN-BOX" }]))
      .toEqual(["SRCH-A", "SRCH-C"]);
    for (
      const [text, found] of [["ban-box", ["SRCH-B"]], ["erp-77", ["SRCH-A"]], ["JAM", ["SRCH-C"]]] as const
    ) {
      expect(await indexes(basic, [srch, { field: "*", operator: "contains", value: text }]), text)
        .toEqual(found);
    }
    expect(await indexes(basic, [srch], "&sortColumn=name&sortDescending=true"))
      .toEqual(["SRCH-C", "SRCH-B", "SRCH-A"]);
    const unsortable = await call(s, "GET", "/api/Product?sortColumn=barcodes", { token: basic });
    expect(unsortable.status).toBe(400);
  });

  it("refuses to delete a product group a product uses", async () => {
    const group = (await call(s, "POST", "/api/ProductGroup", { token: admin, body: { name: "Used" } })).body;
    const more = (await call(s, "POST", "/api/ProductGroup", { token: admin, body: { name: "Used too" } }))
      .body;
    await addProduct(admin, {
      name: "Grouped",
      index: "GROUPED",
      mainGroupId: group.id,
      groupIds: [more.id],
    });
    for (const g of [group, more]) {
      const r = await call(s, "DELETE", `/api/ProductGroup/${g.id}`, { token: admin });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe("record.foreignKey");
    }
  });

  it("shows a contractor user only their own products not hidden from the portal, read-only", async () => {
    const own = (await addProduct(admin, { name: "Own", index: "PORTAL-OWN", contractorId: farmsId })).body;
    const hidden = (await addProduct(admin, {
      name: "Hidden",
      index: "PORTAL-HIDDEN",
      contractorId: farmsId,
      contractorPortalHide: true,
    })).body;
    const theirs =
      (await addProduct(admin, { name: "Theirs", index: "PORTAL-THEIRS", contractorId: grocerId }))
        .body;
    const none = (await addProduct(admin, { name: "Nobody's", index: "PORTAL-NONE" })).body;
    const list = await call(s, "GET", "/api/Product?PageSize=1000", { token: portal });
    expect(list.status).toBe(200);
    expect(list.body.results.map((p: { index: string }) => p.index)).toEqual(["PORTAL-OWN"]);
    expect(list.body.allFilteredRowCount).toBe(1);
    expect((await call(s, "GET", `/api/Product/${own.id}`, { token: portal })).status).toBe(200);
    for (const p of [hidden, theirs, none]) {
      const r = await call(s, "GET", `/api/Product/${p.id}`, { token: portal });
      expect(r.status, p.index).toBe(404);
      expect(r.body.error.code).toBe("record.notFoundOrNoPermission");
    }
    const writes = [
      await addProduct(portal, { name: "Mine", index: "PORTAL-NEW", contractorId: farmsId }),
      await call(s, "PUT", "/api/Product", {
        token: portal,
        body: { id: own.id, version: own.version, name: "Changed", index: own.index },
      }),
      await call(s, "DELETE", `/api/Product/${own.id}`, { token: portal }),
    ];
    expect(writes.map((w) => w.status)).toEqual([404, 404, 404]);
    expect((await call(s, "GET", `/api/Product/${own.id}`, { token: admin })).body.name).toBe("Own");
    // Basic staff read every product but write none.
    expect((await call(s, "GET", `/api/Product/${theirs.id}`, { token: basic })).status).toBe(200);
    expect((await addProduct(basic, { name: "No", index: "BASIC-NO" })).status).toBe(404);
  });

  it("keeps tenants apart", async () => {
    const mine =
      (await addProduct(admin, { name: "Alpha only", index: "ALPHA-ONLY", barcodes: ["AO1"] })).body;
    for (
      const [method, path, body] of [
        ["GET", `/api/Product/${mine.id}`, undefined],
        ["PUT", "/api/Product", { id: mine.id, version: mine.version, name: "Taken", index: "ALPHA-ONLY" }],
        ["DELETE", `/api/Product/${mine.id}`, undefined],
      ] as const
    ) {
      expect((await call(s, method, path, { token: other, body })).status, `${method} ${path}`).toBe(404);
    }
    expect((await call(s, "GET", "/api/Product", { token: other })).body).toEqual({
      results: [],
      allFilteredRowCount: 0,
    });
    // The same index and barcode are free in another tenant.
    expect((await addProduct(other, { name: "Beta", index: "ALPHA-ONLY", barcodes: ["AO1"] })).status)
      .toBe(201);
  });
});

describe("ExchangeRate", () => {
  it("adds, edits and deletes a rate with its RecordLog entries; the sign is saved in capitals", async () => {
    const created = await call(s, "POST", "/api/ExchangeRate", {
      token: manager,
      // Against the account's base currency, EUR: one złoty is worth 0.234 euro.
      body: { currencySign: "pln", shortName: "zł", fullName: "Polish złoty", baseRate: 0.234 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      currencySign: "PLN",
      shortName: "zł",
      baseRate: 0.234,
      version: 1,
    });
    const id = created.body.id;
    const edited = await call(s, "PUT", "/api/ExchangeRate", {
      token: manager,
      body: { id, version: 1, currencySign: "PLN", baseRate: 0.232 },
    });
    expect(edited.body).toMatchObject({ baseRate: 0.232, shortName: null, version: 2 });
    const stale = await call(s, "PUT", "/api/ExchangeRate", {
      token: admin,
      body: { id, version: 1, currencySign: "PLN", baseRate: 1 },
    });
    expect(stale.status).toBe(409);
    const list = await call(
      s,
      "GET",
      listPath("ExchangeRate", [{ field: "*", operator: "contains", value: "pl" }]),
      {
        token: basic,
      },
    );
    expect(list.body.results.map((r: { currencySign: string }) => r.currencySign)).toEqual(["PLN"]);
    expect((await call(s, "DELETE", `/api/ExchangeRate/${id}`, { token: manager })).status).toBe(204);
    const entries = await query(
      "SELECT action, title FROM record_log WHERE resource_type = 'ExchangeRate' AND resource_id = ? ORDER BY id",
      [id],
    );
    expect(entries).toEqual([
      { action: "created", title: "PLN" },
      { action: "changed", title: "PLN" },
      { action: "deleted", title: "PLN" },
    ]);
  });

  it("keeps signs unique in any letter case and checks the sign and the rate", async () => {
    const post = (token: string, body: Record<string, unknown>) =>
      call(s, "POST", "/api/ExchangeRate", { token, body });
    expect((await post(admin, { currencySign: "USD", baseRate: 3.9 })).status).toBe(201);
    const clash = await post(admin, { currencySign: "usd", baseRate: 4 });
    expect(clash.status).toBe(409);
    expect(clash.body.error.fields).toEqual({ currencySign: ["validation.mustBeUnique"] });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ currencySign: "US", baseRate: 1 }, { currencySign: ["validation.tooShort"] }],
      [{ currencySign: "USDT", baseRate: 1 }, { currencySign: ["validation.tooLong"] }],
      [{ currencySign: "U$D", baseRate: 1 }, { currencySign: ["validation.forbiddenCharacter"] }],
      [{ currencySign: "CHF", baseRate: 0 }, { baseRate: ["validation.tooSmall"] }],
      [{ currencySign: "CHF", baseRate: -1 }, { baseRate: ["validation.tooSmall"] }],
      [{ currencySign: "CHF" }, { baseRate: ["validation.required"] }],
      // The account's base currency (EUR) is worth 1 of itself: a rate of it says nothing else.
      [{ currencySign: "eur", baseRate: 4.31 }, { baseRate: ["validation.baseCurrencyRate"] }],
    ];
    for (const [body, fields] of cases) {
      const r = await post(admin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect((await post(basic, { currencySign: "GBP", baseRate: 5 })).status).toBe(404);
    expect((await call(s, "GET", "/api/ExchangeRate", { token: portal })).status).toBe(403);
    const mine = (await call(
      s,
      "GET",
      listPath("ExchangeRate", [{ field: "currencySign", operator: "eq", value: "USD" }]),
      {
        token: admin,
      },
    )).body.results[0];
    expect((await call(s, "GET", `/api/ExchangeRate/${mine.id}`, { token: other })).status).toBe(404);
    expect((await post(other, { currencySign: "USD", baseRate: 1 })).status).toBe(201);
  });
});

describe("a product's default location", () => {
  it("must be an existing location, and a location that is some product's default cannot be deleted", async () => {
    const missing = await addProduct(manager, {
      name: "Nowhere",
      index: "LOC-MISSING",
      defaultLocationId: 999_999,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ defaultLocationId: ["validation.invalidValue"] });

    const location = await call(s, "POST", "/api/StorageSpace", {
      token: manager,
      body: { label: "DEF-01" },
    });
    expect(location.status).toBe(201);
    const product = await addProduct(manager, {
      name: "Somewhere",
      index: "LOC-DEFAULT",
      defaultLocationId: location.body.id,
    });
    expect(product.status).toBe(201);
    expect(product.body.defaultLocationId).toBe(location.body.id);

    const refused = await call(s, "DELETE", `/api/StorageSpace/${location.body.id}`, { token: manager });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("record.foreignKey");
    expect((await call(s, "GET", `/api/StorageSpace/${location.body.id}`, { token: manager })).status).toBe(
      200,
    );
  });
});
