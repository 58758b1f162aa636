import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startServer, type TestServer } from "../fixtures/harness.ts";
import { seedDemo } from "../../demo/seed.ts";
import { demoPassword } from "../../demo/password.ts";
import { statSync } from "node:fs";
import { join } from "node:path";
import { decodeJwt } from "jose";

/** EAN-13: the digits weighted 1, 3, 1, 3, ... from the left, check digit included, sum to a multiple of 10. */
function validEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/** Counts of every table seeding touches, to show a second run changes nothing. */
async function tableCounts(): Promise<Record<string, number>> {
  const tenant = (await s.platform.registry.bySlug("demo"))!;
  const tables = [
    "companies",
    "persons",
    "addresses",
    "tags",
    "dictionaries",
    "exchange_rates",
    "product_groups",
    "products",
    "product_barcodes",
    "product_group_links",
    "storage_space_types",
    "storage_spaces",
    "print_layouts",
    "email_templates",
    "record_log",
  ];
  return await s.platform.pool.use(tenant.dbUrl, async (conn) => {
    const out: Record<string, number> = {};
    for (const t of tables) out[t] = Number((await conn.query(`SELECT count(*) AS n FROM ${t}`))[0].n);
    return out;
  });
}

async function demoRows(query: string): Promise<Record<string, unknown>[]> {
  const tenant = (await s.platform.registry.bySlug("demo"))!;
  return await s.platform.pool.use(tenant.dbUrl, (conn) => conn.query(query));
}

let s: TestServer;
/** The demo users' password: none is configured, so the one made at random for this installation. */
let demoPass: string;
beforeAll(async () => {
  s = await startServer({ demoPassword: undefined });
  demoPass = demoPassword(s.platform.config);
});
afterAll(() => s.close());

