// PrintLayout, EmailTemplate and EmailAccount over HTTP against a real server and real SQLite files: CRUD
// with RecordLog entries, one default layout per type, upper-case unique template codes, the account
// password sealed at rest and never answered, role rules, tenant isolation and who hears of a change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerMessage } from "../../../shared/hub/contract.ts";
import { unsealSecret } from "../../../server/domain/access/auth/keys.ts";
import { passwordContext } from "../../../server/domain/reference/email_accounts/entity.ts";
import type { Tenant } from "../../../server/tenancy/registry.ts";
import { call, type TestServer } from "../../fixtures/harness.ts";
import { masterCalls, type MasterWorld, startMasterWorld } from "./fixture.ts";

let w: MasterWorld;
let s: TestServer;
let alpha: Tenant;
let admin: string;
let manager: string;
let basic: string;
let other: string;

beforeAll(async () => {
  w = await startMasterWorld();
  ({ s, alpha, admin, manager, basic, other } = w);
});
afterAll(() => w?.close());

const { filter, query } = masterCalls(() => w);

function logOf(resource: string, id: number) {
  return query<{ action: string; old_object: string | null; new_object: string | null }>(
    "SELECT action, old_object, new_object FROM record_log WHERE resource_type = ? AND resource_id = ? ORDER BY id",
    [resource, id],
  );
}

/** A layout's content (printing/layout.ts): one text on a small label. */
const L = (text: string) =>
  JSON.stringify({ page: { width: 50, height: 30 }, elements: [{ type: "text", x: 1, y: 1, text }] });

