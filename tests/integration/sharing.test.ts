// Shared access (issue 16; decision 0010): a manager hands out a key for a contractor, its secret answered
// once and kept only as hashes; the key reads that contractor's total stock or inventory without signing in,
// nothing of another contractor's nor products hidden from the portal; a withdrawn or expired key answers
// 410 at once on every path; of 50 parallel redemptions of a single-use key exactly one succeeds; each
// redemption records when and from where.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  addStaffUser,
  company,
  location,
  product,
  receive,
  startShardedStockWorld,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";
import { call, until } from "../fixtures/harness.ts";

let w: StockWorld;
let acme: number;
let other: number;
let bin: number;
let basic: string;

beforeAll(async () => {
  w = await startStockWorld("sharing");
  acme = await company(w, "ACME");
  other = await company(w, "Other Co");
  bin = await location(w, "SH-01");
  const soap = await product(w, "SH-SOAP", { contractorId: acme });
  const hidden = await product(w, "SH-SECRET", { contractorId: acme, contractorPortalHide: true });
  const theirs = await product(w, "SH-THEIRS", { contractorId: other });
  await receive(w, soap, bin, 5);
  await receive(w, hidden, bin, 2);
  await receive(w, theirs, bin, 7);
  basic = await addStaffUser(w, "sharing-basic");
});
afterAll(() => w?.s.close());

const make = (body: Record<string, unknown>, token = w.admin) => w.api("POST", "/SharedAccess", body, token);
/** A read by key, without a token. */
const read = (what: "stock" | "inventory", key: string, extra = "") =>
  call(w.s, "GET", `/api/shared/${what}?key=${encodeURIComponent(key)}${extra}`);
const indexes = (r: { body: { results: { productIndex: string }[] } }) =>
  r.body.results.map((x) => x.productIndex).sort();

