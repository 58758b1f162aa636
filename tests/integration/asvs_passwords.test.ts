// ASVS V6 (passwords), against the real server: any characters and lengths up to 128 are taken and then
// compared exactly (6.2.5, 6.2.8, 6.2.9); a password made of its context's words (the user's, the
// company's, the product's) is refused wherever one is chosen (6.1.2, 6.2.11); one known from a breach is
// refused by the Pwned Passwords range service, which sees only 5 hex digits of its SHA-1 (6.2.12; the
// service here is a real HTTP server on loopback answering as the real one does).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  addUser,
  call,
  createTenant,
  PASSWORD,
  signIn,
  startServer,
  type TestServer,
} from "../fixtures/harness.ts";
import {
  contextWords,
  isContextPassword,
  PRODUCT_WORDS,
} from "../../server/domain/access/users/password_policy.ts";
import { issueCode } from "../../server/domain/access/registration/codes.ts";

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  await createTenant(s, "pw");
  admin = (await signIn(s, "pw-admin")).token;
});
afterAll(() => s.close());

/** Adds a user with `password` as the administrator; answers the reply. */
function add(username: string, password: string, extra: Record<string, unknown> = {}) {
  return call(s, "POST", "/api/User", {
    token: admin,
    body: { username, email: `${username}@example.com`, password, repeatPassword: password, ...extra },
  });
}

const signInStatus = async (username: string, password: string) =>
  (await call(s, "POST", "/api/Auth", { body: { username, password } })).status;

describe("any password of 8 to 128 characters (6.2.5, 6.2.9)", () => {
  it("takes digits alone, letters alone, spaces, any script and emoji: no composition rule", async () => {
    const passwords = [
      "4719305826", // digits only
      "quietgiraffelantern", // lower-case letters only
      "ZEBRA CANOE FOSSIL", // capitals and spaces
      "żółć gęś jaźń", // Polish letters
      "склад? нет, пароль", // Cyrillic
      "🐟🐟 fish 🐟🐟", // emoji
    ];
    for (const [i, password] of passwords.entries()) {
      const r = await add(`free-${i}`, password);
      expect(r.status, password).toBe(201);
      expect(await signInStatus(`free-${i}`, password), password).toBe(200);
    }
  });

  it("takes 64 and 128 characters, and refuses 129 rather than cutting it", async () => {
    const long64 = "q".repeat(30) + "-lantern-" + "z".repeat(25);
    const long128 = Array.from({ length: 16 }, (_, i) => `w${i}rd-${"abcdefgh"[i % 8]}x`).join("").padEnd(
      128,
      "k",
    );
    expect([long64.length, long128.length]).toEqual([64, 128]);
    expect((await add("long-64", long64)).status).toBe(201);
    expect((await add("long-128", long128)).status).toBe(201);
    expect(await signInStatus("long-64", long64)).toBe(200);
    expect(await signInStatus("long-128", long128)).toBe(200);
    const tooLong = await add("long-129", long128 + "k");
    expect([tooLong.status, tooLong.body.error.fields.password]).toEqual([400, ["validation.tooLong"]]);
  });
});

describe("a password is compared exactly (6.2.8)", () => {
  it("no change of letter case, no trimming, no truncation: only the very same characters sign in", async () => {
    const password = "  Harbour Crane 7  ";
    expect((await add("exact", password)).status).toBe(201);
    expect(await signInStatus("exact", password)).toBe(200);
    for (
      const other of ["Harbour Crane 7", "  harbour crane 7  ", "  HARBOUR CRANE 7  ", "  Harbour Crane 7 "]
    ) {
      expect(await signInStatus("exact", other), JSON.stringify(other)).toBe(401);
    }
    const long = "t".repeat(60) + "-tail-" + "u".repeat(61) + "A";
    expect(long.length).toBe(128);
    expect((await add("exact-long", long)).status).toBe(201);
    expect(await signInStatus("exact-long", long.slice(0, 127) + "B")).toBe(401);
    expect(await signInStatus("exact-long", long.slice(0, 72))).toBe(401);
    expect(await signInStatus("exact-long", long)).toBe(200);
  });
});

