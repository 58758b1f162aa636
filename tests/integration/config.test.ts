// Configuration over HTTP: the startup configuration and its menu sections per role, per-user settings,
// the company account, the logistics configuration with its numbering schemas and the fixed vocabularies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { translate } from "../../shared/i18n/api/mod.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";

let s: TestServer;
let tenant: Tenant;
let admin: string;
let basic: string;
let terminal: string;
let contractor: string;
let basicId: number;

beforeAll(async () => {
  s = await startServer();
  tenant = await createTenant(s, "cfg");
  admin = (await signIn(s, "cfg-admin")).token;
  await addUser(s, admin, { username: "cfg-basic", logisticsEnabled: true });
  await addUser(s, admin, { username: "cfg-terminal", terminalEnabled: true });
  // A contractor user belongs to a contractor company (companies have no API of their own yet).
  const now = new Date().toISOString();
  const [company] = await s.platform.pool.use(tenant.dbUrl, (conn) =>
    conn.query(
      "INSERT INTO companies (short_name, key_role, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id",
      ["CFG CLIENT", "contractor", now, now],
    ));
  await addUser(s, admin, {
    username: "cfg-contractor",
    contractorPortalEnabled: true,
    connectedContractorId: Number(company.id),
  });
  const b = await signIn(s, "cfg-basic");
  basic = b.token;
  basicId = b.user.id;
  terminal = (await signIn(s, "cfg-terminal")).token;
  contractor = (await signIn(s, "cfg-contractor")).token;
});
afterAll(() => s.close());

function recordLogRows(resourceType: string) {
  return s.platform.pool.use(
    tenant.dbUrl,
    (conn) => conn.query("SELECT * FROM record_log WHERE resource_type = ? ORDER BY id", [resourceType]),
  );
}

async function sections(token: string): Promise<string[]> {
  const r = await call(s, "GET", "/api/config/getuserstartupconfig", { token });
  expect(r.status).toBe(200);
  return r.body.drawerSections.map((d: { code: string }) => d.code);
}

describe("GET /api/config/getuserstartupconfig", () => {
  it("answers everything the client loads after sign-in", async () => {
    const r = await call(s, "GET", "/api/config/getuserstartupconfig", { token: admin });
    expect(r.status).toBe(200);
    for (
      const key of [
        "clientAccount",
        "clientLogisticsConfig",
        "wmsDocumentActions",
        "wmsOrderActions",
        "wmsDocumentDefinitions",
        "wmsOrderDefinitions",
        "user",
        "drawerSections",
      ]
    ) {
      expect(r.body, key).toHaveProperty(key);
    }
    expect(r.body.clientAccount.invoiceName).toBe("cfg Company");
    expect(r.body.clientLogisticsConfig.numbering.documents.DIN.parts.length).toBeGreaterThan(0);
    expect(r.body.user.username).toBe("cfg-admin");
    expect(r.body.user.passwordHash).toBeUndefined();
    expect(r.body.wmsDocumentDefinitions.map((d: { typeCode: string }) => d.typeCode)).toContain("DIN");
    expect(r.body.wmsOrderDefinitions.map((d: { typeCode: string }) => d.typeCode)).toContain("VER-A");
    for (const section of r.body.drawerSections) {
      expect(Object.keys(section).sort()).toEqual(["code", "labelKey", "routes"]);
    }
  });

  it("gives each role its own menu sections", async () => {
    const a = await sections(admin);
    expect(a).toEqual(expect.arrayContaining(["administration", "logistics", "terminal", "business"]));
    expect(a).not.toContain("contractorPortal");

    const b = await sections(basic);
    expect(b).toContain("logistics");
    expect(b).not.toContain("administration");
    expect(b).not.toContain("terminal");

    const t = await sections(terminal);
    expect(t).toContain("terminal");
    expect(t).not.toContain("logistics");
    expect(t).not.toContain("administration");

    const c = await sections(contractor);
    expect(c).toContain("contractorPortal");
    for (const hidden of ["business", "assortment", "administration", "logistics", "terminal"]) {
      expect(c).not.toContain(hidden);
    }
  });

  it("refuses a caller without a token", async () => {
    const r = await call(s, "GET", "/api/config/getuserstartupconfig");
    expect([r.status, r.body.error.code]).toEqual([401, "auth.tokenMissing"]);
  });
});