describe("PrintLayout", () => {
  const layout = (body: Record<string, unknown>) =>
    call(s, "POST", "/api/PrintLayout", { token: manager, body: { content: L("{{name}}"), ...body } });

  it("adds, reads, edits and deletes, each with its RecordLog entry", async () => {
    const added = await layout({ name: "  Product label ", type: "product" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      name: "Product label",
      type: "product",
      content: L("{{name}}"),
      isDefault: false,
      version: 1,
    });
    const { id } = added.body;
    expect((await call(s, "GET", `/api/PrintLayout/${id}`, { token: basic })).body).toEqual(added.body);
    const edited = await call(s, "PUT", "/api/PrintLayout", {
      token: manager,
      body: { id, version: 1, name: "Product label", type: "product", content: L("{{index}}") },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ content: L("{{index}}"), version: 2 });
    const stale = await call(s, "PUT", "/api/PrintLayout", {
      token: admin,
      body: { id, version: 1, name: "Lost", type: "product", content: L("x") },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("record.changedByAnotherUser");
    expect((await call(s, "DELETE", `/api/PrintLayout/${id}`, { token: manager })).status).toBe(204);
    const log = await logOf("PrintLayout", id);
    expect(log.map((e) => e.action)).toEqual(["created", "changed", "deleted"]);
    expect(JSON.parse(log[1].new_object!).content).toBe(L("{{index}}"));
  });

  it("keeps one default per type: setting one clears the previous default of that type only", async () => {
    const first = (await layout({ name: "Order A", type: "wmsOrder", isDefault: true })).body;
    const doc = (await layout({ name: "Document A", type: "wmsDocument", isDefault: true })).body;
    const second = await layout({ name: "Order B", type: "wmsOrder", isDefault: true });
    expect(second.status).toBe(201);
    expect(second.body.isDefault).toBe(true);
    const firstNow = (await call(s, "GET", `/api/PrintLayout/${first.id}`, { token: basic })).body;
    expect(firstNow).toMatchObject({ isDefault: false, version: 2 });
    expect((await call(s, "GET", `/api/PrintLayout/${doc.id}`, { token: basic })).body.isDefault).toBe(true);
    // The cleared layout's change is in the RecordLog like any edit.
    const cleared = await logOf("PrintLayout", first.id);
    expect(cleared.map((e) => e.action)).toEqual(["created", "changed"]);
    expect(JSON.parse(cleared[1].old_object!)).toEqual(first);
    expect(JSON.parse(cleared[1].new_object!)).toEqual(firstNow);

    // Back to the first through an edit: the second loses the flag in the same transaction.
    const back = await call(s, "PUT", "/api/PrintLayout", {
      token: manager,
      body: { ...firstNow, isDefault: true },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const defaults = await call(
      s,
      "GET",
      "/api/PrintLayout?" + filter([
        { field: "type", operator: "eq", value: "wmsOrder" },
        { field: "isDefault", operator: "eq", value: true },
      ]),
      { token: basic },
    );
    expect(defaults.body.results.map((r: { name: string }) => r.name)).toEqual(["Order A"]);

    // A refused save (name taken within the type) clears nothing.
    const clash = await layout({ name: "order a", type: "wmsOrder", isDefault: true });
    expect(clash.status).toBe(409);
    expect(clash.body.error.fields).toEqual({ name: ["validation.mustBeUnique"] });
    expect((await call(s, "GET", `/api/PrintLayout/${first.id}`, { token: basic })).body.isDefault).toBe(
      true,
    );
    // The same name under another type is another layout.
    expect((await layout({ name: "Order A", type: "container" })).status).toBe(201);
  });

  it("refuses an unknown type, empty or oversized content, and lets basic users only read", async () => {
    const bad = await layout({ name: "X", type: "invoice" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(["type"]);
    expect((await layout({ name: "Empty", type: "product", content: "" })).status).toBe(400);
    const big = await layout({ name: "Big", type: "product", content: "x".repeat(1_000_001) });
    expect(big.status).toBe(400);
    expect(Object.keys(big.body.error.fields)).toEqual(["content"]);
    // A layout of the most characters it may have (JSON allows the spaces after it).
    const full = L("x").padEnd(1_000_000, " ");
    expect((await layout({ name: "Full", type: "shipmentTicket", content: full })).status).toBe(201);
    // Text that is no layout.
    const html = await layout({ name: "HTML", type: "product", content: "<p>{{name}}</p>" });
    expect(html.body.error.fields).toEqual({ content: ["validation.invalidValue"] });
    const denied = await call(s, "POST", "/api/PrintLayout", {
      token: basic,
      body: { name: "Mine", type: "product", content: "x" },
    });
    expect(denied.status).toBe(404);
    const sorted = await call(s, "GET", "/api/PrintLayout?sortColumn=type&PageSize=100", { token: basic });
    const types = sorted.body.results.map((r: { type: string }) => r.type);
    expect(types).toEqual([...types].sort());
  });
});

describe("EmailTemplate", () => {
  const template = (token: string, body: Record<string, unknown>) =>
    call(s, "POST", "/api/EmailTemplate", {
      token,
      body: {
        name: "Order shipped",
        subject: "Your order",
        body: "<p>Hello</p>",
        language: "en-us",
        ...body,
      },
    });

  it("stores the code in capitals, keeps it unique in any case, and logs each change", async () => {
    const added = await template(manager, { code: " order_shipped ", description: "Sent on dispatch" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      code: "ORDER_SHIPPED",
      name: "Order shipped",
      subject: "Your order",
      body: "<p>Hello</p>",
      language: "en-us",
      description: "Sent on dispatch",
    });
    const clash = await template(admin, { code: "Order_Shipped", language: "pl-pl" });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe("record.uniqueConflict");
    expect(clash.body.error.fields).toEqual({ code: ["validation.mustBeUnique"] });

    const { id } = added.body;
    const edited = await call(s, "PUT", "/api/EmailTemplate", {
      token: manager,
      body: { ...added.body, subject: "Twoje zamówienie", language: "pl-pl", description: "" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ code: "ORDER_SHIPPED", language: "pl-pl", description: null });
    const found = await call(
      s,
      "GET",
      "/api/EmailTemplate?" + filter([{ field: "language", operator: "eq", value: "pl-pl" }]),
      { token: basic },
    );
    expect(found.body.results.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await call(s, "DELETE", `/api/EmailTemplate/${id}`, { token: manager })).status).toBe(204);
    expect((await logOf("EmailTemplate", id)).map((e) => e.action)).toEqual([
      "created",
      "changed",
      "deleted",
    ]);
  });

  it("refuses a language outside the six and empty texts; basic users and other tenants cannot write", async () => {
    const bad = await template(manager, { code: "X1", language: "it-it", subject: " " });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["language", "subject"]);
    expect((await template(basic, { code: "BASIC" })).status).toBe(404);
    const mine = (await template(manager, { code: "WELCOME" })).body;
    expect((await call(s, "GET", `/api/EmailTemplate/${mine.id}`, { token: other })).status).toBe(404);
    expect((await call(s, "DELETE", `/api/EmailTemplate/${mine.id}`, { token: other })).status).toBe(404);
    expect((await call(s, "GET", `/api/EmailTemplate/${mine.id}`, { token: basic })).body.code).toBe(
      "WELCOME",
    );
  });
});

describe("EmailAccount", () => {
  const account = (token: string, body: Record<string, unknown>) =>
    call(s, "POST", "/api/EmailAccount", {
      token,
      body: { smtpServer: "smtp.example.com", smtpPort: 587, address: "Shop@Example.com", ...body },
    });

  it("stores the password sealed, never answers it, and keeps it when an edit sends none", async () => {
    const added = await account(admin, { login: "shop", password: "p4ss-w0rd!", useTls: true });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      smtpServer: "smtp.example.com",
      smtpPort: 587,
      login: "shop",
      address: "shop@example.com",
      useTls: true,
      hasPassword: true,
    });
    expect(added.body).not.toHaveProperty("password");
    const { id } = added.body;

    const [{ password: stored }] = await query<{ password: string }>(
      "SELECT password FROM email_accounts WHERE id = ?",
      [id],
    );
    expect(stored).not.toContain("p4ss-w0rd!");
    expect(unsealSecret(s.platform.keys, stored, passwordContext(alpha.id))).toBe("p4ss-w0rd!");
    // Bound to the tenant: under another tenant's context it does not open.
    expect(() => unsealSecret(s.platform.keys, stored, passwordContext(alpha.id + 1))).toThrow();

    const got = await call(s, "GET", `/api/EmailAccount/${id}`, { token: admin });
    expect(got.body).toEqual(added.body);
    expect(JSON.stringify(got.body)).not.toContain("p4ss");

    const kept = await call(s, "PUT", "/api/EmailAccount", {
      token: admin,
      body: { ...added.body, smtpPort: 465, password: "" },
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ smtpPort: 465, hasPassword: true });
    const [{ password: same }] = await query<{ password: string }>(
      "SELECT password FROM email_accounts WHERE id = ?",
      [id],
    );
    expect(same).toBe(stored);

    const changed = await call(s, "PUT", "/api/EmailAccount", {
      token: admin,
      body: { ...kept.body, password: "n3w-secret" },
    });
    expect(changed.status).toBe(200);
    const [{ password: next }] = await query<{ password: string }>(
      "SELECT password FROM email_accounts WHERE id = ?",
      [id],
    );
    expect(unsealSecret(s.platform.keys, next, passwordContext(alpha.id))).toBe("n3w-secret");

    // Neither the answer nor the RecordLog holds the password, in clear or sealed.
    const log = await logOf("EmailAccount", id);
    expect(log.map((e) => e.action)).toEqual(["created", "changed", "changed"]);
    const text = JSON.stringify(log);
    for (const secret of ["p4ss-w0rd!", "n3w-secret", stored, next]) expect(text).not.toContain(secret);
    expect(JSON.parse(log[2].new_object!).hasPassword).toBe(true);
  });

  it("answers hasPassword false for an account without one", async () => {
    const r = await account(admin, { address: "noreply@example.com", smtpPort: 25, useTls: false });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ hasPassword: false, login: null, useTls: false });
  });

  it("refuses a port outside 1..65535 and a malformed address", async () => {
    for (const smtpPort of [0, 65536, 25.5]) {
      const r = await account(admin, { smtpPort });
      expect(r.status, String(smtpPort)).toBe(400);
      expect(Object.keys(r.body.error.fields)).toEqual(["smtpPort"]);
    }
    const r = await account(admin, { address: "not-an-address" });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.error.fields)).toEqual(["address"]);
  });

  it("is for administrators only: managers and basic users neither read nor write", async () => {
    const mine = (await account(admin, { address: "admin-only@example.com" })).body;
    for (const token of [manager, basic]) {
      expect((await call(s, "GET", "/api/EmailAccount", { token })).status).toBe(403);
      expect((await call(s, "GET", `/api/EmailAccount/${mine.id}`, { token })).status).toBe(403);
      expect((await account(token, { address: "sneaky@example.com" })).status).toBe(404);
      const put = await call(s, "PUT", "/api/EmailAccount", { token, body: { ...mine, smtpPort: 2525 } });
      expect(put.status).toBe(404);
      expect((await call(s, "DELETE", `/api/EmailAccount/${mine.id}`, { token })).status).toBe(404);
    }
    expect((await call(s, "GET", `/api/EmailAccount/${mine.id}`, { token: other })).status).toBe(404);
    expect((await call(s, "GET", `/api/EmailAccount/${mine.id}`, { token: admin })).body.smtpPort).toBe(587);
  });
});

