// What an attacker found in the second hardening round (issue 32, the low findings) and what must hold now:
// the real-time socket opened from another site's page, methods the API does not serve, text that is not
// Unicode, line breaks in a message's headers, quantities and ids written in other forms, and the security
// event log that keeps refusals, misuse and administrators' changes (without a secret in it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  addUser,
  call,
  createTenant,
  PASSWORD,
  type ShardedServer,
  signIn,
  startServer,
  startShardedServer,
  type TestServer,
} from "../fixtures/harness.ts";
import { Socket } from "../fixtures/hub_socket.ts";
import { controlSystemLog } from "../../server/tenancy/schema.ts";
import { TenantProxy } from "../../tenants/proxy.ts";
import { pruneSecurityLog, SecurityFloodLimit } from "../../server/domain/logs/security_log/service.ts";
import { SECURITY_SAME_PER_MINUTE } from "../../server/domain/logs/security_log/service.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";

const APP_ORIGIN = "https://app.example";
let s: TestServer;
let sh: ShardedServer;
let tenant: Tenant;
let admin: string;
let proxy: Deno.HttpServer;
let via: { baseUrl: string };

beforeAll(async () => {
  [s, sh] = await Promise.all([
    startServer({ allowedOrigins: [APP_ORIGIN], loginLimitPerUser: 4 }),
    startShardedServer({ allowedOrigins: [APP_ORIGIN], workers: 2, readers: 0 }),
  ]);
  tenant = await createTenant(s, "hard2");
  admin = (await signIn(s, "hard2-admin")).token;
  await createTenant(sh, "shard2a");
  await createTenant(sh, "shard2b");
  // The tenant proxy in front of the sharded server, as one instance among others.
  await sh.platform.registry.registerInstance(sh.platform.config.instance, sh.baseUrl);
  const router = new TenantProxy(sh.platform.control);
  proxy = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (req, info) => router.fetch(req, info.remoteAddr as Deno.NetAddr),
  );
  via = { baseUrl: `http://127.0.0.1:${(proxy.addr as Deno.NetAddr).port}` };
}, 60_000);
afterAll(async () => {
  await proxy?.shutdown();
  await Promise.all([s?.close(), sh?.close()]);
});

const api = (method: string, path: string, body?: unknown, token = admin, headers?: Record<string, string>) =>
  call(s, method, `/api/${path}`, { token, body, headers });

/** One raw HTTP/1.1 exchange (any method, any bytes), answered as status line, headers and body. */
async function raw(
  baseUrl: string,
  request: string,
): Promise<{ status: number; headers: string; body: string }> {
  const u = new URL(baseUrl);
  const conn = await Deno.connect({ hostname: u.hostname, port: Number(u.port) });
  try {
    await conn.write(new TextEncoder().encode(request));
    const chunks: Uint8Array[] = [];
    const buf = new Uint8Array(65536);
    let text = "";
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
      text = new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
      const end = text.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: *(\d+)/i.exec(text);
      if (end >= 0 && length && new TextEncoder().encode(text.slice(end + 4)).length >= Number(length[1])) {
        break;
      }
    }
    const end = text.indexOf("\r\n\r\n");
    return {
      status: Number(text.split(" ")[1]),
      headers: text.slice(0, end).toLowerCase(),
      body: text.slice(end + 4),
    };
  } finally {
    conn.close();
  }
}

const handshake = (origin: string | undefined) =>
  `GET /dataHub HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n` +
  (origin ? `Origin: ${origin}\r\n` : "") + `Connection: close\r\n\r\n`;

/** Whether a socket from `origin` opens and authenticates with `token`. */
async function socketWorks(baseUrl: string, token: string, origin?: string): Promise<boolean> {
  const socket = new Socket(baseUrl.replace(/^http/, "ws") + "/dataHub", origin);
  try {
    await socket.opened;
    socket.send({ type: "auth", token });
    const outcome = await Promise.race([
      socket.next("authenticated").then(() => true),
      socket.closed.then(() => false),
    ]);
    return outcome;
  } catch {
    return false;
  } finally {
    await socket.close();
  }
}

