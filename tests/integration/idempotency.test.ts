// Idempotent writes (api-contract.md, Idempotent writes): a write with an Idempotency-Key answers its first
// answer again on a repeat and changes nothing; the key with another request is 422; keys belong to one
// user of one tenant, last 7 days, and exist only for a write that committed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import {
  addUser,
  call,
  createTenant,
  signIn,
  startServer,
  startShardedServer,
  type TestServer,
} from "../fixtures/harness.ts";
import { filePathOf } from "../../server/db/local.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";

let s: TestServer;
let alpha: Tenant;
let admin: string;
let second: string;
let other: string;

beforeAll(async () => {
  s = await startServer();
  alpha = await createTenant(s, "idem-alpha");
  await createTenant(s, "idem-beta");
  admin = (await signIn(s, "idem-alpha-admin")).token;
  await addUser(s, admin, { username: "idem-alpha-second", isSuperUser: true });
  second = (await signIn(s, "idem-alpha-second")).token;
  other = (await signIn(s, "idem-beta-admin")).token;
});
afterAll(() => s?.close());

const post = (token: string, body: unknown, key?: string) =>
  call(s, "POST", "/api/Product", { token, body, headers: key ? { "Idempotency-Key": key } : {} });

async function productsNamed(token: string, name: string): Promise<number> {
  const filters = encodeURIComponent(JSON.stringify([{ field: "name", operator: "eq", value: name }]));
  const r = await call(s, "GET", `/api/Product?BasicFiltersSerialized=${filters}`, { token });
  expect(r.status).toBe(200);
  return r.body.allFilteredRowCount;
}