describe("real-time events", () => {
  async function connect(token: string) {
    const ws = new WebSocket(s.baseUrl.replace(/^http/, "ws") + "/dataHub");
    const messages: ServerMessage[] = [];
    ws.onmessage = (e) => messages.push(JSON.parse(e.data as string));
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
    ws.send(JSON.stringify({ type: "auth", token }));
    await waitFor(() => messages.some((m) => m.type === "authenticated"));
    return { ws, messages };
  }

  async function waitFor(test: () => boolean) {
    for (let i = 0; i < 100 && !test(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(test()).toBe(true);
  }

  it("reach staff for layouts and templates, administrators only for e-mail accounts", async () => {
    const adminSocket = await connect(admin);
    const basicSocket = await connect(basic);
    const events = (m: ServerMessage[]) =>
      m.flatMap((e) => (e.type === "event" ? [`${e.resource} ${e.action}`] : []));
    try {
      const previous = (await call(s, "POST", "/api/PrintLayout", {
        token: admin,
        body: { name: "Ticket 1", type: "shipmentTicket", content: L("x"), isDefault: true },
      })).body;
      await call(s, "POST", "/api/EmailAccount", {
        token: admin,
        body: { smtpServer: "smtp.example.com", smtpPort: 587, address: "events@example.com" },
      });
      await call(s, "POST", "/api/PrintLayout", {
        token: admin,
        body: { name: "Ticket 2", type: "shipmentTicket", content: L("y"), isDefault: true },
      });
      const expected = [
        "PrintLayout created",
        "EmailAccount created",
        "PrintLayout created",
        "PrintLayout changed",
      ];
      await waitFor(() => events(adminSocket.messages).length === 4);
      expect(events(adminSocket.messages)).toEqual(expected);
      // The previous default lost its flag: its change is announced too.
      expect(adminSocket.messages.filter((m) => m.type === "event").at(-1)).toMatchObject({
        id: previous.id,
      });
      await waitFor(() => events(basicSocket.messages).length === 3);
      expect(events(basicSocket.messages)).toEqual(expected.filter((e) => !e.startsWith("EmailAccount")));
    } finally {
      adminSocket.ws.close();
      basicSocket.ws.close();
    }
  });
});
