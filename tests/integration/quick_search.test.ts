// The quick search through the FTS5 trigram indexes (products, companies, storage spaces) over HTTP on a
// real server and real SQLite files: the index finds the same rows as the LIKE / GLOB scan on varied text,
// non-ASCII included; user input is never FTS syntax; the index follows every write in the write's own
// transaction (edits, barcodes, deletes, a rollback); migration 0009 indexes the rows a tenant already had;
// and the remembered count of a filter follows writes, of this server and of another connection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Tenant } from "../../server/tenancy/registry.ts";
import { call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { filePathOf, LocalConnection } from "../../server/db/local.ts";
import { currentVersion, migrate, readMigrations } from "../../server/db/migrate.ts";
import { type ListField, listPage, listQuerySchema } from "../../server/kernel/list.ts";
import { indexAnswers } from "../../server/kernel/quick_search.ts";
import type { Db } from "../../server/db/connection.ts";
import { product as productResource, products } from "../../server/domain/assortment/products/entity.ts";
import { companies, company as companyResource } from "../../server/domain/parties/companies/entity.ts";
import {
  storageSpace as storageSpaceResource,
  storageSpaces,
} from "../../server/domain/storage/locations/entity.ts";

let s: TestServer;
let alpha: Tenant;
let token: string;

const PRODUCTS: Array<{ name: string; index: string; sapId?: string; barcodes?: string[] }> = [
  { name: "Łódź Północ", index: "PL-1", barcodes: ["5901234567890"] },
  { name: "ŁÓDŹ POŁUDNIE", index: "PL-2", sapId: "łódź-sap" },
  { name: "Иванов Пётр", index: "RU-1", barcodes: ["4600000000017", "4600000000024"] },
  { name: "Straße 12", index: "DE-1" },
  { name: "STRASSE 13", index: "DE-2" },
  { name: "Temp 5K ASCII", index: "K-1" },
  { name: "Temp 5\u212a kelvin", index: "K-2" },
  { name: "\u017feed long s", index: "S-1" },
  { name: "Σοφία ς final", index: "GR-1" },
  { name: "ΣΟΦΊΑ capitals", index: "GR-2" },
  { name: 'Quote "x" AND y', index: "Q-1" },
  { name: "Star * NEAR(abc) ^ col:on", index: "Q-2" },
  { name: "100% Cotton", index: "PCT-1" },
  { name: "1000 Cotton", index: "PCT-2" },
  { name: "Snake_case", index: "SN-1" },
  { name: "Snakeycase", index: "SN-2" },
  { name: "Crème brûlée", index: "FR-1", sapId: "CRÈME-9" },
  { name: "Plain milk", index: "MILK-1", barcodes: ["123456", "654321"] },
];

const TERMS = [
  "łódź",
  "ŁÓDŹ",
  "ódź",
  "północ",
  "иванов",
  "ПЁТР",
  "straße",
  "strasse",
  "STRASSE",
  "p 5k",
  "5k ",
  "seed",
  "σοφ",
  "ΣΟΦ",
  "σοφί",
  '"x" and',
  '"',
  "* near(",
  "near(abc)",
  "col:on",
  "100%",
  "0% c",
  "e_c",
  "ake",
  "crème",
  "CRÈME",
  "rème-9",
  "590123",
  "000000002",
  "3456",
  "6654",
  "pl-",
  "AND",
  "OR NOT",
  "nothing here",
];

beforeAll(async () => {
  s = await startServer();
  alpha = await createTenant(s, "fts");
  await createTenant(s, "fts-other");
  token = (await signIn(s, "fts-admin")).token;
  for (const p of PRODUCTS) {
    const r = await call(s, "POST", "/api/Product", { token, body: p });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  for (const c of ["Łódź Trade", "ПЁТР и Ко", "Straße GmbH", "Kelvin \u212a Ltd"]) {
    const r = await call(s, "POST", "/api/Company", { token, body: { shortName: c, keyRole: "supplier" } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  for (const label of ["ŁÓDŹ-A1", "STRASSE-B2", "ΣΟΦ-C3"]) {
    const r = await call(s, "POST", "/api/StorageSpace", { token, body: { label } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
});
afterAll(() => s?.close());

function listPath(resource: string, term: string, extra = "") {
  const filters = JSON.stringify([{ field: "*", operator: "contains", value: term }]);
  return `/api/${resource}?PageSize=1000&BasicFiltersSerialized=${encodeURIComponent(filters)}${extra}`;
}

async function searched(resource: string, term: string): Promise<number[]> {
  const r = await call(s, "GET", listPath(resource, term), { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.allFilteredRowCount).toBe(r.body.results.length);
  return r.body.results.map((x: { id: number }) => x.id).sort((a: number, b: number) => a - b);
}

/** The same quick search by the LIKE / GLOB scan: the list without the resource's index. */
async function scanned(
  table: typeof products | typeof companies | typeof storageSpaces,
  fields: Record<string, ListField>,
  term: string,
  db?: Db,
): Promise<number[]> {
  const query = listQuerySchema.parse({
    PageSize: "1000",
    BasicFiltersSerialized: JSON.stringify([{ field: "*", operator: "contains", value: term }]),
  });
  const run = (d: Db) =>
    listPage(
      d,
      { table, id: table.id, fields, defaultSort: "id" },
      query,
      (ids) => Promise.resolve(ids.map((id) => ({ id }))),
    );
  const page = db ? await run(db) : await s.platform.pool.use(alpha.dbUrl, (conn) => run(conn.db));
  return page.results.map((x) => x.id).sort((a, b) => a - b);
}

describe("quick search through the trigram index", () => {
  it.each(TERMS)("finds for %j the rows the scan finds", async (term) => {
    const viaIndex = await searched("Product", term);
    expect(viaIndex).toEqual(await scanned(products, productResource.listFields, term));
  });

  it("uses the index for most of those terms, and the data holds matches for them", async () => {
    const indexed = TERMS.filter(indexAnswers);
    expect(indexed.length).toBeGreaterThan(25);
    let found = 0;
    for (const term of indexed) if ((await searched("Product", term)).length > 0) found++;
    expect(found).toBeGreaterThan(20);
  });

  it("folds non-ASCII letter case: Łódź and ŁÓDŹ, Пётр and ПЁТР find the same products", async () => {
    const lodz = await searched("Product", "łódź");
    expect(lodz.length).toBe(2); // two names (one also by its SAP id)
    expect(await searched("Product", "ŁÓDŹ")).toEqual(lodz);
    expect(await searched("Product", "ŁóDź")).toEqual(lodz);
    expect((await searched("Product", "пётр")).length).toBe(1);
    // The Kelvin sign is not a "k" to the scan; the index agrees.
    const k = await searched("Product", "p 5k");
    expect(k.length).toBe(1);
  });

  it("answers companies and storage spaces the same way", async () => {
    for (const term of ["łódź", "ŁÓDŹ", "пётр", "strasse", "straße", "kelvin", "n \u212a", "σοφ", "-a1"]) {
      expect(await searched("Company", term), term).toEqual(
        await scanned(companies, companyResource.listFields, term),
      );
      expect(await searched("StorageSpace", term), term).toEqual(
        await scanned(storageSpaces, storageSpaceResource.listFields, term),
      );
    }
    expect((await searched("Company", "łódź")).length).toBe(1);
    expect((await searched("StorageSpace", "łódź")).length).toBe(1);
  });

  it("keeps another tenant's rows out", async () => {
    const other = (await signIn(s, "fts-other-admin")).token;
    const r = await call(s, "GET", listPath("Product", "łódź"), { token: other });
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([]);
  });
});

describe("the index follows every write in its transaction", () => {
  it("after an edit, new barcodes and a delete", async () => {
    const add = await call(s, "POST", "/api/Product", {
      token,
      body: { name: "Zebra crossing", index: "ZB-1", barcodes: ["777000111"] },
    });
    expect(add.status).toBe(201);
    const id = add.body.id;
    expect(await searched("Product", "zebra")).toEqual([id]);
    expect(await searched("Product", "7000111")).toEqual([id]);
    const edit = await call(s, "PUT", "/api/Product", {
      token,
      body: { ...add.body, name: "Giraffe neck", barcodes: ["888000222", "999"] },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await searched("Product", "zebra")).toEqual([]);
    expect(await searched("Product", "7000111")).toEqual([]);
    expect(await searched("Product", "giraffe")).toEqual([id]);
    expect(await searched("Product", "8000222")).toEqual([id]);
    expect(await searched("Product", "zb-1")).toEqual([id]);
    expect((await call(s, "DELETE", `/api/Product/${id}`, { token })).status).toBe(204);
    expect(await searched("Product", "giraffe")).toEqual([]);
    expect(await searched("Product", "8000222")).toEqual([]);
  });

  it("and a write that rolls back leaves the index as it was", async () => {
    await expect(s.platform.pool.use(alpha.dbUrl, (conn) =>
      conn.transaction(async (tx) => {
        const now = new Date().toISOString();
        await tx.run(
          sql`INSERT INTO products (name, product_index, created_at, updated_at) VALUES ('Rollback rhino', 'RB-1', ${now}, ${now})`,
        );
        await tx.run(sql`UPDATE products SET name = 'Renamed milk' WHERE product_index = 'MILK-1'`);
        throw new Error("abandoned");
      }))).rejects.toThrow("abandoned");
    expect(await searched("Product", "rhino")).toEqual([]);
    expect(await searched("Product", "renamed")).toEqual([]);
    expect((await searched("Product", "plain milk")).length).toBe(1);
  });
});

describe("migration 0009", () => {
  it("indexes the products, companies and storage spaces a tenant already had", async () => {
    const url = `file:${join(s.dataDir, `pre-fts-${crypto.randomUUID()}.db`)}`;
    const conn = new LocalConnection(url);
    try {
      await currentVersion(conn);
      for (const m of readMigrations("tenant").filter((m) => m.idx < 9)) {
        for (const statement of m.statements) await conn.query(statement);
        await conn.query("INSERT INTO __migrations (idx, tag, applied_at) VALUES (?, ?, 0)", [m.idx, m.tag]);
      }
      const now = new Date().toISOString();
      await conn.query(
        "INSERT INTO products (id, name, product_index, created_at, updated_at) VALUES (1, 'Old Łódź', 'OLD-1', ?, ?)",
        [now, now],
      );
      await conn.query("INSERT INTO product_barcodes (product_id, barcode) VALUES (1, '4242424242')");
      await conn.query(
        "INSERT INTO companies (short_name, key_role, created_at, updated_at) VALUES ('OLD FIRM', 'other', ?, ?)",
        [now, now],
      );
      await conn.query(
        "INSERT INTO storage_spaces (label, barcode, path, created_at, updated_at) VALUES ('OLD-RACK', 'OLD-RACK', 'OLD-RACK', ?, ?)",
        [now, now],
      );
      expect(await migrate(conn, "tenant")).toBe(readMigrations("tenant").length - 9);
      const match = async (table: string, term: string) =>
        (await conn.query(`SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ?`, [`"${term}"`]))
          .map((r) => Number(r.id));
      expect(await match("products_search", "ŁÓDŹ")).toEqual([1]);
      expect(await match("products_search", "4242")).toEqual([1]);
      expect(await match("companies_search", "old firm")).toHaveLength(1);
      expect(await match("storage_spaces_search", "old-rack")).toHaveLength(1);
      expect(await scanned(products, productResource.listFields, "łódź", conn.db)).toEqual([1]);
    } finally {
      await conn.close();
    }
  });
});

describe("the remembered count of a filter", () => {
  const path = (page: number) =>
    `/api/Product?PageSize=2&PageNumber=${page}&BasicFiltersSerialized=${
      encodeURIComponent(JSON.stringify([{ field: "*", operator: "contains", value: "count-me" }]))
    }`;
  const countOf = async (page: number) => {
    const r = await call(s, "GET", path(page), { token });
    expect(r.status).toBe(200);
    return r.body.allFilteredRowCount as number;
  };

  it("follows a write through the API and one of another connection to the file", async () => {
    for (let i = 0; i < 3; i++) {
      await call(s, "POST", "/api/Product", { token, body: { name: `count-me ${i}`, index: `CNT-${i}` } });
    }
    expect(await countOf(1)).toBe(3);
    expect(await countOf(2)).toBe(3);
    await call(s, "POST", "/api/Product", { token, body: { name: "count-me 3", index: "CNT-3" } });
    expect(await countOf(2)).toBe(4);
    // Another process (or another server's pool) writing to the same tenant file.
    const other = new DatabaseSync(filePathOf(alpha.dbUrl));
    try {
      other.exec("PRAGMA busy_timeout = 5000");
      const now = new Date().toISOString();
      other.prepare("INSERT INTO products (name, product_index, created_at, updated_at) VALUES (?, ?, ?, ?)")
        .run("count-me 4", "CNT-4", now, now);
      expect(await countOf(2)).toBe(5);
      other.prepare("DELETE FROM products WHERE product_index = 'CNT-0'").run();
      expect(await countOf(1)).toBe(4);
    } finally {
      other.close();
    }
  });
});