describe("a write with an Idempotency-Key", () => {
  it("answers its first answer again on a repeat, and makes nothing twice", async () => {
    const first = await post(admin, { name: "Idem tea", index: "IDEM-TEA" }, "key-tea-1");
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await post(admin, { name: "Idem tea", index: "IDEM-TEA" }, "key-tea-1");
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toContain("application/json");
    expect(await productsNamed(admin, "Idem tea")).toBe(1);
  });

  it("refuses the key with another request (422), in the caller's language, and changes nothing", async () => {
    const r = await call(s, "POST", "/api/Product", {
      token: admin,
      body: { name: "Idem coffee", index: "IDEM-COFFEE" },
      headers: { "Idempotency-Key": "key-tea-1", "Accept-Language": "de-DE" },
    });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe("request.idempotencyKeyReused");
    expect(r.body.error.message).toMatch(/Schlüssel/);
    expect(await productsNamed(admin, "Idem coffee")).toBe(0);
  });

  it("keeps keys per user and per tenant", async () => {
    const mine = await post(second, { name: "Idem tea", index: "IDEM-TEA-2" }, "key-tea-1");
    expect(mine.status).toBe(201);
    expect(mine.body.id).not.toBe(undefined);
    const theirs = await post(other, { name: "Idem tea", index: "IDEM-TEA" }, "key-tea-1");
    expect(theirs.status).toBe(201);
    expect(await productsNamed(admin, "Idem tea")).toBe(2);
    expect(await productsNamed(other, "Idem tea")).toBe(1);
  });

  it("keeps no key for a write that failed, so its corrected retry runs", async () => {
    const bad = await post(admin, { name: "", index: "IDEM-BAD" }, "key-fix-1");
    expect(bad.status).toBe(400);
    const clash = await post(admin, { name: "Clash", index: "IDEM-TEA" }, "key-fix-1");
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe("record.uniqueConflict");
    const fixed = await post(admin, { name: "Idem fixed", index: "IDEM-FIXED" }, "key-fix-1");
    expect(fixed.status).toBe(201);
    expect(await productsNamed(admin, "Idem fixed")).toBe(1);
  });

  it("guards a write that also changes the control database (a new user's global login)", async () => {
    const body = {
      username: "idem-alpha-third",
      email: "third@idem-alpha.example",
      password: "secret-pass-1",
      repeatPassword: "secret-pass-1",
    };
    const headers = { "Idempotency-Key": "key-user-1" };
    const first = await call(s, "POST", "/api/User", { token: admin, body, headers });
    expect(first.status).toBe(201);
    const again = await call(s, "POST", "/api/User", { token: admin, body, headers });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    // Without the key the same user is refused: the username is taken.
    expect((await call(s, "POST", "/api/User", { token: admin, body })).status).toBe(400);
  });

  it("answers a repeated delete as the first time, not as a delete of a removed record", async () => {
    const made = await post(admin, { name: "Idem gone", index: "IDEM-GONE" });
    const path = `/api/Product/${made.body.id}`;
    const headers = { "Idempotency-Key": "key-delete-1" };
    const first = await call(s, "DELETE", path, { token: admin, headers });
    expect(first.status).toBeLessThan(300);
    const again = await call(s, "DELETE", path, { token: admin, headers });
    expect(again.status).toBe(first.status);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    // Without the key, the same delete is refused: the record is gone.
    const fresh = await call(s, "DELETE", path, { token: admin });
    expect(fresh.status).toBe(409);
    expect(fresh.body.error.code).toBe("record.alreadyRemoved");
  });

  it("makes one record of copies sent at once", async () => {
    const body = { name: "Idem burst", index: "IDEM-BURST" };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(admin, body, "key-burst-1")));
    expect(await productsNamed(admin, "Idem burst")).toBe(1);
    const made = answers.filter((a) => a.status === 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const a of made) expect(a.body.id).toBe(made[0].body.id);
    // The others waited for the first one's answer, or were told it was not ready yet.
    for (const a of answers.filter((a) => a.status !== 201)) {
      expect(a.status).toBe(409);
      expect(a.body.error.code).toBe("request.idempotencyKeyInProgress");
    }
  });

  it("forgets a key after 7 days", async () => {
    const first = await post(admin, { name: "Idem old", index: "IDEM-OLD-1" }, "key-old-1");
    expect(first.status).toBe(201);
    const raw = new DatabaseSync(filePathOf(alpha.dbUrl));
    try {
      raw.exec("PRAGMA busy_timeout = 5000");
      const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
      raw.prepare("UPDATE idempotency_keys SET created_at = ? WHERE key = 'key-old-1'").run(eightDaysAgo);
    } finally {
      raw.close();
    }
    const later = await post(admin, { name: "Idem old", index: "IDEM-OLD-2" }, "key-old-1");
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(await productsNamed(admin, "Idem old")).toBe(2);
  });

  it("refuses a key that is empty, too long or not printable ASCII, and changes nothing", async () => {
    for (const key of ["", "has space", "x".repeat(256), "tab\there"]) {
      const r = await call(s, "POST", "/api/Product", {
        token: admin,
        body: { name: "Idem never", index: "IDEM-NEVER" },
        headers: { "Idempotency-Key": key },
      });
      expect(r.status, JSON.stringify(key)).toBe(400);
      expect(r.body.error.fields["Idempotency-Key"]).toEqual(["validation.invalidValue"]);
    }
    expect(await productsNamed(admin, "Idem never")).toBe(0);
    // The longest key is taken.
    expect((await post(admin, { name: "Idem long", index: "IDEM-LONG" }, "y".repeat(255))).status).toBe(201);
  });
});

describe("a write with an Idempotency-Key on a sharded server", () => {
  it("is answered again by the tenant's shard, whichever thread took the request", async () => {
    const sharded = await startShardedServer();
    try {
      await createTenant(sharded, "idem-shard");
      const { token } = await signIn(sharded, "idem-shard-admin");
      const send = () =>
        call(sharded, "POST", "/api/Product", {
          token,
          body: { name: "Sharded tea", index: "SHARD-TEA" },
          headers: { "Idempotency-Key": "key-shard-1" },
        });
      const first = await send();
      expect(first.status).toBe(201);
      const again = await send();
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
    } finally {
      await sharded.close();
    }
  });
});