async function controlLog(): Promise<{ message: string; source: string | null; httpCode: number | null }[]> {
  return await s.platform.control.db.select().from(controlSystemLog);
}

describe("the real-time socket", () => {
  it("is refused to a page of another site before the upgrade (403, the envelope), on one thread and sharded", async () => {
    for (const server of [s, sh]) {
      for (const origin of ["https://evil.example", "null", "http://127.0.0.1.evil.example"]) {
        const r = await raw(server.baseUrl, handshake(origin));
        expect([r.status, JSON.parse(r.body).error.code], `${server.baseUrl} ${origin}`).toEqual([
          403,
          "auth.forbidden",
        ]);
        expect(r.headers).not.toContain("upgrade: websocket");
      }
    }
    const token = admin;
    const shardToken = (await signIn(sh, "shard2a-admin")).token;
    expect(await socketWorks(s.baseUrl, token, "https://evil.example")).toBe(false);
    expect(await socketWorks(sh.baseUrl, shardToken, "https://evil.example")).toBe(false);
    // The refusal is a security event of no tenant: the control database's system log keeps it.
    await expect.poll(async () =>
      (await controlLog()).some((r) => r.source === "security" && r.message.includes("socket.originRefused"))
    ).toBe(true);
  });

  it("opens for our own pages, the public address, the operator's ALLOWED_ORIGINS and clients that are no browser", async () => {
    const shardToken = (await signIn(sh, "shard2b-admin")).token;
    for (const [server, token] of [[s, admin], [sh, shardToken]] as const) {
      expect(await socketWorks(server.baseUrl, token, server.baseUrl), "own origin").toBe(true);
      expect(await socketWorks(server.baseUrl, token, "http://wms.test"), "PUBLIC_URL").toBe(true);
      expect(await socketWorks(server.baseUrl, token, APP_ORIGIN), "ALLOWED_ORIGINS").toBe(true);
      expect(await socketWorks(server.baseUrl, token), "no Origin").toBe(true);
    }
  });

  it("is refused through the tenant proxy too, which hands the caller's Origin on", async () => {
    const token = (await signIn(sh, "shard2a-admin")).token;
    expect(await socketWorks(via.baseUrl, token)).toBe(true);
    expect(await socketWorks(via.baseUrl, token, "https://evil.example")).toBe(false);
  });
});

