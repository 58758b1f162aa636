// What an attacker tried and what must hold (the hardening issue): inputs with control characters, ids
// written in other forms than plain digits, bodies too large, too deep or too slow, and the headers that
// tell a browser what it may do with our answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addUser,
  call,
  createTenant,
  PASSWORD,
  signIn,
  startServer,
  type TestServer,
} from "../fixtures/harness.ts";
import { decodeJwt } from "jose";
import { signAccessToken } from "../../server/domain/access/auth/tokens.ts";
import { findUser } from "../../server/domain/access/users/service.ts";
import { controlCharacterFields } from "../../server/kernel/validation.ts";

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer({ bodyTimeoutSeconds: 1 });
  await createTenant(s, "hard");
  admin = (await signIn(s, "hard-admin")).token;
});
afterAll(() => s.close());

const post = (path: string, body: unknown) => call(s, "POST", `/api/${path}`, { token: admin, body });

describe("control characters", () => {
  it("are found in any text of an input, by the field's path; a scan's group separator is a scan's", () => {
    expect(controlCharacterFields({ name: "a\u0000b", ok: "fine\n", n: 1, list: [{ code: "x\u007f" }] }))
      .toEqual(["name", "list.0.code"]);
    expect(controlCharacterFields({ note: "tab\tline\r\nbreak", c1: "\u0085" })).toEqual(["c1"]);
    expect(controlCharacterFields({ productCode: "]C10105901234123457\u001d10LOT" })).toEqual([]);
    expect(controlCharacterFields({ productCode: "590\u0000" })).toEqual(["productCode"]);
  });

  it("a NUL in an index is refused, so two products cannot show the same 'unique' index", async () => {
    const first = await post("Product", { index: "NUL-1", name: "First" });
    expect(first.status).toBe(201);
    const r = await post("Product", { index: "NUL-1\u0000X", name: "Second" });
    expect([r.status, r.body.error.code, r.body.error.fields]).toEqual([
      400,
      "validation.failed",
      { index: ["validation.forbiddenCharacter"] },
    ]);
  });

  it("single-line fields refuse line breaks and tabs; multi-line ones keep them, but not other controls", async () => {
    const name = await post("ProductGroup", { name: "Two\nlines" });
    expect([name.status, name.body.error?.fields]).toEqual([400, {
      name: ["validation.forbiddenCharacter"],
    }]);
    const tabbed = await post("Tags", { name: "A\tB" });
    expect([tabbed.status, tabbed.body.error?.fields]).toEqual([400, {
      name: ["validation.forbiddenCharacter"],
    }]);
    const ok = await post("Tags", { name: "NOTE", description: "line one\nline two\ttabbed" });
    expect([ok.status, ok.body.description]).toEqual([201, "line one\nline two\ttabbed"]);
    const bell = await post("Tags", { name: "BELL", description: "ring\u0007" });
    expect([bell.status, bell.body.error?.fields]).toEqual([
      400,
      { description: ["validation.forbiddenCharacter"] },
    ]);
  });

  it("the message names the rule in the caller's language, field by field", async () => {
    const r = await call(s, "POST", "/api/Company", {
      token: admin,
      headers: { "accept-language": "de-DE" },
      body: { shortName: "ACME\u0000", keyRole: "other", description: "ok" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ shortName: ["validation.forbiddenCharacter"] });
  });
});

describe("ids in the path", () => {
  it("are plain digits: 1e3, 0x10, a leading space or zero, a sign or a fraction name no record", async () => {
    const p = await post("Product", { index: "ID-FORMS", name: "Forms" });
    expect(p.status).toBe(201);
    const id = p.body.id as number;
    expect((await call(s, "GET", `/api/Product/${id}`, { token: admin })).status).toBe(200);
    const forms = [
      `0${id}`,
      `%20${id}`,
      `${id}%20`,
      `+${id}`,
      `${id}.0`,
      "0x" + id.toString(16),
      `${id / 1000}e3`,
      "1e0",
      "-1",
      "0",
      "99999999999999999999",
    ];
    for (const form of forms) {
      const r = await call(s, "GET", `/api/Product/${form}`, { token: admin });
      expect([form, r.status, r.body.error?.code]).toEqual([form, 404, "record.notFoundOrNoPermission"]);
    }
    const del = await call(s, "DELETE", `/api/Product/0${id}`, { token: admin });
    expect(del.status).toBe(404);
    expect((await call(s, "GET", `/api/Product/${id}`, { token: admin })).status).toBe(200);
  });
});

/** Sends raw bytes over a fresh connection and answers the status line and headers of the reply. */
async function raw(head: string, bodyPart: string, waitMs = 5000): Promise<{ status: number; ms: number }> {
  const { port } = new URL(s.baseUrl);
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(port) });
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await conn.write(new TextEncoder().encode(head + "\r\n" + bodyPart));
    const buf = new Uint8Array(4096);
    const read = await Promise.race([
      conn.read(buf),
      new Promise<null>((r) => (timer = setTimeout(() => r(null), waitMs))),
    ]);
    if (read === null) return { status: 0, ms: performance.now() - started };
    const text = new TextDecoder().decode(buf.subarray(0, read ?? 0));
    return { status: Number(text.split(" ")[1]), ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
    conn.close();
  }
}