describe("demo tenant", { timeout: 180_000 }, () => {
  it("is created once with the five demo users, their password made for this installation, and a second run keeps the data", async () => {
    // About 15 s with the half year of stock history (3 s without); `deno task bench windows` holds it
    // within 120 s, the bound that catches a seed gone badly wrong.
    expect(await seedDemo(s.platform)).toEqual({ created: true, masterData: true });
    const roles: Record<string, Record<string, string>> = {
      admin: { IsSuperUser: "True" },
      manager: { IsSuperUser: "False", IsPowerUser: "True" },
      user: { IsSuperUser: "False", IsPowerUser: "False", LogisticsEnabled: "True" },
      terminal: { IsSuperUser: "False", TerminalEnabled: "True", LogisticsEnabled: "False" },
      contractor: { IsSuperUser: "False", ContractorPortalEnabled: "True", LogisticsEnabled: "False" },
    };
    const tokens: Record<string, string> = {};
    for (const [username, claims] of Object.entries(roles)) {
      const r = await call(s, "POST", "/api/Auth", { body: { username, password: demoPass } });
      expect(r.status, username).toBe(200);
      expect(decodeJwt(r.body.token)).toMatchObject(claims);
      tokens[username] = r.body.token;
    }
    // No default account: none of them answers to the password once published, only to this installation's
    // (made at random, kept readable by the server's user alone).
    expect(demoPass).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    for (const username of Object.keys(roles)) {
      const r = await call(s, "POST", "/api/Auth", { body: { username, password: "demo1234" } });
      expect(r.status, `${username} with demo1234`).toBe(401);
    }
    expect(statSync(join(s.dataDir, "demo-password")).mode & 0o777).toBe(0o600);
    // The contractor user is tied to a contractor company: the token says which, and the menu is the portal's.
    const contractorId = decodeJwt(tokens.contractor).contractorId;
    expect(contractorId).toMatch(/^\d+$/);
    const startup = await call(s, "GET", "/api/config/getuserstartupconfig", { token: tokens.contractor });
    expect(startup.body.drawerSections.map((d: { code: string }) => d.code)).toEqual([
      "favorites",
      "contractorPortal",
    ]);
    expect(startup.body.user.connectedContractorId).toBe(Number(contractorId));
    // Data made after the first run survives the second.
    const put = await call(s, "PATCH", "/api/config/changeuserconfig", {
      token: tokens.manager,
      body: { paramName: "defaultLanguage", paramValue: "de-de" },
    });
    expect(put.status).toBe(200);
    expect(await seedDemo(s.platform)).toEqual({ created: false, masterData: false });
    const me = await call(s, "GET", `/api/User/${decodeJwt(tokens.manager).nameid}`, {
      token: tokens.manager,
    });
    expect(me.body.defaultLanguage).toBe("de-de");
    const list = await call(s, "GET", "/api/User?PageSize=100", { token: tokens.admin });
    expect(list.body.allFilteredRowCount).toBe(5);
  });

  it("holds believable master data: contractors, products with valid EAN-13 codes, a generated warehouse", async () => {
    const counts = await tableCounts();
    expect(counts.products).toBeGreaterThanOrEqual(2000);
    expect(counts.storage_spaces).toBeGreaterThanOrEqual(2000);
    const roles = await demoRows("SELECT key_role AS role, count(*) AS n FROM companies GROUP BY key_role");
    expect(Object.fromEntries(roles.map((r) => [r.role, Number(r.n)]))).toEqual({
      contractor: 3,
      supplier: 3,
      carrier: 2,
    });
    // Every company has an address with coordinates and two or three contacts with e-mail and phone.
    const perCompany = await demoRows(
      `SELECT c.short_name AS name, a.lat AS lat, count(p.id) AS n, sum(p.email LIKE '%@%.%') AS mails,
        sum(p.phone_number LIKE '+%') AS phones
       FROM companies c JOIN addresses a ON a.id = c.address_id LEFT JOIN persons p ON p.company_id = c.id
       GROUP BY c.id`,
    );
    expect(perCompany).toHaveLength(8);
    for (const c of perCompany) {
      expect(c.lat, String(c.name)).not.toBeNull();
      expect(Number(c.n), String(c.name)).toBeGreaterThanOrEqual(2);
      expect(Number(c.n), String(c.name)).toBeLessThanOrEqual(3);
      expect(Number(c.mails)).toBe(Number(c.n));
      expect(Number(c.phones)).toBe(Number(c.n));
    }

    const barcodes = (await demoRows("SELECT barcode FROM product_barcodes")).map((r) => String(r.barcode));
    expect(barcodes.length).toBeGreaterThanOrEqual(2000);
    for (const b of barcodes) {
      expect(validEan13(b), b).toBe(true);
    }
    expect(new Set(barcodes).size).toBe(barcodes.length);
    const withoutBarcode = await demoRows(
      "SELECT id FROM products WHERE id NOT IN (SELECT product_id FROM product_barcodes)",
    );
    expect(withoutBarcode).toEqual([]);
    const indexes = (await demoRows("SELECT product_index AS i FROM products")).map((r) => String(r.i));
    expect(new Set(indexes).size).toBe(indexes.length);
    for (const i of indexes) {
      expect(i).toBe(i.toUpperCase());
      expect(i).not.toContain("_");
    }
    // Chilled and frozen goods carry their temperature range and need an expiry date.
    const cold = await demoRows(
      "SELECT min_temperature AS lo, max_temperature AS hi, expiry_date_required AS exp FROM products WHERE max_temperature IS NOT NULL",
    );
    expect(cold.length).toBeGreaterThan(100);
    for (const p of cold) {
      expect(Number(p.lo)).toBeLessThan(Number(p.hi));
      expect(Number(p.exp)).toBe(1);
    }

    // The generator made the warehouse: a tree whose paths run from the zone down to the place.
    const place = await demoRows("SELECT path, cooled FROM storage_spaces WHERE label = 'C-01-1-01'");
    expect(place).toEqual([{ path: "C / C-01 / C-01-1 / C-01-1-01", cooled: 1 }]);
    const zones = await demoRows(
      "SELECT label FROM storage_spaces WHERE parent_id IS NULL AND (zone_receipt = 1 OR zone_release = 1) ORDER BY label",
    );
    expect(zones.map((z) => z.label)).toEqual(["IN", "OUT"]);
    const located = await demoRows(
      "SELECT count(*) AS n FROM products WHERE default_location_id IS NOT NULL",
    );
    expect(Number(located[0].n)).toBeGreaterThan(100);

    // The contractor user reads only their own contractor's products.
    const auth = await call(s, "POST", "/api/Auth", {
      body: { username: "contractor", password: demoPass },
    });
    const contractorId = Number(decodeJwt(auth.body.token).contractorId);
    const own = await call(s, "GET", "/api/Product?PageSize=100", { token: auth.body.token });
    expect(own.status).toBe(200);
    expect(own.body.allFilteredRowCount).toBeGreaterThan(500);
    expect(own.body.allFilteredRowCount).toBeLessThan(1000);
    for (const p of own.body.results) expect(p.contractorId).toBe(contractorId);
    const [foreign] = await demoRows(
      `SELECT id FROM products WHERE contractor_id <> ${contractorId} LIMIT 1`,
    );
    expect((await call(s, "GET", `/api/Product/${foreign.id}`, { token: auth.body.token })).status).toBe(404);

    const before = await tableCounts();
    expect(await seedDemo(s.platform)).toEqual({ created: false, masterData: false });
    expect(await tableCounts()).toEqual(before);
  });

  it("has exchange rates against its base currency (EUR), and restates a demo's old PLN-based ones once", async () => {
    const rates = async () =>
      Object.fromEntries(
        (await demoRows(
          "SELECT currency_sign AS sign, base_rate AS rate, short_name AS short FROM exchange_rates",
        ))
          .map((r) => [r.sign, [Number(r.rate), r.short]]),
      );
    expect((await demoRows("SELECT base_currency AS base FROM client_account"))[0].base).toBe("EUR");
    // One unit of each is worth this many euros; the base itself has no row.
    expect(await rates()).toEqual({
      PLN: [0.234, "zł"],
      USD: [0.9316, "$"],
      GBP: [1.18, "£"],
      CZK: [0.03983, "Kč"],
    });
    // The price list converts through them: a price in euros is 1 / 0.234 times as many złoty.
    const auth = await call(s, "POST", "/api/Auth", { body: { username: "admin", password: demoPass } });
    const priced =
      (await demoRows("SELECT id, cash_value AS price FROM products WHERE cash_value > 0 LIMIT 1"))[0];
    const filter = encodeURIComponent(
      JSON.stringify([{ field: "productId", operator: "eq", value: priced.id }]),
    );
    const list = await call(
      s,
      "GET",
      `/api/Product/PriceList?currency=PLN&BasicFiltersSerialized=${filter}`,
      {
        token: auth.body.token,
      },
    );
    expect(list.body.results[0].price).toBe(Math.round(Number(priced.price) / 0.234 * 100) / 100);

    // A demo seeded when the rates were against PLN (the euro's row said 4.2735): restated once to EUR.
    const tenant = (await s.platform.registry.bySlug("demo"))!;
    await s.platform.pool.use(tenant.dbUrl, (conn) =>
      conn.transaction(async (tx) => {
        await tx.run(sql.raw("DELETE FROM exchange_rates"));
        await tx.run(sql.raw(`INSERT INTO exchange_rates (currency_sign, short_name, full_name, base_rate,
          created_at, updated_at) VALUES ('EUR', '€', 'Euro', 4.2735, '2026-01-01', '2026-01-01'),
          ('USD', '$', 'US dollar', 3.9812, '2026-01-01', '2026-01-01'),
          ('GBP', '£', 'Pound sterling', 5.0427, '2026-01-01', '2026-01-01'),
          ('CZK', 'Kč', 'Czech koruna', 0.1702, '2026-01-01', '2026-01-01')`));
      }));
    await seedDemo(s.platform);
    const moved = await rates();
    expect(Object.keys(moved).sort()).toEqual(["CZK", "GBP", "PLN", "USD"]);
    expect(moved.PLN[0]).toBeCloseTo(0.234, 4);
    expect(moved.USD[0]).toBeCloseTo(0.9316, 4);
    expect(moved.GBP[0]).toBeCloseTo(1.18, 4);
    expect(moved.CZK[0]).toBeCloseTo(0.03983, 5);
    expect(moved.PLN[1]).toBe("zł");
    const logged = await demoRows(
      "SELECT count(*) AS n FROM record_log WHERE resource_type = 'ExchangeRate'",
    );
    // Once: a second run finds nothing to restate.
    await seedDemo(s.platform);
    expect(await rates()).toEqual(moved);
    expect(await demoRows("SELECT count(*) AS n FROM record_log WHERE resource_type = 'ExchangeRate'"))
      .toEqual(logged);
  });

  it("holds half a year of confirmed documents whose stock equals its ledger", async () => {
    const [docs] = await demoRows(
      `SELECT count(*) AS n, sum(status_code = 'confirmed') AS confirmed, sum(status_code = 'reverted') AS reverted,
        count(DISTINCT document_number) AS numbers, sum(document_number LIKE 'DRAFT%') AS drafts,
        julianday(max(executed_at)) - julianday(min(executed_at)) AS days,
        count(DISTINCT type_code) AS types
       FROM wms_documents WHERE order_id IS NULL`,
    );
    expect(Number(docs.n)).toBeGreaterThanOrEqual(1800);
    expect(Number(docs.confirmed) + Number(docs.reverted)).toBe(Number(docs.n));
    expect(Number(docs.reverted)).toBeGreaterThan(0);
    expect(Number(docs.numbers)).toBe(Number(docs.n));
    expect(Number(docs.drafts)).toBe(0);
    expect(Number(docs.days)).toBeGreaterThan(170);
    expect(Number(docs.types)).toBe(3);
    // Stock lines equal the ledger, key by key; both summaries equal the lines; nothing at or below zero.
    expect(
      await demoRows(
        `SELECT line_key FROM (SELECT line_key, sum(delta) AS q FROM stock_movements GROUP BY line_key) m
         FULL JOIN stock_lines l USING (line_key)
         WHERE coalesce(m.q, 0) <> coalesce(l.quantity, 0)`,
      ),
    ).toEqual([]);
    expect(await demoRows("SELECT id FROM stock_lines WHERE quantity <= 0")).toEqual([]);
    expect(
      await demoRows(
        `SELECT product_id FROM (SELECT product_id, sum(quantity) AS q FROM stock_lines GROUP BY product_id) l
         FULL JOIN stock_product_totals t USING (product_id) WHERE coalesce(l.q, 0) <> coalesce(t.quantity, 0)`,
      ),
    ).toEqual([]);
    expect(
      await demoRows(
        `SELECT product_id FROM (SELECT product_id, location_id, sum(quantity) AS q FROM stock_lines
           GROUP BY product_id, location_id) l
         FULL JOIN stock_location_totals t USING (product_id, location_id)
         WHERE coalesce(l.q, 0) <> coalesce(t.quantity, 0)`,
      ),
    ).toEqual([]);
    expect(Number((await demoRows("SELECT count(*) AS n FROM stock_lines"))[0].n)).toBeGreaterThan(1000);
    // A contractor's document carries only that contractor's goods; chilled goods went to cooled places.
    expect(
      await demoRows(
        `SELECT d.id FROM wms_documents d JOIN wms_document_positions p ON p.document_id = d.id
         JOIN products pr ON pr.id = p.product_id
         WHERE d.contractor_id IS NOT NULL AND pr.contractor_id <> d.contractor_id`,
      ),
    ).toEqual([]);
    expect(
      await demoRows(
        `SELECT l.id FROM stock_lines l JOIN products p ON p.id = l.product_id
         JOIN storage_spaces s ON s.id = l.location_id
         WHERE p.max_temperature IS NOT NULL AND p.max_temperature <= 8 AND s.cooled = 0`,
      ),
    ).toEqual([]);
    // The API lists them like any list.
    const auth = await call(s, "POST", "/api/Auth", {
      body: { username: "manager", password: demoPass },
    });
    const listed = await call(s, "GET", "/api/WmsDocument?PageSize=5&sortColumn=id&sortDescending=true", {
      token: auth.body.token,
    });
    expect(listed.status).toBe(200);
    const [all] = await demoRows("SELECT count(*) AS n FROM wms_documents");
    expect(listed.body.allFilteredRowCount).toBe(Number(all.n));
  });

  it("holds orders in every state, a finished count with differences and a finished production", async () => {
    const orders = await demoRows(
      "SELECT type_code AS type, status_code AS status, process_status_code AS process, " +
        "verification_status_code AS verification, offer_status AS offer FROM wms_orders ORDER BY id",
    );
    const has = (f: (o: Record<string, unknown>) => boolean) => orders.some(f);
    expect(has((o) => o.status === "workingCopy" && o.type === "OIN")).toBe(true);
    expect(has((o) => o.status === "confirmed" && o.process === "waitingToProcess")).toBe(true);
    expect(has((o) => o.type === "OOU" && o.process === "closedFully")).toBe(true);
    expect(has((o) => o.status === "closedManually")).toBe(true);
    expect(has((o) => o.status === "archived")).toBe(true);
    expect(has((o) => o.offer === "active") && has((o) => o.offer === "accepted")).toBe(true);
    expect(
      has((o) =>
        o.type === "VER-P" && o.verification === "finishedWithDifferences" && o.process === "closedFully"
      ),
    )
      .toBe(true);
    expect(has((o) => o.type === "VER-P" && o.verification === "notStarted")).toBe(true);
    expect(has((o) => o.type === "PRD" && o.process === "closedFully")).toBe(true);
    // The count's adjustments are confirmed documents of it; the overdue release holds its reservation.
    const adjustments = await demoRows(
      "SELECT d.type_code AS type FROM wms_documents d JOIN wms_orders o ON o.id = d.order_id " +
        "WHERE o.type_code = 'VER-P' AND d.status_code = 'confirmed' ORDER BY d.type_code",
    );
    expect(adjustments.map((d) => d.type)).toEqual(["IIN", "IOU"]);
    expect(Number((await demoRows("SELECT count(*) AS n FROM stock_reservations"))[0].n)).toBeGreaterThan(0);
    // The demo contractor's portal orders: one carried out (a position recorded as arrived), one waiting for
    // staff, a delivery announced in; each on a warehouse order from the portal of that contractor.
    const portal = await demoRows(
      "SELECT e.type_code AS type, e.status_code AS status, o.source_type AS source, " +
        "o.contractor_id = e.contractor_id AS same, " +
        "(SELECT count(quantity_received) FROM external_order_positions p WHERE p.external_order_id = e.id) AS said " +
        "FROM external_orders e JOIN wms_orders o ON o.id = e.wms_order_id ORDER BY e.id",
    );
    expect(portal.map((r) => [r.type, r.status, r.source, Number(r.same), Number(r.said)])).toEqual([
      ["OOU", "fullyReceived", "portal", 1, 1],
      ["OOU", "submitted", "portal", 1, 0],
      ["OIN", "submitted", "portal", 1, 0],
    ]);
  });

  it("has a floor plan for every zone with its racks and docks placed on it and weighed", async () => {
    const signIn = await call(s, "POST", "/api/Auth", {
      body: { username: "admin", password: demoPass, tenant: "demo" },
    });
    const token = signIn.body.token as string;
    const maps = await call(s, "GET", "/api/StorageSpace/Maps", { token });
    expect(maps.body.map((m: { label: string }) => m.label)).toEqual(["A", "B", "C", "F", "IN", "OUT"]);
    const counts = { A: 12, B: 8, C: 4, F: 4, IN: 6, OUT: 8 };
    for (const m of maps.body as { locationId: number; label: keyof typeof counts }[]) {
      const occ = await call(s, "GET", `/api/StorageSpace/${m.locationId}/occupancy`, { token });
      const { location, map, places } = occ.body as {
        location: {
          mapNorthEastX: number;
          mapNorthEastY: number;
          mapSouthWestX: number;
          mapSouthWestY: number;
        };
        map: { viewBox: string } | null;
        places: {
          coordinateX: number;
          coordinateY: number;
          dimensionX: number;
          dimensionY: number;
          fullPercent: number | null;
          loadKg: number;
        }[];
      };
      // The drawing covers the zone's bounds, in centimetres, and every rack or dock of the zone stands on it.
      expect(map?.viewBox, m.label).toBe(`0 0 ${location.mapNorthEastX} ${location.mapNorthEastY}`);
      expect([location.mapSouthWestX, location.mapSouthWestY]).toEqual([0, 0]);
      expect(places.length, m.label).toBe(counts[m.label]);
      for (const p of places) {
        expect(p.fullPercent, m.label).not.toBeNull();
        expect(p.coordinateX >= 0 && p.coordinateX + p.dimensionX <= location.mapNorthEastX, m.label).toBe(
          true,
        );
        expect(p.coordinateY >= 0 && p.coordinateY + p.dimensionY <= location.mapNorthEastY, m.label).toBe(
          true,
        );
      }
      // No two overlap.
      for (const [i, a] of places.entries()) {
        for (const b of places.slice(i + 1)) {
          const apart = a.coordinateX + a.dimensionX <= b.coordinateX ||
            b.coordinateX + b.dimensionX <= a.coordinateX ||
            a.coordinateY + a.dimensionY <= b.coordinateY || b.coordinateY + b.dimensionY <= a.coordinateY;
          expect(apart, m.label).toBe(true);
        }
      }
      // The stock zones' racks carry weight, in shades (the docks may stand empty).
      if (["A", "B", "C", "F"].includes(m.label)) {
        expect(places.some((p) => p.loadKg > 0), m.label).toBe(true);
        expect(new Set(places.map((p) => Math.floor(p.fullPercent! / 25))).size, m.label).toBeGreaterThan(1);
      }
    }
  });

  it("has zone A's racks in every shade, and the week's dock bookings", async () => {
    const signIn = await call(s, "POST", "/api/Auth", {
      body: { username: "admin", password: demoPass, tenant: "demo" },
    });
    const token = signIn.body.token as string;
    const maps = await call(s, "GET", "/api/StorageSpace/Maps", { token });
    const occ = await call(s, "GET", `/api/StorageSpace/${maps.body[0].locationId}/occupancy`, { token });
    expect(occ.status).toBe(200);
    const racks = occ.body.places as {
      coordinateX: number | null;
      fullPercent: number | null;
      loadKg: number;
    }[];
    expect(racks.length).toBe(12);
    expect(racks.every((r) => r.coordinateX !== null && r.fullPercent !== null)).toBe(true);
    // Every shade: some under half full, some nearly full, one over.
    expect(racks.some((r) => r.fullPercent! < 50 && r.loadKg > 0)).toBe(true);
    expect(racks.some((r) => r.fullPercent! > 80 && r.fullPercent! <= 100)).toBe(true);
    expect(racks.some((r) => r.fullPercent! > 100)).toBe(true);
    const week = await call(
      s,
      "GET",
      `/api/Calendar/entries?from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${
        new Date(Date.now() + 6 * 86_400_000).toISOString()
      }`,
      { token },
    );
    const entries = week.body.entries as { kind: string; locationId: number | null }[];
    expect(entries.filter((e) => e.kind === "event" && e.locationId !== null).length).toBeGreaterThan(10);
    expect(entries.some((e) => e.kind === "order")).toBe(true);
  });

  it("shows both widgets on /widgets/demo with live keys of the demo contractor's stock", async () => {
    const page = await fetch(`${s.baseUrl}/widgets/demo?lang=pl`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/widgets/embed.js" async></script>');
    const stockKey = html.match(/<wms-stock key="([\w-]+)"/)![1];
    const inventoryKey = html.match(/<wms-inventory key="([\w-]+)"/)![1];
    expect(html).toContain(`<iframe src="/widgets/stock?key=${stockKey}&amp;lang=pl"`);
    for (const [kind, key] of [["stock", stockKey], ["inventory", inventoryKey]]) {
      const widget = await fetch(`${s.baseUrl}/widgets/${kind}?key=${key}&format=fragment`);
      expect(widget.status, kind).toBe(200);
      expect((await widget.text()).match(/<tr>/g)!.length, kind).toBeGreaterThan(2);
    }
    // The same keys serve the next visitor (made once per process), and read only the contractor's goods.
    expect(await (await fetch(`${s.baseUrl}/widgets/demo`)).text()).toContain(stockKey);
    const products = await demoRows(
      "SELECT count(*) AS n FROM products WHERE contractor_id IS NOT (SELECT connected_contractor_id FROM users WHERE username = 'contractor') AND id IN (SELECT product_id FROM stock_product_totals)",
    );
    expect(Number(products[0].n)).toBeGreaterThan(0);
    const all = await fetch(`${s.baseUrl}/api/shared/stock?key=${stockKey}&PageSize=1000`);
    const contractor = await demoRows(
      "SELECT connected_contractor_id AS id FROM users WHERE username = 'contractor'",
    );
    const theirs = await demoRows(
      `SELECT product_index FROM products WHERE contractor_id = ${
        Number(contractor[0].id)
      } AND contractor_portal_hide = 0`,
    );
    const allowed = new Set(theirs.map((r) => r.product_index));
    const shown = (await all.json()).results.map((r: { productIndex: string }) => r.productIndex);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((i: string) => !allowed.has(i))).toEqual([]);
  });

  it("adds the other zones' plans once to a demo tenant made when only zone A had one", async () => {
    const before = await demoRows(
      "SELECT s.label AS label, m.version AS version FROM storage_space_maps m " +
        "JOIN storage_spaces s ON s.id = m.location_id ORDER BY s.label",
    );
    expect(before.map((r) => r.label)).toEqual(["A", "B", "C", "F", "IN", "OUT"]);
    // A demo of the earlier seed: zone A's plan alone.
    await demoRows(
      "DELETE FROM storage_space_maps WHERE location_id IN " +
        "(SELECT id FROM storage_spaces WHERE label IN ('B', 'C', 'F', 'IN', 'OUT'))",
    );
    expect(await seedDemo(s.platform)).toEqual({ created: false, masterData: false });
    const after = await demoRows(
      "SELECT s.label AS label, m.version AS version FROM storage_space_maps m " +
        "JOIN storage_spaces s ON s.id = m.location_id ORDER BY s.label",
    );
    expect(after).toEqual(before);
    // Once: run again, nothing is put again.
    const logged = await demoRows("SELECT count(*) AS n FROM record_log");
    expect(await seedDemo(s.platform)).toEqual({ created: false, masterData: false });
    expect(await demoRows("SELECT count(*) AS n FROM record_log")).toEqual(logged);
    expect(
      await demoRows(
        "SELECT s.label AS label, m.version AS version FROM storage_space_maps m " +
          "JOIN storage_spaces s ON s.id = m.location_id ORDER BY s.label",
      ),
    ).toEqual(before);
  });

  it("adds the master data once to a demo tenant seeded before there was any", async () => {
    const tenant = (await s.platform.registry.bySlug("demo"))!;
    // A demo tenant of the old seed: users and BALTIC FOODS, nothing else.
    await s.platform.pool.use(tenant.dbUrl, (conn) =>
      conn.transaction(async (tx) => {
        await tx.run(sql.raw("UPDATE storage_spaces SET parent_id = NULL"));
        await tx.run(sql.raw("UPDATE storage_space_types SET parent_id = NULL"));
        for (
          const t of [
            "stock_movements",
            "stock_lines",
            "stock_product_totals",
            "stock_product_flows",
            "stock_location_totals",
            "stock_reservations",
            "shared_access_uses",
            "shared_accesses",
            "external_order_positions",
            "external_orders",
            "wms_document_positions",
            "wms_documents",
            "wms_order_positions",
            "wms_order_scope_products",
            "wms_orders",
            "containers",
            "numbering_counters",
            "record_log",
            "product_group_links",
            "product_barcodes",
            "products",
            "product_groups",
            "calendar_events",
            "storage_space_maps",
            "stock_location_loads",
            "storage_spaces",
            "storage_space_types",
            "persons",
            "company_groups",
            "company_tags",
            "dictionary_tags",
            "dictionaries",
            "tags",
            "exchange_rates",
            "print_layouts",
            "email_templates",
          ]
        ) {
          await tx.run(sql.raw(`DELETE FROM ${t}`));
        }
        await tx.run(sql.raw("DELETE FROM companies WHERE short_name <> 'BALTIC FOODS'"));
        await tx.run(sql.raw("UPDATE companies SET address_id = NULL"));
        await tx.run(sql.raw("DELETE FROM addresses"));
      }));
    const baltic = await demoRows("SELECT id FROM companies");
    expect(await seedDemo(s.platform)).toEqual({ created: false, masterData: true });
    expect(await seedDemo(s.platform)).toEqual({ created: false, masterData: false });
    const contractors = await demoRows(
      "SELECT id, short_name AS name FROM companies WHERE key_role = 'contractor' ORDER BY id",
    );
    expect(contractors.map((c) => c.name)).toEqual(["BALTIC FOODS", "MAZOVIA FMCG", "NORDFROST"]);
    // The contractor user's company is kept and completed, not made again.
    expect(contractors[0].id).toBe(baltic[0].id);
    const counts = await tableCounts();
    // The 2,000 of the master data and the breakfast kit the demo production makes.
    expect(counts.products).toBe(2001);
    expect(counts.companies).toBe(8);
  });
});