describe("methods the API does not serve", () => {
  const methods = ["TRACE", "PROPFIND", "FOO", "OPTIONS", "TRACK"];

  it("answer 405 method.notAllowed with the envelope and the path's methods in Allow, never 500", async () => {
    for (const server of [s, sh]) {
      for (const method of methods) {
        const r = await raw(
          server.baseUrl,
          `${method} /api/Product HTTP/1.1\r\nHost: x\r\nAccept-Language: de-DE\r\nConnection: close\r\n\r\n`,
        );
        const body = JSON.parse(r.body);
        expect([r.status, body.error.code], `${server.baseUrl} ${method}`).toEqual([
          405,
          "method.notAllowed",
        ]);
        expect(body.error.message).toBe("Diese Methode ist hier nicht zulässig.");
        expect(r.headers, method).toContain("allow: get, head, post, put");
        expect(r.headers).toContain("x-request-id:");
      }
      const record = await raw(
        server.baseUrl,
        `TRACE /api/Product/7 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect([record.status, /\r?\nallow: ([^\r\n]*)/.exec(record.headers)?.[1]]).toEqual([
        405,
        "get, head, delete",
      ]);
      // A known path with a declared method it lacks answers the same way.
      const list = await call(server, "DELETE", "/api/Product");
      expect([list.status, list.headers.get("allow")]).toEqual([405, "GET, HEAD, POST, PUT"]);
      // CONNECT names a host, not a path: refused all the same (one with a path never reaches the app).
      const connect = await raw(
        server.baseUrl,
        `CONNECT 127.0.0.1:9100 HTTP/1.1\r\nHost: 127.0.0.1:9100\r\n\r\n`,
      );
      expect([connect.status, JSON.parse(connect.body).error.code]).toEqual([405, "method.notAllowed"]);
    }
    expect((await controlLog()).filter((r) => r.httpCode === 500)).toEqual([]);
  });

  it("answer TRACE with 405 outside /api too (pages, files, the hub), never echoing the request", async () => {
    for (const server of [s, sh]) {
      for (const path of ["/", "/signin", "/manifest.webmanifest", "/dataHub"]) {
        const r = await raw(
          server.baseUrl,
          `TRACE ${path} HTTP/1.1\r\nHost: x\r\nCookie: probe=echoed-cookie\r\nConnection: close\r\n\r\n`,
        );
        expect(r.status, `${server.baseUrl} ${path}`).toBe(405);
        expect(r.headers + r.body).not.toContain("echoed-cookie");
      }
    }
  });

  it("answer 405 at the tenant proxy, which cannot pass TRACE or CONNECT on", async () => {
    for (const method of [...methods.filter((m) => m !== "OPTIONS")]) {
      const r = await raw(
        via.baseUrl,
        `${method} /api/Product HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect([r.status, JSON.parse(r.body).error.code], method).toEqual([405, "method.notAllowed"]);
    }
  });
});

describe("text that is not Unicode", () => {
  const send = (bytes: Uint8Array) =>
    fetch(`${s.baseUrl}/api/Tags`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: bytes as Uint8Array<ArrayBuffer>,
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const utf8 = (t: string) => new TextEncoder().encode(t);
  const join = (...parts: (string | number[])[]) =>
    new Uint8Array(parts.flatMap((p) => typeof p === "string" ? [...utf8(p)] : p));

  it("a lone surrogate escaped in JSON is refused on its field, at any depth; a real pair is kept", async () => {
    for (
      const [text, field] of [['{"name":"A\\ud800B"}', "name"], [
        '{"name":"OK","description":"\\udc00"}',
        "description",
      ]]
    ) {
      const r = await send(utf8(text));
      expect([r.status, r.body.error?.code, r.body.error?.fields], text).toEqual([
        400,
        "validation.failed",
        { [field]: ["validation.forbiddenCharacter"] },
      ]);
    }
    const nested = await api("POST", "Product", {
      index: "SURR-1",
      name: "Surrogate",
      customFields: [{ code: "C1", name: "bad \ud83d", type: "text" }],
    });
    expect([nested.status, nested.body.error?.fields]).toEqual([400, {
      "customFields.0.name": ["validation.forbiddenCharacter"],
    }]);
    const emoji = await send(utf8('{"name":"PAIR \\ud83d\\ude00"}'));
    expect([emoji.status, emoji.body.name]).toEqual([201, "PAIR 😀"]);
  });

  it("bytes that are not UTF-8 are refused on the field that holds them, and nothing is stored", async () => {
    const bad: [string, number[]][] = [
      ["a lone 0xFF", [0xff]],
      ["an overlong slash", [0xc0, 0xaf]],
      ["an encoded surrogate", [0xed, 0xa0, 0x80]],
      ["a cut sequence", [0xe2, 0x82]],
    ];
    for (const [what, bytes] of bad) {
      const r = await send(join('{"name":"BAD', bytes, '","description":"fine"}'));
      expect([r.status, r.body.error?.code, r.body.error?.fields], what).toEqual([
        400,
        "validation.failed",
        { name: ["validation.forbiddenCharacter"] },
      ]);
    }
    const list = await api("GET", "Tags?PageSize=100");
    expect(list.body.results.filter((t: { name: string }) => t.name.startsWith("BAD"))).toEqual([]);
    // U+FFFD itself, sent as proper UTF-8, is a character like any other.
    const replacement = await send(utf8('{"name":"REPL \ufffd"}'));
    expect([replacement.status, replacement.body.name]).toEqual([201, "REPL \ufffd"]);
  });
});

describe("single-line fields that become a message's headers", () => {
  it("a message's subject and sender name refuse line breaks; nothing is stored", async () => {
    const cases = [
      { subject: "Hello\r\nBcc: victim@evil.example", body: "x", to: ["a@b.example"] },
      { subject: "Hello", senderName: "Boss\nReply-To: evil@evil.example", body: "x", to: ["a@b.example"] },
    ];
    for (const c of cases) {
      const r = await api("POST", "Message/send", { channel: "email", ...c });
      const field = "senderName" in c ? "senderName" : "subject";
      expect([r.status, r.body.error?.fields], field).toEqual([400, {
        [field]: ["validation.forbiddenCharacter"],
      }]);
    }
    const sms = await api("POST", "Message/send", {
      channel: "sms",
      senderName: "W\r\nMS",
      body: "x",
      to: ["+48500100200"],
    });
    expect([sms.status, sms.body.error?.fields]).toEqual([400, {
      senderName: ["validation.forbiddenCharacter"],
    }]);
    expect((await api("GET", "Message")).body.allFilteredRowCount).toBe(0);
  });

  it("a template's subject and an attachment's name are single lines too; a record's lines filled in become one", async () => {
    const template = await api("POST", "EmailTemplate", {
      code: "CRLF",
      name: "CRLF",
      language: "en-us",
      subject: "Order\r\nBcc: x@evil.example",
      body: "b",
    });
    expect([template.status, template.body.error?.fields]).toEqual([400, {
      subject: ["validation.forbiddenCharacter"],
    }]);
    const file = await fetch(
      `${s.baseUrl}/api/File/send-by-email/1?personId=1&fileName=${
        encodeURIComponent("a.pdf\r\nBcc: x@evil")
      }`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect([file.status, (await file.json()).error.fields]).toEqual([400, {
      fileName: ["validation.forbiddenCharacter"],
    }]);
    // A product whose description runs over lines, filled into a template's subject: one line is sent.
    const account = await api("POST", "EmailAccount", {
      address: "wms@hard2.example",
      smtpServer: "mail.hard2.example",
      smtpPort: 587,
    });
    expect(account.status).toBe(201);
    const t = await api("POST", "EmailTemplate", {
      code: "DESC",
      name: "Description",
      language: "en-us",
      subject: "About {{product.description}}",
      body: "b",
    });
    const p = await api("POST", "Product", {
      index: "LINES-1",
      name: "Lines",
      description: "one\r\nBcc: x@evil",
    });
    const sent = await api("POST", "Message/send", {
      channel: "email",
      templateId: t.body.id,
      to: ["buyer@hard2.example"],
      refResourceType: "Product",
      refResourceId: p.body.id,
    });
    expect(sent.status).toBe(202);
    expect((await api("GET", `Message/${sent.body.id}`)).body.subject).toBe("About one Bcc: x@evil");
  });
});

describe("quantities and ids written in other forms", () => {
  it("a product's warning and critical stock and pallet quantity take at most three decimals", async () => {
    for (const field of ["warningStock", "criticalStock", "palQuantity"]) {
      const r = await api("POST", "Product", { index: `DEC-${field}`, name: "Decimals", [field]: 1.0005 });
      expect([r.status, r.body.error?.fields], field).toEqual([400, {
        [field]: ["validation.invalidValue"],
      }]);
    }
    const ok = await api("POST", "Product", {
      index: "DEC-OK",
      name: "Decimals",
      warningStock: 10.125,
      criticalStock: 0.001,
      palQuantity: 2.5,
    });
    expect([ok.status, ok.body.warningStock, ok.body.criticalStock]).toEqual([201, 10.125, 0.001]);
  });

  it("an attachment's record id is plain digits: 0x1, 1e0, ' 1', +1, 01 and 1.0 are refused, 1 works", async () => {
    const target = (await api("POST", "Tags", { name: "ATTACH" })).body.id as number;
    const upload = (id: string) => {
      const form = new FormData();
      form.set("file", new File([new TextEncoder().encode("plain text")], "note.txt"));
      return fetch(
        `${s.baseUrl}/api/File/upload?refResourceType=Tags&refResourceId=${encodeURIComponent(id)}`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${admin}` },
          body: form,
        },
      ).then(async (r) => ({ status: r.status, body: await r.json() }));
    };
    const forms = [
      `0x${target.toString(16)}`,
      `${target}e0`,
      ` ${target}`,
      `+${target}`,
      `0${target}`,
      `${target}.0`,
    ];
    for (const id of forms) {
      const r = await upload(id);
      expect([r.status, r.body.error?.fields], JSON.stringify(id)).toEqual([400, {
        refResourceId: ["validation.invalidValue"],
      }]);
    }
    expect((await upload(String(target))).status).toBe(201);
    const files = await api("GET", `File/list?refResourceType=Tags&refResourceId=${target}`);
    expect(files.body).toHaveLength(1);
  });

  it("every id, page and quantity read from a query is plain decimal; a list filter's number too", async () => {
    const refused = [
      "File/list?refResourceType=Tags&refResourceId=0x1",
      "Tags?PageNumber=0x1",
      "Tags?PageSize=1e1",
      "Tags?PageSize=%2B10",
      "WmsInventory/locationsuggestin?productId=0x1&quantity=1",
      "WmsInventory/locationsuggestin?productId=1&quantity=1e0",
      "WmsInventory/locationsuggestin?productId=1&quantity=1&limit=01",
    ];
    for (const path of refused) {
      const r = await api("GET", path);
      expect([r.status, r.body.error?.code], path).toEqual([400, "validation.failed"]);
    }
    const filter = (value: unknown) =>
      api(
        "GET",
        `Tags?BasicFiltersSerialized=${
          encodeURIComponent(JSON.stringify([{ field: "id", operator: "eq", value }]))
        }`,
      );
    expect((await filter("0x1")).status).toBe(400);
    expect((await filter("1e0")).status).toBe(400);
    expect((await filter("1")).status).toBe(200);
    expect((await filter(1)).status).toBe(200);
  });
});

describe("the security event log", () => {
  type Event = {
    at: string;
    event: string;
    outcome: string;
    userName: string | null;
    userId: number | null;
    ip: string | null;
    userAgent: string | null;
    requestId: string | null;
    detail: string | null;
  };
  const events = async (filters: unknown[] = [], server: Pick<TestServer, "baseUrl"> = s, token = admin) => {
    const q = `PageSize=500&BasicFiltersSerialized=${encodeURIComponent(JSON.stringify(filters))}`;
    const r = await call(server, "GET", `/api/SecurityLog?${q}`, { token });
    expect(r.status).toBe(200);
    return r.body.results as Event[];
  };
  const ofKind = (kind: string, server: Pick<TestServer, "baseUrl"> = s, token = admin) =>
    events([{ field: "event", operator: "eq", value: kind }], server, token);

  it("keeps a failed sign-in with who, where, which request and the outcome, and never its password", async () => {
    const secret = `Guess-${crypto.randomUUID()}`;
    const r = await call(s, "POST", "/api/Auth", {
      body: { username: "hard2-admin", password: secret },
      headers: { "user-agent": "attack-script/1.0", "x-request-id": "probe-login-1" },
    });
    expect(r.status).toBe(401);
    await expect.poll(async () => (await ofKind("signIn.failed")).length).toBeGreaterThan(0);
    const [event] = await ofKind("signIn.failed");
    expect(event).toMatchObject({
      outcome: "refused",
      userName: "hard2-admin",
      ip: "127.0.0.1",
      userAgent: "attack-script/1.0",
      requestId: "probe-login-1",
      detail: "password",
    });
    // An unknown username goes to the system log, without the name (it may be a password in the wrong field).
    const stranger = `nobody-${secret}`;
    expect((await call(s, "POST", "/api/Auth", { body: { username: stranger, password: secret } })).status)
      .toBe(401);
    await expect.poll(async () =>
      (await controlLog()).some((l) =>
        l.message.includes("signIn.failed") && l.message.includes("unknown username")
      )
    ).toBe(true);
    // Nowhere: not in any event or log row, not in the export, not in the database files' bytes.
    const everything = JSON.stringify([await events(), await controlLog()]);
    expect(everything).not.toContain(secret);
    const exported = await fetch(`${s.baseUrl}/api/SecurityLog/export?format=csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(exported.status).toBe(200);
    expect(await exported.text()).not.toContain(secret);
    await s.platform.security.flush();
    for (const file of ["control.db", "control.db-wal", `tenants/hard2.db`, `tenants/hard2.db-wal`]) {
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(join(s.dataDir, file));
      } catch {
        continue;
      }
      expect(new TextDecoder("latin1").decode(bytes).includes(secret), file).toBe(false);
    }
  });

  it("keeps throttled sign-ins, successful ones and wrong current passwords", async () => {
    await addUser(s, admin, { username: "hard2-guessed" });
    let status = 0;
    for (let i = 0; i < 8 && status !== 429; i++) {
      status =
        (await call(s, "POST", "/api/Auth", { body: { username: "hard2-guessed", password: "wrong-1" } }))
          .status;
    }
    expect(status).toBe(429);
    await expect.poll(async () => (await ofKind("signIn.throttled")).map((e) => [e.userName, e.outcome]))
      .toContainEqual(["hard2-guessed", "throttled"]);
    const me = await signIn(s, "hard2-admin");
    await expect.poll(async () =>
      (await ofKind("signIn.succeeded")).some((e) => e.userName === "hard2-admin")
    )
      .toBe(true);
    const self = (await api("GET", `User/${me.user.id}`)).body;
    const wrong = await api("PUT", "User", {
      ...self,
      password: "N3w-pass-word!",
      repeatPassword: "N3w-pass-word!",
      currentPassword: "not-it",
    });
    expect(wrong.status).toBe(400);
    await expect.poll(async () => (await ofKind("password.wrongCurrent")).length).toBe(1);
    expect(JSON.stringify(await events())).not.toContain("not-it");
  });

  it("is written apart from a keyed write: a refused write's event leaves no idempotency key behind", async () => {
    await s.platform.security.flush();
    const me = (await api("GET", "User")).body.results.find((u: { username: string }) =>
      u.username === "hard2-admin"
    );
    const self = (await api("GET", `User/${me.id}`)).body;
    const body = {
      ...self,
      password: "Th1rd-pass-word!",
      repeatPassword: "Th1rd-pass-word!",
      currentPassword: "nope",
    };
    const refused = await api("PUT", "User", body, admin, { "idempotency-key": "security-event-key" });
    expect(refused.status).toBe(400);
    await expect.poll(async () => (await ofKind("password.wrongCurrent")).length).toBe(2);
    const keys = await s.platform.pool.use(
      tenant.dbUrl,
      (conn) => conn.query("SELECT key FROM idempotency_keys WHERE key = ?", ["security-event-key"]),
    );
    expect(keys).toEqual([]);
  });

  it("keeps calls refused by permission, with the caller and the route", async () => {
    await addUser(s, admin, { username: "hard2-basic" });
    const basic = (await signIn(s, "hard2-basic")).token;
    expect((await api("GET", "SystemLog", undefined, basic)).status).toBe(403);
    expect((await api("POST", "User", { username: "x" }, basic)).status).toBe(404);
    expect((await api("GET", "SecurityLog", undefined, basic)).status).toBe(403);
    await expect.poll(async () =>
      (await ofKind("access.refused")).filter((e) => e.userName === "hard2-basic").map((e) => e.detail).sort()
    ).toEqual([
      'GET /api/SecurityLog: needs "admin"',
      'GET /api/SystemLog: needs "admin"',
      'POST /api/User: needs "admin"',
    ]);
  });

  it("keeps misused API and shared-access keys and a refresh token used twice, never the key or token", async () => {
    const contractor = (await api("POST", "Company", { shortName: "KEYS", keyRole: "contractor" })).body.id;
    const key = (await api("POST", "SharedAccess", { contentType: "api", contractorId: contractor })).body;
    const stock =
      (await api("POST", "SharedAccess", { contentType: "wmsstock", contractorId: contractor })).body;
    // A key may only read.
    const write = await call(s, "POST", "/api/Product", { headers: { "x-api-key": key.token }, body: {} });
    expect(write.status).toBe(403);
    await api("POST", `SharedAccess/${key.id}/withdraw`);
    await api("POST", `SharedAccess/${stock.id}/withdraw`);
    expect((await call(s, "GET", "/api/Product", { headers: { "x-api-key": key.token } })).status).toBe(410);
    expect((await call(s, "GET", `/api/shared/stock?key=${stock.shortUrlKey}`)).status).toBe(410);
    expect((await call(s, "GET", "/api/Product", { headers: { "x-api-key": "k".repeat(40) } })).status).toBe(
      410,
    );
    await expect.poll(async () => (await ofKind("apiKey.refused")).map((e) => e.detail).sort()).toEqual([
      "GET /Product: a key withdrawn, expired or not an API key",
      "POST /Product: a call an API key may not make",
    ]);
    await expect.poll(async () => (await ofKind("sharedAccess.refused")).map((e) => e.detail))
      .toEqual([`GET shared/stock: access ${stock.id}: withdrawn`]);
    const session = await signIn(s, "hard2-basic");
    const first = await call(s, "GET", "/api/Auth", { token: session.refreshToken });
    expect(first.status).toBe(200);
    const again = await call(s, "GET", "/api/Auth", { token: session.refreshToken });
    expect(again.status).toBe(401);
    await expect.poll(async () => (await ofKind("refreshToken.reused")).map((e) => e.userName))
      .toEqual(["hard2-basic"]);
    const all = JSON.stringify([await events(), await controlLog()]);
    for (const secret of [key.token, key.shortUrlKey, stock.token, stock.shortUrlKey, session.refreshToken]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain("an unknown key");
  });

  it("keeps administrators' changes to users, their roles, keys and the account, in the change's transaction", async () => {
    const made = await addUser(s, admin, { username: "hard2-promoted" });
    const user = (await api("GET", `User/${made.id}`)).body;
    const promoted = await api("PUT", "User", {
      ...user,
      isPowerUser: true,
      password: "An0ther-secret!",
      repeatPassword: "An0ther-secret!",
    });
    expect(promoted.status).toBe(200);
    // A change that fails writes no event: the refused edit below leaves the log as it was.
    const stale = await api("PUT", "User", { ...user, isSuperUser: true });
    expect(stale.status).toBe(409);
    expect((await api("DELETE", `User/${made.id}`)).status).toBe(204);
    const account = (await api("GET", "ClientAccount")).body;
    expect((await api("PUT", "ClientAccount", { ...account, invoiceName: "Hard Two Ltd" })).status).toBe(200);
    const changes = await events([{ field: "outcome", operator: "eq", value: "changed" }]);
    const mine = changes.filter((e) => e.userName === "hard2-admin").map((e) => [e.event, e.detail]);
    expect(mine).toEqual(expect.arrayContaining([
      ["user.created", `user ${made.id} (hard2-promoted): active`],
      ["user.changed", `user ${made.id} (hard2-promoted): isPowerUser false → true, password`],
      ["user.deleted", `user ${made.id} (hard2-promoted): active, isPowerUser`],
      ["account.changed", "invoiceName"],
    ]));
    expect(mine.filter(([e]) => e === "user.changed").length).toBe(1);
    expect(mine.some(([e]) => e === "sharedAccess.created")).toBe(true);
    expect(mine.some(([e]) => e === "sharedAccess.withdrawn")).toBe(true);
    expect(JSON.stringify(changes)).not.toContain("An0ther-secret!");
  });

  it("is read by administrators alone, filtered by kind, user and time, exported, and never written by a call", async () => {
    const since = new Date(Date.now() - 3600_000).toISOString();
    const filtered = await events([
      { field: "event", operator: "eq", value: "signIn.failed" },
      { field: "userName", operator: "eq", value: "hard2-admin" },
      { field: "at", operator: "gte", value: since },
    ]);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((e) => e.event === "signIn.failed" && e.at >= since)).toBe(true);
    const future = await events([{ field: "at", operator: "gte", value: "2999-01-01" }]);
    expect(future).toEqual([]);
    for (const format of ["csv", "xlsx", "pdf"]) {
      const r = await fetch(`${s.baseUrl}/api/SecurityLog/export?format=${format}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect([r.status, (await r.arrayBuffer()).byteLength > 100], format).toEqual([200, true]);
    }
    const one = (await events())[0];
    for (
      const [method, path] of [["POST", "SecurityLog"], ["PUT", "SecurityLog"], ["DELETE", "SecurityLog/1"]]
    ) {
      const r = await api(method, path, method === "DELETE" ? undefined : { ...one });
      expect(r.status, `${method} ${path}`).toBe(405);
    }
  });

  it("lands in the tenant's own log on a sharded server, whichever shard saw the refusal", async () => {
    const token = (await signIn(sh, "shard2b-admin")).token;
    // Sign-ins are spread over the shards: some of these reach the one that does not own the tenant.
    for (let i = 0; i < 3; i++) {
      await call(sh, "POST", "/api/Auth", { body: { username: "shard2b-admin", password: `no-${i}` } });
    }
    await expect.poll(async () => (await ofKind("signIn.failed", sh, token)).length).toBe(3);
  });

  it("prunes events past SECURITY_LOG_DAYS in slices when the tenant's next events are written", async () => {
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const pruned = await createTenant(s, "hard2prune");
    await s.platform.pool.use(pruned.dbUrl, async (conn) => {
      await conn.query(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
         INSERT INTO security_events (at, event, outcome, detail) SELECT ?, 'signIn.failed', 'refused', 'old' FROM n`,
        [old],
      );
    });
    expect(
      (await call(s, "POST", "/api/Auth", { body: { username: "hard2prune-admin", password: "x" } })).status,
    )
      .toBe(401);
    const token = (await signIn(s, "hard2prune-admin")).token;
    await expect.poll(async () => {
      const rows = await events([], s, token);
      return [rows.filter((r) => r.detail === "old").length, rows.some((r) => r.event === "signIn.failed")];
    }).toEqual([0, true]);
    // The slices themselves: a call deletes everything before the day it is given, and nothing after.
    await s.platform.pool.use(pruned.dbUrl, async (conn) => {
      await conn.query(
        "INSERT INTO security_events (at, event, outcome) VALUES (?, 'signIn.failed', 'refused')",
        [old],
      );
      expect(await pruneSecurityLog(conn, new Date(Date.now() - 365 * 86_400_000).toISOString())).toBe(1);
    });
    expect(tenant.id).toBeGreaterThan(0);
  });

  it("a flood writes each kind from one address a bounded number of times a minute, then says how many it left out", () => {
    const limit = new SecurityFloodLimit();
    const minute = 60_000 * 1000;
    const e = { kind: "signIn.failed" as const, ip: "203.0.113.7", userName: "victim" };
    const answers = Array.from({ length: 100 }, (_, i) => limit.admit(e, minute + i));
    expect(answers.filter((a) => a.write)).toHaveLength(SECURITY_SAME_PER_MINUTE);
    // Another address still gets in.
    expect(limit.admit({ ...e, ip: "198.51.100.1" }, minute + 200).write).toBe(true);
    expect(limit.admit(e, minute + 60_000)).toEqual({
      write: true,
      leftOut: [["signIn.failed", 100 - SECURITY_SAME_PER_MINUTE]],
    });
  });
});

// The password the fixtures sign in with stays out of every log too (a sign-in's body is never kept).
describe("a sign-in's password", () => {
  it("is in no security event and no record log entry after sign-ins that succeeded", async () => {
    const rows = await s.platform.pool.use(tenant.dbUrl, async (conn) => [
      ...await conn.query("SELECT * FROM security_events"),
      ...await conn.query("SELECT * FROM record_log"),
    ]);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });
});