describe("context-specific words (6.1.2, 6.2.11)", () => {
  it("refuses a password that is the user's, the company's or the product's name with little else", () => {
    const context = {
      username: "j.kowalski",
      email: "jan.kowalski@baltic.example",
      companyName: "Baltic Foods",
      slug: "baltic-foods",
    };
    for (
      const weak of [
        "j.kowalski1", // the username
        "Kowalski2024!", // a part of it
        "jan.kowalski", // the e-mail's local part
        "BalticFoods1", // the company
        "baltic-foods-2", // its slug
        "Warehouse123", // the product
        "Magazyn!2024", // the product, in Polish
        "entrepôt-2025", // ... in French, accents or not
        "склад12345", // ... in Russian
        "BalticPassword", // the company and a common password
      ]
    ) expect(isContextPassword(weak, context), weak).toBe(true);
    for (
      const strong of [
        "quiet giraffe under baltic lanterns", // a passphrase that merely contains a word
        "Kowalski likes orange submarines",
        "tram-violin-cactus-9",
      ]
    ) expect(isContextPassword(strong, context), strong).toBe(false);
    expect(contextWords(context)).toEqual(
      expect.arrayContaining(["j.kowalski", "kowalski", "baltic", "foods", "wms"]),
    );
  });

  it("refuses them when an administrator adds a user, beside the password field, and takes a passphrase", async () => {
    const r = await add("m.nowak", "m.nowak2024");
    expect([r.status, r.body.error.fields]).toEqual([400, { password: ["validation.passwordContextWord"] }]);
    const company = await add("clerk-1", "pw Company 1");
    expect(company.body.error.fields).toEqual({ password: ["validation.passwordContextWord"] });
    const polish = await call(s, "POST", "/api/User", {
      token: admin,
      headers: { "accept-language": "pl-PL" },
      body: {
        username: "clerk-2",
        email: "clerk-2@example.com",
        password: "Warehouse2025",
        repeatPassword: "Warehouse2025",
      },
    });
    expect(polish.body.error.fields).toEqual({ password: ["validation.passwordContextWord"] });
    expect(polish.body.error.message).toBeTruthy();
    expect((await add("m.nowak", "nowak keeps seven blue herons")).status).toBe(201);
  });

  it("refuses them on one's own change and on a reset by code, which stays usable for a better password", async () => {
    const user = await addUser(s, admin, { username: "k.wisniewska" });
    const own = (await signIn(s, "k.wisniewska")).token;
    const profile = (await call(s, "GET", `/api/User/${user.id}`, { token: own })).body;
    const change = await call(s, "PUT", "/api/User", {
      token: own,
      body: {
        ...profile,
        password: "Wisniewska#1",
        repeatPassword: "Wisniewska#1",
        currentPassword: PASSWORD,
      },
    });
    expect([change.status, change.body.error.fields]).toEqual([400, {
      password: ["validation.passwordContextWord"],
    }]);
    expect(await signInStatus("k.wisniewska", PASSWORD)).toBe(200);

    const tenant = (await s.platform.registry.bySlug("pw"))!;
    const { code } = await issueCode(s.platform, "reset", tenant.id, user.id, 600);
    const weak = await call(s, "POST", "/api/Register/make-reset", {
      body: { code, password: "wisniewska-2025", repeatPassword: "wisniewska-2025" },
    });
    expect([weak.status, weak.body.error.fields]).toEqual([400, {
      password: ["validation.passwordContextWord"],
    }]);
    const good = await call(s, "POST", "/api/Register/make-reset", {
      body: { code, password: "violet tram over river", repeatPassword: "violet tram over river" },
    });
    expect(good.status).toBe(200);
    expect(await signInStatus("k.wisniewska", "violet tram over river")).toBe(200);
  });

  it("refuses the company's name at registration", async () => {
    const r = await call(s, "POST", "/api/Register", {
      body: {
        companyName: "Nordfrost Logistik",
        taxId: "DE 1",
        username: "nf-chef",
        email: "chef@nordfrost.example",
        password: "Nordfrost2025",
        repeatPassword: "Nordfrost2025",
        acceptTerms: true,
        language: "de-de",
      },
    });
    expect([r.status, r.body.error.fields]).toEqual([400, { password: ["validation.passwordContextWord"] }]);
    expect(await s.platform.registry.bySlug("nordfrost-logistik")).toBeUndefined();
  });

  it("are the words docs/security.md lists", () => {
    const doc = readFileSync("docs/security.md", "utf8");
    const section = doc.slice(doc.indexOf("### Words refused in passwords"));
    const listed = /product's own words: ([^.]+)\./.exec(section)?.[1];
    expect(listed?.split(/,\s+/).map((w) => w.replaceAll("`", ""))).toEqual([...PRODUCT_WORDS]);
  });
});