describe("request bodies", () => {
  it("over 1 MB by their Content-Length are refused with 413 before the rest is read", async () => {
    const head = "POST /api/Auth HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
      `Content-Length: ${100 * 1024 * 1024}\r\n`;
    // 14 of the 100 MB sent, and the answer came: the server did not wait for the rest (how soon, within
    // a second, is bounded by `deno task bench pathological`).
    const r = await raw(head, '{"username":"', 30_000);
    expect(r.status).toBe(413);
    const envelope = await call(s, "POST", "/api/Auth", {
      headers: { "content-type": "application/json" },
      body: { username: "x".repeat(1_100_000), password: "y" },
    });
    expect([envelope.status, envelope.body.error.code, envelope.body.error.message]).toEqual([
      413,
      "request.tooLarge",
      "The request is too large (at most 1 MB).",
    ]);
  });

  it("may weigh more where the route says so: a print layout of a million characters, Polish letters (2 MB)", async () => {
    // Texts of 10,000 letters each, the last one as long as makes the layout a million characters.
    const text = (n: number) => ({ type: "text", x: 0, y: 0, text: "ł".repeat(n) });
    const shell = (elements: unknown[]) => JSON.stringify({ page: { width: 100, height: 50 }, elements });
    const elements = Array.from({ length: 99 }, () => text(10_000));
    const rest = 1_000_000 - shell([...elements, text(0)]).length;
    const content = shell([...elements, text(rest)]);
    expect([content.length, new TextEncoder().encode(content).length > 1_900_000]).toEqual([1_000_000, true]);
    const r = await post("PrintLayout", { name: "Wide", type: "product", content });
    expect([r.status, (r.body.content as string)?.length]).toEqual([201, 1_000_000]);
  });

  it("sent in chunks are cut off as soon as they pass 1 MB", async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 20 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const r = await fetch(`${s.baseUrl}/api/Product`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: stream,
    });
    expect(r.status).toBe(413);
    expect((await r.json()).error.code).toBe("request.tooLarge");
    // Not the whole 20 MB: the server stopped reading (a little more than the limit may be in flight).
    expect(sent).toBeLessThan(10 * 1024 * 1024);
  });

  it("that never finish arriving are answered 408 after the body time-out, not held open", async () => {
    const head = "POST /api/Auth HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
      "Content-Length: 100\r\n";
    // Answered, so not held open; not before the time-out (1 s here). How soon after it (within 4 s) is
    // bounded by `deno task bench pathological`; here the wait is given up only after 30 s.
    const r = await raw(head, '{"username":', 30_000);
    expect(r.status).toBe(408);
    expect(r.ms).toBeGreaterThan(900);
  });

  it("must say they are JSON: a form or text/plain post, which needs no CORS preflight, is refused with 415", async () => {
    const credentials = JSON.stringify({ username: "hard-admin", password: "wrong-password" });
    for (
      const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", null]
    ) {
      const r = await fetch(`${s.baseUrl}/api/Auth`, {
        method: "POST",
        headers: type ? { "content-type": type } : {},
        body: type ? credentials : new Blob([credentials]),
      });
      const body = await r.json();
      expect([r.status, body.error.code], String(type)).toEqual([415, "request.notJson"]);
    }
    // Refused before it counts: the right password still signs in at once, with JSON of any charset.
    const ok = await fetch(`${s.baseUrl}/api/Auth`, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ username: "hard-admin", password: PASSWORD }),
    });
    expect(ok.status).toBe(200);
  });

  it("nested deeper than 64 levels are refused as a bad request, whatever the route", async () => {
    const deep = "[".repeat(65) + "]".repeat(65);
    const r = await fetch(`${s.baseUrl}/api/Product`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: `{"name":"x","index":"DEEP","customFields":${deep}}`,
    });
    expect(r.status).toBe(400);
    const body = await r.json();
    expect([body.error.code, body.error.message]).toEqual([
      "request.badQuery",
      "The request is not valid: objects and arrays nest deeper than 64.",
    ]);
    // Brackets inside strings are text, not nesting.
    const text = await post("Tags", { name: "BRACKETS", description: "[".repeat(200) });
    expect(text.status).toBe(201);
  });
});

