// ASVS V11 (cryptography): the code uses only the algorithms docs/security.md's inventory names, all of
// them approved ones (no MD5, no ECB or CBC, SHA-1 only as the breached-password service's lookup key), from
// node:crypto, Web Crypto and jose alone; passwords are hashed with scrypt at OWASP's parameters and made
// again when weaker; sealed values are AES-256-GCM, and a changed byte, another tenant's or column's context
// or another key opens nothing; keys and secret values have at least 128 bits from the CSPRNG.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createHmac, scryptSync } from "node:crypto";
import { decodeProtectedHeader, exportJWK, generateKeyPair } from "jose";
import { join, resolve } from "node:path";
import { loadSigningKeys, unsealSecret } from "../../server/domain/access/auth/keys.ts";
import { passwordContext } from "../../server/domain/reference/email_accounts/entity.ts";
import { resealAll } from "../../tenants/reseal.ts";
import {
  addUser,
  call,
  createTenant,
  PASSWORD,
  signIn,
  startServer,
  type TestServer,
  until,
} from "../fixtures/harness.ts";
import { intoStep, timeStep, totpAt } from "../fixtures/totp.ts";
import { totpContext } from "../../server/domain/access/mfa/sign_in.ts";
import { USER_HANDLE_PURPOSE, userHandle } from "../../server/domain/access/mfa/passkeys.ts";
import { deriveKey, randomCode, seal, unseal } from "../../server/kernel/crypto.ts";
import { hashPassword, needsRehash, SCRYPT_P, SCRYPT_R } from "../../server/kernel/password.ts";
import { loadConfig } from "../../server/config.ts";
import { issueCode } from "../../server/domain/access/registration/codes.ts";

/** Every source file of the server, the tenants' tools, the widgets and the client (tests left out). */
function sources(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        out.push({ file: path, text: readFileSync(path, "utf8") });
      }
    }
  };
  for (const dir of ["server", "tenants", "widgets", "client", "scripts"]) walk(dir);
  return out;
}