describe("PATCH /api/config/changeuserconfig", () => {
  it("stores the language and answers later errors in it, whatever Accept-Language says", async () => {
    const before = await call(s, "PUT", "/api/ClientAccount", {
      token: basic,
      body: { version: 1, invoiceName: "x" },
      headers: { "accept-language": "de-DE" },
    });
    expect(before.body.error.message).toBe(translate("de-de", "record.notFoundOrNoPermission"));

    const r = await call(s, "PATCH", "/api/config/changeuserconfig", {
      token: basic,
      body: { paramName: "defaultLanguage", paramValue: "pl-pl" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ paramName: "defaultLanguage", paramValue: "pl-pl" });

    const after = await call(s, "PUT", "/api/ClientAccount", {
      token: basic,
      body: { version: 1, invoiceName: "x" },
      headers: { "accept-language": "de-DE" },
    });
    expect([after.status, after.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    expect(after.body.error.message).toBe(translate("pl-pl", "record.notFoundOrNoPermission"));
    expect(after.body.error.message).not.toBe(translate("de-de", "record.notFoundOrNoPermission"));

    const me = await call(s, "GET", `/api/User/${basicId}`, { token: basic });
    expect(me.body.defaultLanguage).toBe("pl-pl");

    // Another user of the same tenant keeps the request's language.
    const other = await call(s, "PUT", "/api/ClientAccount", {
      token: terminal,
      body: { version: 1, invoiceName: "x" },
      headers: { "accept-language": "de-DE" },
    });
    expect(other.body.error.message).toBe(translate("de-de", "record.notFoundOrNoPermission"));
  });

  it("stores the menu and theme switches in the user's settings", async () => {
    for (const paramName of ["nightMode", "compactMenu", "simplifiedMenu"]) {
      const r = await call(s, "PATCH", "/api/config/changeuserconfig", {
        token: terminal,
        body: { paramName, paramValue: true },
      });
      expect(r.status, paramName).toBe(200);
    }
    const off = await call(s, "PATCH", "/api/Config/ChangeUserConfig", {
      token: terminal,
      body: { paramName: "compactMenu", paramValue: false },
    });
    expect(off.status).toBe(200);
    const r = await call(s, "GET", "/api/config/getuserstartupconfig", { token: terminal });
    expect(r.body.user.settings).toEqual({ nightMode: true, compactMenu: false, simplifiedMenu: true });
  });

  it("refuses an unknown setting and a bad value", async () => {
    const cases = [
      { paramName: "favouriteColour", paramValue: "red" },
      { paramName: "defaultLanguage", paramValue: "xx-xx" },
      { paramName: "defaultLanguage", paramValue: 5 },
      { paramName: "nightMode", paramValue: "yes" },
      { paramName: "compactMenu" },
      {},
    ];
    for (const body of cases) {
      const r = await call(s, "PATCH", "/api/config/changeuserconfig", { token: terminal, body });
      expect([r.status, r.body.error.code], JSON.stringify(body)).toEqual([400, "validation.failed"]);
      expect(r.body.error.fields, JSON.stringify(body)).toBeTruthy();
    }
    const me = await call(s, "GET", "/api/config/getuserstartupconfig", { token: terminal });
    expect(me.body.user.defaultLanguage).not.toBe("xx-xx");
    expect(me.body.user.settings.favouriteColour).toBeUndefined();
  });
});

describe("/api/ClientAccount", () => {
  it("is readable by every user and editable by administrators, with a RecordLog entry", async () => {
    const got = await call(s, "GET", "/api/ClientAccount", { token: basic });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id: 1,
      invoiceName: "cfg Company",
      taxId: "123",
      addresses: [],
      subscriptionType: "standard",
      theme: "light",
      windowAnimations: true,
    });
    const version = got.body.version;

    const put = await call(s, "PUT", "/api/ClientAccount", {
      token: admin,
      body: {
        version,
        invoiceName: "Cfg Trading Ltd",
        taxId: "PL5260250274",
        addresses: [{ street: "Prosta", number: "20", city: "Warszawa", postalCode: "00-850" }],
        invoiceEmail: "Invoices@CFG.example",
        theme: "dark",
        windowAnimations: false,
        appTitle: "CFG WMS",
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      invoiceName: "Cfg Trading Ltd",
      invoiceEmail: "invoices@cfg.example",
      theme: "dark",
      windowAnimations: false,
      version: version + 1,
    });
    expect(put.body.addresses[0].city).toBe("Warszawa");
    expect((await call(s, "GET", "/api/ClientAccount", { token: basic })).body.invoiceName).toBe(
      "Cfg Trading Ltd",
    );

    const logs = await recordLogRows("ClientAccount");
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: "changed", resource_id: 1, user_name: "cfg-admin" });
    expect(JSON.parse(String(logs[0].old_object)).invoiceName).toBe("cfg Company");
    expect(JSON.parse(String(logs[0].new_object)).invoiceName).toBe("Cfg Trading Ltd");
  });

  it("refuses an edit by a non-administrator and a stale version, changing nothing", async () => {
    const current = (await call(s, "GET", "/api/ClientAccount", { token: admin })).body;
    const logsBefore = (await recordLogRows("ClientAccount")).length;

    const byBasic = await call(s, "PUT", "/api/ClientAccount", {
      token: basic,
      body: { version: current.version, invoiceName: "Hijacked" },
    });
    expect([byBasic.status, byBasic.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);

    const stale = await call(s, "PUT", "/api/ClientAccount", {
      token: admin,
      body: { version: current.version - 1, invoiceName: "Lost update" },
    });
    expect([stale.status, stale.body.error.code]).toEqual([409, "record.changedByAnotherUser"]);

    const invalid = await call(s, "PUT", "/api/ClientAccount", {
      token: admin,
      body: { version: current.version, invoiceName: "", invoiceEmail: "not-an-email", theme: "pink" },
    });
    expect([invalid.status, invalid.body.error.code]).toEqual([400, "validation.failed"]);
    expect(invalid.body.error.fields).toMatchObject({
      invoiceName: ["validation.required"],
      invoiceEmail: expect.arrayContaining(["validation.invalidEmail"]),
      theme: ["validation.invalidValue"],
    });

    const after = (await call(s, "GET", "/api/ClientAccount", { token: admin })).body;
    expect(after).toEqual(current);
    expect(await recordLogRows("ClientAccount")).toHaveLength(logsBefore);
  });

  it("clears the invoice e-mail when it is sent empty", async () => {
    const current = (await call(s, "GET", "/api/ClientAccount", { token: admin })).body;
    expect(current.invoiceEmail).not.toBeNull();
    const put = await call(s, "PUT", "/api/ClientAccount", {
      token: admin,
      body: { version: current.version, invoiceName: current.invoiceName, invoiceEmail: "  " },
    });
    expect(put.status).toBe(200);
    expect(put.body.invoiceEmail).toBeNull();
  });
});

describe("/api/ClientLogisticsConfig", () => {
  // deno-lint-ignore no-explicit-any
  async function current(): Promise<any> {
    const r = await call(s, "GET", "/api/ClientLogisticsConfig", { token: admin });
    expect(r.status).toBe(200);
    return r.body;
  }

  // deno-lint-ignore no-explicit-any
  function withDinParts(config: any, parts: unknown[]) {
    return {
      ...config,
      numbering: {
        ...config.numbering,
        documents: { ...config.numbering.documents, DIN: { parts, reset: "monthly" } },
      },
    };
  }

  it("answers the defaults: a numbering schema per document and order type, container and draft prefix", async () => {
    const c = await current();
    expect(Object.keys(c.numbering.documents).sort()).toEqual(
      ["ARL", "CRL", "DIN", "DOU", "IIN", "IOU", "OIN", "OOU", "PRL"],
    );
    expect(Object.keys(c.numbering.orders).sort()).toEqual(
      ["OIN", "OOU", "OPI", "VER-A", "VER-C", "VER-L", "VER-P"],
    );
    expect(c.numbering.container.parts.filter((p: { type: string }) => p.type === "counter")).toHaveLength(1);
    expect(typeof c.numbering.draftPrefix).toBe("string");
    expect(c.units).toContain(c.defaultUnit);
    expect(c.version).toBe(1);
    // Every user may read it; the client needs it to number drafts and check rules.
    expect((await call(s, "GET", "/api/ClientLogisticsConfig", { token: terminal })).status).toBe(200);
  });

  it("stores a numbering schema made of counter, year, month, text and separators", async () => {
    const before = await current();
    const parts = [
      { type: "text", value: "PZ" },
      { type: "separator", value: "-" },
      { type: "year", digits: 2 },
      { type: "separator", value: "." },
      { type: "month" },
      { type: "separator", value: "/" },
      { type: "counter", digits: 5 },
    ];
    const put = await call(s, "PUT", "/api/ClientLogisticsConfig", {
      token: admin,
      body: { ...withDinParts(before, parts), defaultUnit: "kg" },
    });
    expect(put.status).toBe(200);
    expect(put.body.version).toBe(before.version + 1);
    const after = await current();
    expect(after.numbering.documents.DIN).toEqual({ parts, reset: "monthly" });
    expect(after.numbering.documents.DOU).toEqual(before.numbering.documents.DOU);
    expect(after.defaultUnit).toBe("kg");

    for (const digits of [6, 7, 8]) {
      const c = await current();
      const ok = await call(s, "PUT", "/api/ClientLogisticsConfig", {
        token: admin,
        body: withDinParts(c, [{ type: "year", digits: 4 }, { type: "counter", digits }]),
      });
      expect(ok.status, `counter of ${digits} digits`).toBe(200);
    }

    const logs = await recordLogRows("ClientLogisticsConfig");
    expect(logs.length).toBe(4);
    expect(logs[0]).toMatchObject({ action: "changed", resource_id: 1, user_name: "cfg-admin" });
    expect(JSON.parse(String(logs[0].new_object)).numbering.documents.DIN.parts).toEqual(parts);
  });

  it("refuses schemas without exactly one counter, and counters or years of the wrong width", async () => {
    const c = await current();
    const bad: Array<[string, unknown[], string]> = [
      ["no counter", [{ type: "text", value: "PZ" }, { type: "year", digits: 4 }], "parts"],
      ["two counters", [{ type: "counter", digits: 5 }, { type: "counter", digits: 6 }], "parts"],
      ["counter of 9 digits", [{ type: "counter", digits: 9 }], "parts.0.digits"],
      ["counter of 4 digits", [{ type: "counter", digits: 4 }], "parts.0.digits"],
      ["year of 3 digits", [{ type: "year", digits: 3 }, { type: "counter", digits: 6 }], "parts.0.digits"],
      ["empty text", [{ type: "text", value: "" }, { type: "counter", digits: 6 }], "parts.0.value"],
      ["odd separator", [{ type: "separator", value: "#" }, { type: "counter", digits: 6 }], "parts.0.value"],
      ["unknown part", [{ type: "day" }, { type: "counter", digits: 6 }], "parts.0.type"],
      ["no parts", [], "parts"],
    ];
    for (const [name, parts, field] of bad) {
      const r = await call(s, "PUT", "/api/ClientLogisticsConfig", {
        token: admin,
        body: withDinParts(c, parts),
      });
      expect([r.status, r.body.error?.code], name).toEqual([400, "validation.failed"]);
      const key = `numbering.documents.DIN.${field}`;
      expect(Object.keys(r.body.error.fields).some((k) => k.startsWith(key)), `${name}: ${key}`).toBe(true);
    }
    const unitMissing = await call(s, "PUT", "/api/ClientLogisticsConfig", {
      token: admin,
      body: { ...c, defaultUnit: "barrel" },
    });
    expect(unitMissing.body.error.fields).toEqual({ defaultUnit: ["validation.invalidValue"] });
    expect(await current()).toEqual(c);
  });

  it("refuses non-administrators and stale versions", async () => {
    const c = await current();
    const byBasic = await call(s, "PUT", "/api/ClientLogisticsConfig", { token: basic, body: c });
    expect([byBasic.status, byBasic.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    const stale = await call(s, "PUT", "/api/ClientLogisticsConfig", {
      token: admin,
      body: { ...c, version: c.version - 1 },
    });
    expect([stale.status, stale.body.error.code]).toEqual([409, "record.changedByAnotherUser"]);
    expect(await current()).toEqual(c);
  });
});

describe("fixed vocabularies", () => {
  const codes = (list: Array<{ typeCode: string }>) => list.map((d) => d.typeCode).sort();

  it("lists exactly the spec's warehouse document types", async () => {
    const r = await call(s, "GET", "/api/Config/AllWarehouseDocumentTypes", { token: basic });
    expect(r.status).toBe(200);
    expect(codes(r.body)).toEqual(["ARL", "CRL", "DIN", "DOU", "IIN", "IOU", "OIN", "OOU", "PRL"]);
    for (const d of r.body) expect(["in", "out", "relocation"]).toContain(d.direction);
  });

  it("lists exactly the spec's warehouse order types", async () => {
    const r = await call(s, "GET", "/api/config/allwarehouseordertypes", { token: basic });
    expect(r.status).toBe(200);
    expect(codes(r.body)).toEqual(["OIN", "OOU", "OPI", "VER-A", "VER-C", "VER-L", "VER-P"]);
  });

  it("lists the document and order actions with the statuses they apply to", async () => {
    const docs = await call(s, "GET", "/api/Config/WmsDocumentActions", { token: basic });
    expect(docs.status).toBe(200);
    const confirm = docs.body.find((a: { code: string }) => a.code === "confirm");
    expect(confirm.allowedStatuses).toEqual(["workingCopy"]);
    const revert = docs.body.find((a: { code: string }) => a.code === "revert");
    expect(revert.allowedStatuses).toEqual(["confirmed"]);

    const orders = await call(s, "GET", "/api/Config/WmsOrderActions", { token: basic });
    expect(orders.status).toBe(200);
    expect(orders.body.map((a: { code: string }) => a.code)).toEqual(
      expect.arrayContaining(["confirm", "generateDocuments", "closeManually", "archive", "clone"]),
    );
    for (const a of [...docs.body, ...orders.body]) {
      expect(a.allowedStatuses.length, a.code).toBeGreaterThan(0);
      expect(typeof a.labelKey).toBe("string");
    }
  });

  it("needs a signed-in caller", async () => {
    const r = await call(s, "GET", "/api/Config/AllWarehouseOrderTypes");
    expect(r.status).toBe(401);
  });
});

describe("GET /api/systemlog/clearcache", () => {
  it("is for administrators only", async () => {
    const ok = await call(s, "GET", "/api/systemlog/clearcache", { token: admin });
    expect([ok.status, ok.body]).toEqual([200, { cleared: true }]);
    const refused = await call(s, "GET", "/api/SystemLog/ClearCache", { token: basic });
    expect([refused.status, refused.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    const anonymous = await call(s, "GET", "/api/systemlog/clearcache");
    expect(anonymous.status).toBe(401);
  });

  it("makes a tenant status changed behind the registry's back take effect", async () => {
    // Another process (the tenants CLI) suspends the tenant directly in the control database.
    const other = await createTenant(s, "cfg-cache");
    const token = (await signIn(s, "cfg-cache-admin")).token;
    expect((await call(s, "GET", "/api/ClientAccount", { token })).status).toBe(200);
    await s.platform.control.query("UPDATE tenants SET status = 'suspended' WHERE id = ?", [other.id]);
    // The cached tenant row still says active...
    expect((await call(s, "GET", "/api/ClientAccount", { token })).status).toBe(200);
    expect((await call(s, "GET", "/api/systemlog/clearcache", { token })).status).toBe(200);
    // ...until the cache is cleared.
    const after = await call(s, "GET", "/api/ClientAccount", { token });
    expect([after.status, after.body.error.code]).toEqual([401, "auth.suspended"]);
  });
});