describe("security headers", () => {
  it("a page: a policy allowing only its own origin and this answer's nonce, no framing, no sniffing", async () => {
    const one = await fetch(`${s.baseUrl}/signin`);
    const html = await one.text();
    const csp = one.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(nonce.length).toBeGreaterThanOrEqual(16);
    // Every script the page runs is our file or carries the nonce; the boot data is not a script to run.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
      const external = /\ssrc="\/assets\//.test(tag);
      const data = /type="application\/json"/.test(tag);
      expect(external || data || tag.includes(`nonce="${nonce}"`), tag).toBe(true);
    }
    expect(one.headers.get("x-content-type-options")).toBe("nosniff");
    expect(one.headers.get("referrer-policy")).toBe("no-referrer");
    const two = await fetch(`${s.baseUrl}/signin`);
    await two.body?.cancel();
    expect(/'nonce-([^']+)'/.exec(two.headers.get("content-security-policy")!)![1]).not.toBe(nonce);
  });

  it("an API answer: never stored by a cache, not framed, not sniffed; errors too", async () => {
    for (const path of ["/api/User", "/api/NoSuchThing", "/api/health"]) {
      const r = await call(s, "GET", path, { token: admin });
      expect(r.headers.get("cache-control"), path).toBe("no-store");
      expect(r.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(r.headers.get("x-frame-options"), path).toBe("DENY");
      expect(r.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("HSTS when the caller came over TLS, as a trusted proxy says", async () => {
    const proxied = await startServer({ trustProxy: true });
    try {
      const tls = await fetch(`${proxied.baseUrl}/api/health`, { headers: { "x-forwarded-proto": "https" } });
      await tls.body?.cancel();
      expect(tls.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const plain = await fetch(`${proxied.baseUrl}/api/health`);
      await plain.body?.cancel();
      expect(plain.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await proxied.close();
    }
    // An untrusted caller cannot claim TLS.
    const claimed = await fetch(`${s.baseUrl}/api/health`, { headers: { "x-forwarded-proto": "https" } });
    await claimed.body?.cancel();
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("files on disk", () => {
  it("tenant databases (with their WAL and shared memory) and the control database are the server's alone", async () => {
    const { filePathOf } = await import("../../server/db/local.ts");
    const tenant = await s.platform.registry.bySlug("hard");
    const path = filePathOf(tenant!.dbUrl);
    // A write makes sure the WAL and shared-memory files exist.
    expect((await post("Tags", { name: "ON-DISK" })).status).toBe(201);
    const files = [path, `${path}-wal`, `${path}-shm`, `${s.dataDir}/control.db`];
    for (const f of files) {
      const mode = Deno.statSync(f).mode! & 0o777;
      expect([f, (mode & 0o077).toString(8)]).toEqual([f, "0"]);
    }
    expect(Deno.statSync(path.slice(0, path.lastIndexOf("/"))).mode! & 0o077).toBe(0);
  });

  it("a database file made readable to others before is narrowed when it is opened", async () => {
    const { LocalConnection } = await import("../../server/db/local.ts");
    const path = `${s.dataDir}/older.db`;
    Deno.writeFileSync(path, new Uint8Array(), { mode: 0o644 });
    Deno.chmodSync(path, 0o644);
    const conn = new LocalConnection(`file:${path}`);
    try {
      expect(Deno.statSync(path).mode! & 0o777).toBe(0o600);
    } finally {
      await conn.close();
    }
  });
});

describe("roles, modules and contractors", () => {
  const put = (token: string, body: unknown) => call(s, "PUT", "/api/User", { token, body });
  // deno-lint-ignore no-explicit-any
  const edit = (user: any, changes: Record<string, unknown>) => {
    const { createdAt: _c, createdDate: _d, updatedAt: _u, lastLoginDate: _l, ...rest } = user;
    return { ...rest, ...changes };
  };

  it("a demoted manager's token stops writing and reading what managers may, at its next call", async () => {
    const manager = await addUser(s, admin, { username: "demoted-dan", isPowerUser: true });
    const token = (await signIn(s, "demoted-dan")).token;
    expect((await call(s, "POST", "/api/Tags", { token, body: { name: "BEFORE" } })).status).toBe(201);
    expect((await call(s, "GET", "/api/User", { token })).status).toBe(200);
    expect((await put(admin, edit(manager, { isPowerUser: false }))).status).toBe(200);
    const write = await call(s, "POST", "/api/Tags", { token, body: { name: "AFTER" } });
    expect([write.status, write.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    expect((await call(s, "GET", "/api/User", { token })).status).toBe(404);
  });

  it("a contractor user moved to another contractor reads the new one's products only, at once", async () => {
    const first = await post("Company", { shortName: "FIRST CO", keyRole: "contractor" });
    const second = await post("Company", { shortName: "SECOND CO", keyRole: "contractor" });
    const own = await post("Product", { index: "FIRST-1", name: "First's", contractorId: first.body.id });
    const theirs = await post("Product", {
      index: "SECOND-1",
      name: "Second's",
      contractorId: second.body.id,
    });
    const user = await addUser(s, admin, {
      username: "moved-mia",
      connectedContractorId: first.body.id,
      contractorPortalEnabled: true,
    });
    const token = (await signIn(s, "moved-mia")).token;
    expect((await call(s, "GET", `/api/Product/${own.body.id}`, { token })).status).toBe(200);
    expect((await put(admin, edit(user, { connectedContractorId: second.body.id }))).status).toBe(200);
    expect((await call(s, "GET", `/api/Product/${own.body.id}`, { token })).status).toBe(404);
    expect((await call(s, "GET", `/api/Product/${theirs.body.id}`, { token })).status).toBe(200);
  });

  it("another process sees a change within the session check's window (5 s)", async () => {
    const other = await startServer({}, s.dataDir);
    try {
      const manager = await addUser(s, admin, { username: "remote-rita", isPowerUser: true });
      const token = (await signIn(s, "remote-rita")).token;
      expect((await call(other, "GET", "/api/User", { token })).status).toBe(200);
      expect((await put(admin, edit(manager, { isPowerUser: false }))).status).toBe(200);
      // Seen, at the latest when the session check comes round; how soon (within 6.5 s, polled every 250 ms)
      // is bounded by `deno task bench windows`. Here a change never seen is given up on after 30 s.
      const started = performance.now();
      let status = 200;
      while (status === 200 && performance.now() - started < 30_000) {
        await new Promise((r) => setTimeout(r, 250));
        status = (await call(other, "GET", "/api/User", { token })).status;
      }
      expect(status).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe("access tokens", () => {
  it("whose sign-in is another user's, or which were issued in the future, are refused", async () => {
    const alice = await addUser(s, admin, { username: "token-alice" });
    await addUser(s, admin, { username: "token-bob" });
    const bobs = decodeJwt((await signIn(s, "token-bob")).token).sid as string;
    const tenant = (await s.platform.registry.bySlug("hard"))!;
    const aliceRow = (await s.platform.pool.use(tenant.dbUrl, (conn) => findUser(conn.db, alice.id)))!;
    // Signed with the server's own key: only the sign-in it names is wrong.
    const borrowed = await signAccessToken(s.platform.keys, s.platform.config, tenant.id, bobs, aliceRow);
    const r = await call(s, "GET", `/api/User/${alice.id}`, { token: borrowed.token });
    expect([r.status, r.body.error.code]).toEqual([401, "auth.tokenInvalid"]);
    const aliceSession = decodeJwt((await signIn(s, "token-alice", PASSWORD)).token).sid as string;
    const fine = await signAccessToken(s.platform.keys, s.platform.config, tenant.id, aliceSession, aliceRow);
    expect((await call(s, "GET", `/api/User/${alice.id}`, { token: fine.token })).status).toBe(200);
    const realNow = Date.now;
    Date.now = () => realNow() + 10 * 60_000;
    let future: string;
    try {
      future =
        (await signAccessToken(s.platform.keys, s.platform.config, tenant.id, aliceSession, aliceRow)).token;
    } finally {
      Date.now = realNow;
    }
    const f = await call(s, "GET", `/api/User/${alice.id}`, { token: future });
    expect([f.status, f.body.error.code]).toEqual([401, "auth.tokenInvalid"]);
  });
});