/** The algorithms the code names, as the inventory writes them, with the files that name each. */
function algorithmsInCode(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const note = (name: string, file: string) => {
    if (!found.has(name)) found.set(name, new Set());
    found.get(name)!.add(file);
  };
  const names: Record<string, string> = {
    sha256: "SHA-256",
    "sha-256": "SHA-256",
    sha1: "SHA-1",
    "sha-1": "SHA-1",
    sha512: "SHA-512",
    md5: "MD5",
  };
  for (const { file, text } of sources()) {
    for (const m of text.matchAll(/createHash\(\s*"([^"]+)"/g)) note(names[m[1].toLowerCase()] ?? m[1], file);
    for (const m of text.matchAll(/subtle\.digest\(\s*"([^"]+)"/g)) {
      note(names[m[1].toLowerCase()] ?? m[1], file);
    }
    for (const m of text.matchAll(/createHmac\(\s*"([^"]+)"/g)) {
      note(`HMAC-${names[m[1].toLowerCase()] ?? m[1]}`.replace("HMAC-SHA-", "HMAC-SHA"), file);
    }
    for (const m of text.matchAll(/create(?:De)?cipheriv\(\s*"([^"]+)"/gi)) note(m[1].toUpperCase(), file);
    for (const m of text.matchAll(/hkdfSync\(\s*"([^"]+)"/g)) {
      note(`HKDF-${(names[m[1].toLowerCase()] ?? m[1]).replace("SHA-", "SHA")}`, file);
    }
    if (/\bscrypt(Sync)?\(/.test(text)) note("scrypt", file);
    // Web Crypto's signatures by the key's description; otpauth's TOTP by its HMAC's hash; WebAuthn's
    // passkeys by the COSE algorithms @simplewebauthn/server is given.
    for (const m of text.matchAll(/name: "ECDSA", namedCurve: "(P-\d+)"/g)) note(`ECDSA ${m[1]}`, file);
    if (/from "otpauth"/.test(text)) {
      for (const m of text.matchAll(/algorithm: "SHA-?(\d+)"/g)) note(`HMAC-SHA${m[1]}`, file);
    }
    const cose: Record<string, string> = { EdDSA: "EdDSA", ES256: "ECDSA P-256", RS256: "RSASSA-PKCS1-v1_5" };
    for (const m of text.matchAll(/COSEALG\.(\w+)/g)) note(cose[m[1]] ?? `COSE ${m[1]}`, file);
    for (const m of text.matchAll(/JWT_ALG = "([^"]+)"/g)) note(m[1], file);
    if (/\brandomBytes\(|getRandomValues\(|randomUUID\(/.test(text)) note("CSPRNG", file);
  }
  return found;
}

/** The algorithm column of docs/security.md's cryptographic inventory. */
function inventory(): string[] {
  const doc = readFileSync("docs/security.md", "utf8");
  const section = doc.slice(doc.indexOf("### Cryptographic inventory"), doc.indexOf("### Key management"));
  return [...section.matchAll(/^\| [^|]+ \| ([^|]+) \|/gm)].map((m) => m[1].trim()).filter((a) =>
    a !== "algorithm" && a !== "---"
  );
}

describe("the algorithms (11.1.2, 11.2.1, 11.3.1, 11.3.2, 11.4.1, 11.4.3)", () => {
  it("are those the inventory names, each of them still used", () => {
    const code = algorithmsInCode();
    const listed = inventory();
    expect([...code.keys()].filter((a) => !listed.includes(a)), "in the code, not in the inventory").toEqual(
      [],
    );
    expect(listed.filter((a) => !code.has(a)), "in the inventory, not in the code").toEqual([]);
    expect(listed).toEqual(
      expect.arrayContaining(["EdDSA", "AES-256-GCM", "HKDF-SHA256", "scrypt", "SHA-256"]),
    );
  });

  it("are approved ones: no MD5, no ECB, CBC or stream ciphers, SHA-1 only as the breach lookup's key", () => {
    const code = algorithmsInCode();
    const approved = [
      "EdDSA",
      "AES-256-GCM",
      "HKDF-SHA256",
      "scrypt",
      "SHA-256",
      "HMAC-SHA256",
      "CSPRNG",
      "SHA-1",
      "ECDSA P-256",
      "HMAC-SHA1",
      "RSASSA-PKCS1-v1_5",
    ];
    expect([...code.keys()].filter((a) => !approved.includes(a))).toEqual([]);
    expect([...(code.get("SHA-1") ?? [])]).toEqual([
      join("server", "domain", "access", "users", "password_policy.ts"),
    ]);
    // HMAC-SHA1 only as TOTP's (RFC 6238, what every authenticator app computes), RSA only as a passkey's
    // where the authenticator offers it.
    expect([...(code.get("HMAC-SHA1") ?? [])]).toEqual([
      join("server", "domain", "access", "mfa", "totp.ts"),
    ]);
    expect([...(code.get("RSASSA-PKCS1-v1_5") ?? [])]).toEqual([
      join("server", "domain", "access", "mfa", "passkeys.ts"),
    ]);
    for (const { file, text } of sources()) {
      expect(
        /["'](?:aes-\d+-(?:ecb|cbc|ctr|cfb|ofb)|des(?:-ede3?)?(?:-cbc|-ecb)?|rc4|bf-(?:cbc|ecb)|md5|md4)["']/i
          .test(text),
        file,
      )
        .toBe(false);
      expect(/\balg(?:orithms)?\s*:\s*\[?\s*["']none["']/i.test(text), file).toBe(false);
    }
  });

  it("come from node:crypto, Web Crypto and jose alone: no other cryptography library is a dependency", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8"));
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    const cryptoLike = deps.filter((d) =>
      /crypt|cipher|hash|hmac|sha\d|md5|nacl|forge|elliptic|rsa|aes|sjcl|jsrsasign|jwt|jws|scrypt|argon|pbkdf/i
        .test(d)
    );
    // jose: JWTs; otpauth and @simplewebauthn: second factors (their own HMAC and signature checks use Web
    // Crypto / node:crypto); oauth-1.0a takes our HMAC function (woocommerce.ts) and brings none.
    expect(cryptoLike).toEqual([]);
    for (const { file, text } of sources()) {
      for (const m of text.matchAll(/from\s+"([^"]+)"/g)) {
        expect(
          /^(crypto-js|bcrypt|bcryptjs|tweetnacl|node-forge|sjcl|jsrsasign|jsonwebtoken|js-sha\d+|md5|sha1|elliptic|scrypt-js|argon2)$/
            .test(m[1]),
          `${file}: ${m[1]}`,
        )
          .toBe(false);
      }
    }
  });

  it("randomness: no Math.random on the server", () => {
    for (const { file, text } of sources().filter((f) => !f.file.startsWith("client"))) {
      expect(text.includes("Math.random"), file).toBe(false);
    }
  });
});

describe("passwords (11.4.2, 11.2.2)", () => {
  it("new ones are hashed with scrypt at OWASP's minimum: N = 2^15, r = 8, p = 3, a 16-byte salt of their own", async () => {
    const cost = loadConfig().passwordHashCost;
    expect(cost).toBeGreaterThanOrEqual(2 ** 15);
    expect([SCRYPT_R, SCRYPT_P]).toEqual([8, 3]);
    const a = await hashPassword("same words here", cost);
    const [scheme, n, r, p, salt, key] = a.split("$");
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(["scrypt", cost, 8, 3]);
    expect(Buffer.from(salt, "base64")).toHaveLength(16);
    expect(Buffer.from(key, "base64")).toHaveLength(64);
    const b = await hashPassword("same words here", 1024);
    expect(b.split("$")[4]).not.toBe(salt);
    expect(needsRehash(a, cost)).toBe(false);
  });

  describe("a hash below today's parameters", () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startServer();
      await createTenant(s, "hash");
    });
    afterAll(() => s.close());

    const storedHash = async () => {
      const tenant = (await s.platform.registry.bySlug("hash"))!;
      return await s.platform.pool.use(
        tenant.dbUrl,
        async (conn) =>
          String(
            (await conn.query("SELECT password_hash FROM users WHERE username = 'hash-user'"))[0]
              .password_hash,
          ),
      );
    };
    const setHash = async (hash: string) => {
      const tenant = (await s.platform.registry.bySlug("hash"))!;
      await s.platform.pool.use(
        tenant.dbUrl,
        (conn) => conn.query("UPDATE users SET password_hash = ? WHERE username = 'hash-user'", [hash]),
      );
    };

    it("is made again from the password at its user's next sign-in, which keeps working", async () => {
      const admin = (await signIn(s, "hash-admin")).token;
      await addUser(s, admin, { username: "hash-user" });
      expect(await storedHash()).toMatch(/^scrypt\$1024\$8\$3\$/);
      // A hash of an older version of the server: p = 1.
      const salt = Buffer.from("0123456789abcdef");
      const old = `scrypt$1024$8$1$${salt.toString("base64")}$${
        scryptSync(PASSWORD.normalize("NFKC"), salt, 64, { N: 1024, r: 8, p: 1 }).toString("base64")
      }`;
      await setHash(old);
      expect(needsRehash(old, 1024)).toBe(true);
      await signIn(s, "hash-user");
      const renewed = await storedHash();
      expect(renewed).toMatch(/^scrypt\$1024\$8\$3\$/);
      expect(renewed).not.toBe(old);
      await signIn(s, "hash-user");
      // The operator raises the cost (PASSWORD_HASH_COST): the next sign-in takes it up.
      s.platform.config.passwordHashCost = 2048;
      await signIn(s, "hash-user");
      expect(await storedHash()).toMatch(/^scrypt\$2048\$8\$3\$/);
      await signIn(s, "hash-user");
      // A wrong password changes nothing.
      const before = await storedHash();
      expect(
        (await call(s, "POST", "/api/Auth", { body: { username: "hash-user", password: "not-the-one-1" } }))
          .status,
      )
        .toBe(401);
      expect(await storedHash()).toBe(before);
    });
  });
});

describe("replacing the signing key (11.2.2)", () => {
  it("what the old key sealed still opens while it is named, and resealing moves every secret to the new key", async () => {
    const dataDir = resolve(".test-data", crypto.randomUUID());
    const old = await startServer({}, dataDir);
    let renewed: TestServer | undefined;
    try {
      await createTenant(old, "agile");
      const admin = (await signIn(old, "agile-admin")).token;
      const account = await call(old, "POST", "/api/EmailAccount", {
        token: admin,
        body: {
          address: "box@agile.example",
          smtpServer: "smtp.agile.example",
          smtpPort: 587,
          password: "smtp-pw-1",
        },
      });
      expect(account.status).toBe(201);
      const tenant = (await old.platform.registry.bySlug("agile"))!;
      const stored = async (s: TestServer) =>
        String(
          (await s.platform.pool.use(tenant.dbUrl, (conn) =>
            conn.query("SELECT password FROM email_accounts")))[0]
            .password,
        );
      const context = passwordContext(tenant.id);
      const before = await stored(old);
      // A value names the key it was sealed under.
      expect(before.startsWith(`v2.${Buffer.from(old.platform.keys.kid).toString("base64url")}.`)).toBe(true);
      // The operator replaces the key, naming the old one as replaced; the same data directory.
      const oldJwk = readFileSync(join(dataDir, "keys", "jwt-signing.jwk.json"), "utf8");
      const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
      const newJwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid: "replacement", alg: "EdDSA" });
      renewed = await startServer({ jwtPrivateJwk: newJwk, jwtPreviousJwks: `[${oldJwk}]` }, dataDir);
      expect(renewed.platform.keys.kid).toBe("replacement");
      expect(unsealSecret(renewed.platform.keys, before, context)).toBe("smtp-pw-1");
      // A value of the first format ("v1.", sealed before values named their key) opens too.
      const first = seal(old.platform.keys.sealKey, "older-pw-2", context);
      expect(unsealSecret(renewed.platform.keys, first, context)).toBe("older-pw-2");
      // Resealing moves it to the new key: it then opens without the old one.
      const count = await resealAll(renewed.platform, () => {});
      expect(count).toEqual({ resealed: 1, unreadable: 0 });
      const after = await stored(renewed);
      expect(after.startsWith(`v2.${Buffer.from("replacement").toString("base64url")}.`)).toBe(true);
      const alone = await loadSigningKeys(dataDir, newJwk);
      expect(unsealSecret(alone, after, context)).toBe("smtp-pw-1");
      expect(() => unsealSecret(alone, before, context)).toThrow();
      expect(await resealAll(renewed.platform, () => {})).toEqual({ resealed: 0, unreadable: 0 });
    } finally {
      await renewed?.close();
      await old.close();
    }
  });
  it("an authenticator app's secret names its key too: its codes pass under a replaced key, and resealing moves it", async () => {
    const dataDir = resolve(".test-data", crypto.randomUUID());
    const old = await startServer({}, dataDir);
    let renewed: TestServer | undefined;
    /** A code of the app `ago` steps back (one is still taken), with the step's end at least 8 s away. */
    const codeNow = async (secret: string, ago = 0) => {
      await until(() => Promise.resolve(intoStep() < 22_000), 35_000, 100);
      return totpAt(secret, timeStep(Date.now()) - ago);
    };
    try {
      await createTenant(old, "nimble");
      const signedIn = await signIn(old, "nimble-admin");
      const token = signedIn.token;
      const begin = () =>
        call(old, "POST", "/api/Auth/SecondFactor/totp", { token, body: { currentPassword: PASSWORD } });
      const secret = (await begin()).body.secret as string;
      const confirmed = await call(old, "POST", "/api/Auth/SecondFactor/totp/confirm", {
        token,
        // The step before now's, so that now's passes at the sign-in below.
        body: { code: await codeNow(secret, 1) },
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      // Another app being set up: its secret waits, sealed, for its first code.
      const next = (await begin()).body.secret as string;
      const tenant = (await old.platform.registry.bySlug("nimble"))!;
      const stored = async (s: TestServer) =>
        (await s.platform.pool.use(
          tenant.dbUrl,
          (conn) =>
            conn.query("SELECT secret, pending_secret FROM user_totp WHERE user_id = ?", [signedIn.user.id]),
        ))[0];
      const before = await stored(old);
      const oldKid = Buffer.from(old.platform.keys.kid).toString("base64url");
      expect(String(before.secret).startsWith(`v2.${oldKid}.`), String(before.secret)).toBe(true);
      expect(String(before.pending_secret).startsWith(`v2.${oldKid}.`)).toBe(true);
      // The operator replaces the key, naming the old one as replaced: the app's codes still pass.
      const oldJwk = readFileSync(join(dataDir, "keys", "jwt-signing.jwk.json"), "utf8");
      const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
      const newJwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid: "replacement", alg: "EdDSA" });
      renewed = await startServer({ jwtPrivateJwk: newJwk, jwtPreviousJwks: `[${oldJwk}]` }, dataDir);
      const step = await call(renewed, "POST", "/api/Auth", {
        body: { username: "nimble-admin", password: PASSWORD },
      });
      expect(step.body.secondFactor?.ticket, JSON.stringify(step.body)).toBeDefined();
      const passed = await call(renewed, "POST", "/api/Auth/SecondFactor", {
        body: { ticket: step.body.secondFactor.ticket, method: "totp", code: await codeNow(secret) },
      });
      expect(passed.status, JSON.stringify(passed.body)).toBe(200);
      // Resealing moves both to the new key: they open without the old one.
      expect(await resealAll(renewed.platform, () => {})).toEqual({ resealed: 2, unreadable: 0 });
      const after = await stored(renewed);
      const newKid = Buffer.from("replacement").toString("base64url");
      expect(String(after.secret).startsWith(`v2.${newKid}.`)).toBe(true);
      expect(String(after.pending_secret).startsWith(`v2.${newKid}.`)).toBe(true);
      const alone = await loadSigningKeys(dataDir, newJwk);
      const context = totpContext(tenant.id, signedIn.user.id);
      expect(unsealSecret(alone, String(after.secret), context)).toBe(secret);
      expect(unsealSecret(alone, String(after.pending_secret), context)).toBe(next);
    } finally {
      await renewed?.close();
      await old.close();
    }
  });
});

describe("sealed secrets (11.3.2, 11.3.3)", () => {
  const key = deriveKey(new Uint8Array(32).fill(7), "wms stored secrets v1");

  it("are AES-256-GCM with a fresh 96-bit IV and a 128-bit tag, so one secret never seals the same twice", () => {
    const a = seal(key, "smtp-password", "tenant:1:EmailAccount.password");
    const b = seal(key, "smtp-password", "tenant:1:EmailAccount.password");
    expect(a).not.toBe(b);
    const raw = Buffer.from(a.slice(3), "base64url");
    expect(raw.length).toBe(12 + "smtp-password".length + 16);
    expect(unseal(key, a, "tenant:1:EmailAccount.password")).toBe("smtp-password");
  });

  it("open only unchanged, in their own tenant and column, with their own key", () => {
    const context = "tenant:1:EmailAccount.password";
    const sealed = seal(key, "smtp-password", context);
    const raw = Buffer.from(sealed.slice(3), "base64url");
    for (let i = 0; i < raw.length; i++) {
      const changed = Buffer.from(raw);
      changed[i] ^= 0x01;
      expect(() => unseal(key, "v1." + changed.toString("base64url"), context), `byte ${i}`).toThrow();
    }
    expect(() => unseal(key, sealed, "tenant:2:EmailAccount.password")).toThrow();
    expect(() => unseal(key, sealed, "tenant:1:ExternalCredentials.secret")).toThrow();
    expect(() => unseal(deriveKey(new Uint8Array(32).fill(8), "wms stored secrets v1"), sealed, context))
      .toThrow();
    expect(() => unseal(key, sealed.slice(0, -4), context)).toThrow();
  });
});

describe("keys and secret values (11.2.3, 11.5.1, 11.6.1)", () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer();
    await createTenant(s, "keys");
    admin = (await signIn(s, "keys-admin")).token;
  });
  afterAll(() => s.close());

  it("the signing key is Ed25519, the sealing key 256 bits of its own purpose", () => {
    const { keys } = s.platform;
    expect([keys.publicJwk.kty, keys.publicJwk.crv, keys.publicJwk.alg]).toEqual(["OKP", "Ed25519", "EdDSA"]);
    expect(decodeProtectedHeader(admin)).toMatchObject({ alg: "EdDSA", typ: "at+jwt" });
    expect(keys.sealKey).toHaveLength(32);
    const d = JSON.parse(readFileSync(join(s.dataDir, "keys", "jwt-signing.jwk.json"), "utf8")).d as string;
    expect(Buffer.from(keys.sealKey).toString("base64url")).not.toBe(d);
    expect(deriveKey(Buffer.from(d, "base64url"), "wms stored secrets v1")).toEqual(keys.sealKey);
    expect(deriveKey(Buffer.from(d, "base64url"), "another purpose")).not.toEqual(keys.sealKey);
  });

  it("each purpose has a key of its own, derived for it: the sealing key only seals", async () => {
    const { keys } = s.platform;
    const { user } = await signIn(s, "keys-admin");
    const tenant = (await s.platform.registry.bySlug("keys"))!;
    const macUnder = (key: Uint8Array) =>
      Buffer.from(createHmac("sha256", key).update(`webauthn user ${tenant.id}:${user.id}`).digest());
    // A passkey's user handle, as a registration's options carry it: an HMAC under its own derived key.
    const options = await call(s, "POST", "/api/Auth/SecondFactor/passkeys/options", {
      token: admin,
      body: { currentPassword: PASSWORD },
    });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const handle = Buffer.from(options.body.user.id, "base64url");
    expect(handle).toEqual(macUnder(deriveKey(keys.sealKey, USER_HANDLE_PURPOSE)));
    expect(handle).not.toEqual(macUnder(keys.sealKey));
    expect(Buffer.from(userHandle(keys.sealKey, tenant.id, user.id))).toEqual(handle);
  });

  it("the signing key is written for the server's user alone, and taken from the environment when given", async () => {
    expect(statSync(join(s.dataDir, "keys")).mode & 0o777).toBe(0o700);
    expect(statSync(join(s.dataDir, "keys", "jwt-signing.jwk.json")).mode & 0o777).toBe(0o600);
    // Given by the operator (JWT_PRIVATE_JWK): nothing is written to the disk.
    const given = readFileSync(join(s.dataDir, "keys", "jwt-signing.jwk.json"), "utf8");
    const t = await startServer({ jwtPrivateJwk: given });
    try {
      expect(existsSync(join(t.dataDir, "keys"))).toBe(false);
      expect(t.platform.keys.kid).toBe(s.platform.keys.kid);
    } finally {
      await t.close();
    }
  });

  it("every secret value a caller gets has at least 128 random bits", async () => {
    // E-mailed codes: 26 of 32 symbols, 130 bits.
    expect(randomCode()).toMatch(/^[a-z2-9]{26}$/);
    const tenant = (await s.platform.registry.bySlug("keys"))!;
    const codes = new Set<string>();
    for (let i = 0; i < 50; i++) codes.add((await issueCode(s.platform, "reset", tenant.id, 1, 60)).code);
    expect(codes.size).toBe(50);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{26}$/);
    expect(26 * Math.log2(32)).toBeGreaterThanOrEqual(128);
    // Refresh tokens: 256 bits.
    expect((await signIn(s, "keys-admin")).refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A shared access's token and short key: 256 and 128 bits.
    const company = await call(s, "POST", "/api/Company", {
      token: admin,
      body: { shortName: "KEYS FOODS", keyRole: "contractor" },
    });
    const shared = await call(s, "POST", "/api/SharedAccess", {
      token: admin,
      body: { contentType: "wmsstock", contractorId: company.body.id },
    });
    expect(shared.status).toBe(201);
    expect(shared.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shared.body.shortUrlKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // A calendar feed's secret: 256 bits after the tenant's number.
    const feed = await call(s, "POST", "/api/Calendar/feed", { token: admin });
    expect(new URL(feed.body.url).pathname.split("/").pop()).toMatch(/^\d+-[A-Za-z0-9_-]{43}\.ics$/);
    // The page's script nonce: 144 bits.
    const page = await fetch(s.baseUrl + "/signin");
    await page.body?.cancel();
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    expect(Buffer.from(nonce ?? "", "base64")).toHaveLength(18);
  });
});