describe("breached passwords (6.2.12)", () => {
  const BREACHED = "Tr0ub4dor&3zebra";
  const sha1 = createHash("sha1").update(BREACHED).digest("hex").toUpperCase();
  let asked: { path: string; padding: string | null; body: string }[] = [];
  let up = true;
  let service: Deno.HttpServer<Deno.NetAddr>;
  let b: TestServer;
  let token: string;

  beforeAll(async () => {
    // The range service: every suffix under the prefix with its count, and decoys of count 0.
    service = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
      asked.push({
        path: new URL(req.url).pathname,
        padding: req.headers.get("add-padding"),
        body: await req.text(),
      });
      if (!up) return new Response("down", { status: 503 });
      const prefix = new URL(req.url).pathname.split("/").pop()!;
      const lines = ["0018A45C4D1DEF81644B54AB7F969B88D65:1", "00D4F6E8FA6EECAD2A3AA415EEC418D38EC:0"];
      if (prefix === sha1.slice(0, 5)) lines.push(`${sha1.slice(5)}:52579`);
      return new Response(lines.join("\r\n"));
    });
    b = await startServer({ pwnedPasswordsUrl: `http://127.0.0.1:${service.addr.port}/range/` });
    await createTenant(b, "leak");
    token = (await signIn(b, "leak-admin")).token;
  });
  afterAll(async () => {
    await b?.close();
    await service?.shutdown();
  });

  const addTo = (username: string, password: string) =>
    call(b, "POST", "/api/User", {
      token,
      body: { username, email: `${username}@example.com`, password, repeatPassword: password },
    });

  it("refuses a password the range service knows from a breach; the service sees 5 hex digits, nothing more", async () => {
    asked = [];
    const r = await addTo("breached-1", BREACHED);
    expect([r.status, r.body.error.fields]).toEqual([400, { password: ["validation.passwordBreached"] }]);
    expect(asked).toEqual([{ path: `/range/${sha1.slice(0, 5)}`, padding: "true", body: "" }]);
    const ok = await addTo("unbreached-1", "lantern orbit cactus nine");
    expect(ok.status).toBe(201);
    expect(asked).toHaveLength(2);
    expect(asked[1].path).toMatch(/^\/range\/[0-9A-F]{5}$/);
  });

  it("takes the password unchecked while the service is down, and tells the operator in SystemLog", async () => {
    up = false;
    try {
      const r = await addTo("while-down", BREACHED);
      expect(r.status).toBe(201);
    } finally {
      up = true;
    }
    const logged = await b.platform.control.query(
      "SELECT message FROM system_log WHERE message LIKE '%breached-password check%'",
    );
    expect(logged.length).toBeGreaterThan(0);
  });
});