describe("handing out a shared access", () => {
  it("answers the secret once, keeps only its hashes, and reads the contractor's own stock by it", async () => {
    // Made with an Idempotency-Key, which this call does not keep (its answer holds the secret).
    const r = await call(w.s, "POST", "/api/SharedAccess", {
      token: w.admin,
      body: { contentType: "wmsstock", contractorId: acme, durationMin: 1440 },
      headers: { "Idempotency-Key": "make-a-key-1" },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      contentType: "wmsstock",
      contractorId: acme,
      statusCode: "active",
      isAvailable: true,
    });
    expect(r.body.token.length).toBeGreaterThanOrEqual(43);
    expect(r.body.url).toBe(`/shared/wms-stock?key=${r.body.shortUrlKey}`);
    const again = await w.api("GET", `/SharedAccess/${r.body.id}`);
    expect(Object.keys(again.body).filter((k) => /token|hash|key/i.test(k))).toEqual([]);
    for (const key of [r.body.token, r.body.shortUrlKey]) {
      const stock = await read("stock", key);
      expect(stock.status, JSON.stringify(stock.body)).toBe(200);
      // Its own products, not another contractor's, not one hidden from the portal.
      expect(indexes(stock)).toEqual(["SH-SOAP"]);
      expect(stock.body.results[0].quantity).toBe(5);
    }
    // A search or a filter naming another contractor's product finds nothing.
    const filtered = await read(
      "stock",
      r.body.token,
      `&BasicFiltersSerialized=${
        encodeURIComponent(JSON.stringify([{ field: "productIndex", operator: "eq", value: "SH-THEIRS" }]))
      }`,
    );
    expect([filtered.status, filtered.body.results]).toEqual([200, []]);
    // A stock key does not read the detailed inventory.
    expect((await read("inventory", r.body.token)).status).toBe(404);
    const used = (await w.api("GET", `/SharedAccess/${r.body.id}`)).body;
    expect(used.lastActivationAt).not.toBeNull();
    expect(used.lastActivationIp).toBe("127.0.0.1");
    // After the making and the reads, neither secret is written anywhere in the data directory (tenant
    // files, control database, idempotency keys, logs).
    const dir = w.s.platform.config.dataDir;
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    for (const f of files) {
      const text = readFileSync(join(f.parentPath, f.name)).toString("latin1");
      expect(text.includes(r.body.token), f.name).toBe(false);
      expect(text.includes(r.body.shortUrlKey), f.name).toBe(false);
    }
  });

  it("reads the stock by a plain link's key too", async () => {
    const link = (await make({ contentType: "urlLink", contractorId: acme })).body;
    expect(link.url).toBe(`/shared?key=${link.shortUrlKey}`);
    expect(indexes(await read("stock", link.shortUrlKey))).toEqual(["SH-SOAP"]);
    expect((await read("inventory", link.shortUrlKey)).status).toBe(404);
  });

  it("reads the detailed inventory by an inventory key, and both by an API key", async () => {
    const inv = (await make({ contentType: "wmsinventory", contractorId: acme })).body;
    const lines = await read("inventory", inv.token);
    expect(lines.status).toBe(200);
    expect(
      lines.body.results.map((
        l: { productIndex: string; locationLabel: string },
      ) => [l.productIndex, l.locationLabel]),
    )
      .toEqual([["SH-SOAP", "SH-01"]]);
    const api = (await make({ contentType: "api", contractorId: acme })).body;
    expect(api.url).toBeNull();
    expect(indexes(await read("stock", api.token))).toEqual(["SH-SOAP"]);
    expect(indexes(await read("inventory", api.token))).toEqual(["SH-SOAP"]);
  });

  it("ends a withdrawn key at once on every path, and an expired one", async () => {
    const a = (await make({ contentType: "api", contractorId: acme })).body;
    expect((await read("stock", a.shortUrlKey)).status).toBe(200);
    const withdrawn = await w.api("POST", `/SharedAccess/${a.id}/withdraw`);
    expect([withdrawn.status, withdrawn.body.statusCode, withdrawn.body.withdrawnByName]).toEqual([
      200,
      "withdrawn",
      "sharing-admin",
    ]);
    for (
      const [what, key] of [["stock", a.token], ["inventory", a.token], ["stock", a.shortUrlKey]] as const
    ) {
      const r = await read(what, key);
      expect([r.status, r.body.error.code]).toEqual([410, "sharedAccess.ended"]);
    }
    const b = (await make({ contentType: "wmsstock", contractorId: acme, durationMin: 30 })).body;
    await w.query("UPDATE shared_accesses SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?", [b.id]);
    expect((await read("stock", b.token)).status).toBe(410);
    expect((await w.api("GET", `/SharedAccess/${b.id}`)).body.statusCode).toBe("expired");
    // A key nobody handed out.
    expect((await read("stock", "x".repeat(43))).status).toBe(410);
  });

  it("lets exactly one of 50 parallel redemptions of a single-use key through", async () => {
    const once = (await make({ contentType: "wmsstock", contractorId: acme, singleUse: true })).body;
    // A query the list refuses uses nothing up.
    expect((await read("stock", once.token, "&sortColumn=noSuchColumn")).status).toBe(400);
    const answers = await Promise.all(Array.from({ length: 50 }, () => read("stock", once.token)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(49);
    expect((await w.api("GET", `/SharedAccess/${once.id}`)).body.statusCode).toBe("used");
  });

  it("refuses bad input and keeps the accesses to administrators and managers", async () => {
    const notContractor = await company(w, "Carrier", "carrier");
    expect((await make({ contentType: "wmsstock", contractorId: notContractor })).body.error.fields)
      .toEqual({ contractorId: ["validation.invalidValue"] });
    expect((await make({ contentType: "wmsstock", contractorId: acme, durationMin: 45 })).status).toBe(400);
    expect((await make({ contentType: "api", contractorId: acme, singleUse: true })).body.error.fields)
      .toEqual({ singleUse: ["validation.invalidValue"] });
    // A contact person of another company is not this contractor's.
    const stranger =
      (await w.api("POST", "/Person", { firstName: "Ola", lastName: "Other", companyId: other })).body;
    const own =
      (await w.api("POST", "/Person", { firstName: "Ann", lastName: "Acme", companyId: acme })).body;
    expect(
      (await make({ contentType: "wmsstock", contractorId: acme, personId: stranger.id })).body.error.fields,
    )
      .toEqual({ personId: ["validation.invalidValue"] });
    expect((await make({ contentType: "wmsstock", contractorId: acme, personId: own.id })).status).toBe(201);
    expect(
      (await make({
        contentType: "wmsstock",
        contractorId: acme,
        allowedOrigins: ["https://shop.example/path"],
      }))
        .status,
    ).toBe(400);
    expect((await make({ contentType: "wmsstock", contractorId: acme }, basic)).status).toBe(404);
    expect((await w.api("GET", "/SharedAccess", undefined, basic)).status).toBe(403);
    const list = await w.api("GET", "/SharedAccess?sortColumn=createdAt&sortDescending=true");
    expect(list.status).toBe(200);
    expect(list.body.allFilteredRowCount).toBeGreaterThanOrEqual(5);
  });
});

describe("API keys", () => {
  const withKey = (method: string, path: string, key: string, body?: unknown) =>
    call(w.s, method, `/api${path}`, { body, headers: { "X-Api-Key": key } });

  it("read the contractor's own goods on the calls the contract names, and nothing else, each use logged", async () => {
    const api = (await make({ contentType: "api", contractorId: acme })).body;
    const products = await withKey("GET", "/Product?PageSize=100", api.token);
    expect(products.status, JSON.stringify(products.body)).toBe(200);
    expect(products.body.results.map((p: { index: string }) => p.index)).toEqual(["SH-SOAP"]);
    const stock = await withKey("GET", "/WmsInventory/productStock", api.token);
    expect(stock.body.results.map((p: { productIndex: string }) => p.productIndex)).toEqual(["SH-SOAP"]);
    const theirs = Number((await w.query("SELECT id FROM products WHERE product_index = 'SH-THEIRS'"))[0].id);
    expect((await withKey("GET", `/Product/${theirs}`, api.token)).status).toBe(404);
    // Read-only, and only those calls.
    expect((await withKey("POST", "/Product", api.token, { index: "X", name: "X" })).status).toBe(403);
    expect((await withKey("GET", "/User", api.token)).status).toBe(403);
    expect((await withKey("GET", "/Company", api.token)).status).toBe(403);
    expect((await withKey("GET", "/SharedAccess", api.token)).status).toBe(403);
    // The short key is for links, not for the API; a stock key is not an API key.
    expect((await withKey("GET", "/Product", api.shortUrlKey)).status).toBe(410);
    const stockKey = (await make({ contentType: "wmsstock", contractorId: acme })).body;
    expect((await withKey("GET", "/Product", stockKey.token)).status).toBe(410);
    // Written off the calls' path, within a fifth of a second (decision 0023), in the order they came.
    const uses = () =>
      w.query("SELECT method, path, ip FROM shared_access_uses WHERE access_id = ? ORDER BY id", [api.id]);
    await until(async () => (await uses()).length >= 3);
    expect((await uses()).map((u) => `${u.method} ${u.path} ${u.ip}`)).toEqual([
      "GET /Product 127.0.0.1",
      "GET /WmsInventory/productStock 127.0.0.1",
      `GET /Product/${theirs} 127.0.0.1`,
    ]);
    const [access] = await w.query(
      "SELECT last_activation_at AS at, last_activation_ip AS ip FROM shared_accesses WHERE id = ?",
      [api.id],
    );
    const [last] = await w.query("SELECT max(at) AS at FROM shared_access_uses WHERE access_id = ?", [
      api.id,
    ]);
    expect(access).toEqual({ at: last.at, ip: "127.0.0.1" });
    // Withdrawn: refused at once, though the key was just read (and remembered) by the calls above.
    await w.api("POST", `/SharedAccess/${api.id}/withdraw`);
    expect((await withKey("GET", "/Product", api.token)).status).toBe(410);
    expect((await withKey("GET", "/Product/" + theirs, api.token)).status).toBe(410);
  });

  it("limits the rate of each key with Retry-After", async () => {
    const api = (await make({ contentType: "api", contractorId: acme })).body;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await withKey("GET", "/Product?PageSize=1", api.token));
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].body.error.code).toBe("sharedAccess.rateLimited");
    expect(Number(limited[0].headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another key has its own budget.
    const other = (await make({ contentType: "api", contractorId: acme })).body;
    expect((await withKey("GET", "/Product?PageSize=1", other.token)).status).toBe(200);
  });
});

describe("on a sharded server", () => {
  it("finds a key's tenant for its shared reads and its API calls", async () => {
    const sharded = await startShardedStockWorld("sharing-shards", { workers: 2, readers: 1 });
    try {
      const firm = await company(sharded, "Shard Foods");
      const tea = await product(sharded, "SS-TEA", { contractorId: firm });
      await receive(sharded, tea, await location(sharded, "SS-01"), 4);
      const api =
        (await sharded.api("POST", "/SharedAccess", { contentType: "api", contractorId: firm })).body;
      const shared = await call(
        sharded.s,
        "GET",
        `/api/shared/stock?key=${encodeURIComponent(api.shortUrlKey)}`,
      );
      expect([shared.status, shared.body.results?.map((r: { productIndex: string }) => r.productIndex)])
        .toEqual([200, ["SS-TEA"]]);
      const products = await call(sharded.s, "GET", "/api/Product", { headers: { "X-Api-Key": api.token } });
      expect([products.status, products.body.results?.map((p: { index: string }) => p.index)])
        .toEqual([200, ["SS-TEA"]]);
      // A long read, which a reader answers for a signed-in user: a key's goes to the tenant's shard.
      const stock = await call(sharded.s, "GET", "/api/WmsInventory/productStock", {
        headers: { "X-Api-Key": api.token },
      });
      expect([stock.status, stock.body.results?.map((p: { productIndex: string }) => p.productIndex)])
        .toEqual([200, ["SS-TEA"]]);
    } finally {
      await sharded.s.close();
    }
  }, 60_000);
});
