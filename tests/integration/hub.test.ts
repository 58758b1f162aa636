// The /dataHub WebSocket against the real server with real sockets: the token as the first message,
// 4401 for a bad one, events only after commit and only to users of the same tenant who may see the
// record, the causing request's id as correlationId, and edit mode shared between editors.
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
import { Socket } from "../fixtures/hub_socket.ts";
import { transactionWithEvents } from "../../server/hub/outbox.ts";
import { verifyAccessToken } from "../../server/domain/access/auth/tokens.ts";
import { users } from "../../server/domain/access/users/entity.ts";
import type { TenantContext } from "../../server/kernel/context.ts";
import { Hooks } from "../../server/kernel/hooks.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";
import { eq } from "drizzle-orm";

let s: TestServer;
let acme: Tenant;
let adminToken: string;
let adminId: number;
let annToken: string;
let annId: number;
let bobToken: string;
let bobId: number;
let carolId: number;
let betaToken: string;
let betaAdminId: number;

const sockets: Socket[] = [];

function hubUrl(server = s): string {
  return server.baseUrl.replace(/^http/, "ws") + "/dataHub";
}

async function open(server = s): Promise<Socket> {
  const socket = new Socket(hubUrl(server));
  sockets.push(socket);
  await socket.opened;
  return socket;
}

/** A socket that presented `token` and was accepted. */
async function connect(token: string, server = s): Promise<Socket> {
  const socket = await open(server);
  socket.send({ type: "auth", token });
  await socket.next("authenticated");
  return socket;
}

/** Reads a user and writes it back with `changes`, under the given request id. */
async function editUser(token: string, id: number, changes: Record<string, unknown>, requestId?: string) {
  const { body: user } = await call(s, "GET", `/api/User/${id}`, { token });
  const { createdAt: _c, createdDate: _d, updatedAt: _u, lastLoginDate: _l, ...rest } = user;
  return await call(s, "PUT", "/api/User", {
    token,
    body: { ...rest, ...changes },
    headers: requestId ? { "x-request-id": requestId } : {},
  });
}

beforeAll(async () => {
  s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 10_000 });
  acme = await createTenant(s, "acme");
  await createTenant(s, "beta");
  ({ token: adminToken, user: { id: adminId } } = await signIn(s, "acme-admin"));
  ({ token: betaToken, user: { id: betaAdminId } } = await signIn(s, "beta-admin"));
  annId = (await addUser(s, adminToken, { username: "ann", isSuperUser: true })).id;
  bobId = (await addUser(s, adminToken, { username: "bob" })).id;
  carolId = (await addUser(s, adminToken, { username: "carol" })).id;
  annToken = (await signIn(s, "ann")).token;
  bobToken = (await signIn(s, "bob")).token;
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await s?.close();
});

describe("authentication", () => {
  it("accepts a valid access token as the first message", async () => {
    const socket = await open();
    socket.send({ type: "auth", token: adminToken });
    expect(await socket.next("authenticated")).toEqual({ type: "authenticated", userId: adminId });
    expect(s.platform.hub.stats().authenticated).toBeGreaterThanOrEqual(1);
    await socket.close();
  });

  it("closes with 4401 on a forged, a refresh or a missing token, or another message first", async () => {
    const { refreshToken } = await signIn(s, "bob");
    const [head, payload] = adminToken.split(".");
    const forged = `${head}.${payload}.${"A".repeat(86)}`;
    for (const first of [{ type: "auth", token: forged }, { type: "auth", token: refreshToken }]) {
      const socket = await open();
      socket.send(first);
      expect((await socket.closed).code).toBe(4401);
    }
    const early = await open();
    early.send({ type: "GetEditMode", resource: "User", id: bobId });
    expect(await early.closed).toEqual({ code: 4401, reason: "auth.tokenMissing" });
  });

  it("closes with 4401 when the token's sign-in was ended", async () => {
    const { token } = await signIn(s, "carol");
    expect((await call(s, "DELETE", "/api/Auth", { token })).status).toBe(204);
    const socket = await open();
    socket.send({ type: "auth", token });
    expect((await socket.closed).code).toBe(4401);
  });

  it("closes a socket whose sign-in ends while it is open, when the next event reaches it", async () => {
    const { token } = await signIn(s, "carol");
    const socket = await connect(token);
    expect((await call(s, "DELETE", "/api/Auth", { token })).status).toBe(204);
    expect((await editUser(adminToken, carolId, { description: "session ended" })).status).toBe(200);
    expect(await socket.closed).toEqual({ code: 4401, reason: "auth.tokenInvalid" });
    expect(socket.events()).toEqual([]);
  });

  it("closes with 4400 on a message outside the protocol", async () => {
    for (const bad of ["not json", JSON.stringify({ type: "Shout", text: "hi" })]) {
      const socket = await open();
      socket.send(bad);
      expect((await socket.closed).code).toBe(4400);
    }
  });

  it("answers a plain GET without an upgrade with the JSON error envelope", async () => {
    const r = await call(s, "GET", "/dataHub");
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("request.badQuery");
  });
});

describe("events", () => {
  it("follow the commit, carry the request id as correlationId, and a refused change sends nothing", async () => {
    const socket = await connect(annToken);
    // A stale version is refused (409) after the transaction began: no event may come of it.
    const { body: carol } = await call(s, "GET", `/api/User/${carolId}`, { token: adminToken });
    const refused = await editUser(adminToken, carolId, { version: carol.version - 1 + 5 }, "refused-put-1");
    expect(refused.status).toBe(409);
    const ok = await editUser(adminToken, carolId, { description: "committed" }, "committed-put-1");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-request-id")).toBe("committed-put-1");
    const event = await socket.next("event");
    expect(event).toEqual({
      type: "event",
      resource: "User",
      action: "changed",
      id: carolId,
      correlationId: "committed-put-1",
    });
    expect(socket.events().some((e) => e.correlationId === "refused-put-1")).toBe(false);
    await socket.close();
  });

  it("are handed to the hub only after the commit; a rolled-back transaction's events never", async () => {
    const socket = await connect(annToken);
    const { conn, release } = await s.platform.pool.acquire(acme.dbUrl);
    const ctx: TenantContext = {
      services: s.platform,
      tenant: acme,
      conn,
      actor: await verifyAccessToken(s.platform.keys, s.platform.config, adminToken),
      requestId: "outbox-rollback",
      lang: "en-us",
      hooks: new Hooks(),
    };
    const setDescription = (tx: Parameters<Parameters<typeof conn.transaction>[0]>[0], text: string) =>
      tx.update(users).set({ description: text }).where(eq(users.id, carolId));
    try {
      await expect(transactionWithEvents(ctx, async (tx, outbox) => {
        await setDescription(tx, "rolled back");
        outbox.add("User", "changed", carolId);
        throw new Error("a rule refused the change after it was recorded");
      })).rejects.toThrow(/refused/);
      ctx.requestId = "outbox-commit";
      await transactionWithEvents(ctx, async (tx, outbox) => {
        await setDescription(tx, "committed");
        outbox.add("User", "changed", carolId);
        // Still inside the transaction: nothing may have been sent yet.
        await new Promise((r) => setTimeout(r, 100));
        expect(socket.events()).toEqual([]);
      });
      expect(await socket.next("event")).toMatchObject({ id: carolId, correlationId: "outbox-commit" });
      expect(socket.events().map((e) => e.correlationId)).toEqual(["outbox-commit"]);
    } finally {
      release();
    }
    await socket.close();
  });

  it("use the server's own request id when the caller sent none", async () => {
    const socket = await connect(annToken);
    const ok = await editUser(adminToken, carolId, { description: "no request id" });
    const event = await socket.next("event");
    expect(event.correlationId).toBe(ok.headers.get("x-request-id"));
    expect(event.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    await socket.close();
  });

  it("tell additions and deletions apart", async () => {
    const socket = await connect(annToken);
    const added = await addUser(s, adminToken, { username: "dave" });
    expect(await socket.next("event")).toMatchObject({ resource: "User", action: "created", id: added.id });
    expect((await call(s, "DELETE", `/api/User/${added.id}`, { token: adminToken })).status).toBe(204);
    expect(await socket.next("event")).toMatchObject({ resource: "User", action: "deleted", id: added.id });
    await socket.close();
  });

  it("never reach another tenant", async () => {
    const beta = await connect(betaToken);
    const acme = await connect(annToken);
    expect((await editUser(adminToken, carolId, { description: "acme only" }, "acme-change")).status).toBe(
      200,
    );
    await acme.next("event", (e) => e.correlationId === "acme-change");
    // Beta's own change comes next: had acme's reached beta, it would have come first.
    const { body: betaAdmin } = await call(s, "GET", `/api/User/${betaAdminId}`, { token: betaToken });
    const { createdAt: _c, createdDate: _d, updatedAt: _u, lastLoginDate: _l, ...rest } = betaAdmin;
    const r = await call(s, "PUT", "/api/User", {
      token: betaToken,
      body: { ...rest, description: "beta" },
      headers: { "x-request-id": "beta-change" },
    });
    expect(r.status).toBe(200);
    const first = await beta.next("event");
    expect(first).toMatchObject({ id: betaAdminId, correlationId: "beta-change" });
    expect(beta.events().map((e) => e.correlationId)).toEqual(["beta-change"]);
    await beta.close();
    await acme.close();
  });

  it("about a User reach a basic user only for their own record; account changes reach everyone", async () => {
    const bob = await connect(bobToken);
    expect((await editUser(adminToken, carolId, { description: "not bob's" }, "carol-change")).status).toBe(
      200,
    );
    expect((await editUser(adminToken, bobId, { description: "bob's" }, "bob-change")).status).toBe(200);
    expect(await bob.next("event")).toMatchObject({
      resource: "User",
      id: bobId,
      correlationId: "bob-change",
    });
    const { body: account } = await call(s, "GET", "/api/ClientAccount", { token: adminToken });
    const { id: _i, createdAt: _c, updatedAt: _u, subscriptionType: _t, subscriptionCode: _sc, ...rest } =
      account;
    const put = await call(s, "PUT", "/api/ClientAccount", {
      token: adminToken,
      body: {
        version: account.version,
        invoiceName: "Acme Renamed",
        addresses: rest.addresses,
        theme: rest.theme,
        windowAnimations: rest.windowAnimations,
      },
      headers: { "x-request-id": "account-change" },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await bob.next("event")).toEqual({
      type: "event",
      resource: "ClientAccount",
      action: "changed",
      id: 1,
      correlationId: "account-change",
    });
    expect(bob.events().map((e) => e.correlationId)).toEqual(["bob-change", "account-change"]);
    await bob.close();
  });

  it("about a favorite reach only its owner", async () => {
    const bob = await connect(bobToken);
    const ann = await connect(annToken);
    const own = await call(s, "POST", "/api/FavoriteAction", {
      token: bobToken,
      body: { title: "Users", link: "/users" },
      headers: { "x-request-id": "bob-favorite" },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(await bob.next("event")).toMatchObject({
      resource: "FavoriteAction",
      action: "created",
      id: own.body.id,
      correlationId: "bob-favorite",
    });
    // Ann, an administrator, edits her own favorite: Bob hears nothing of it; Ann hears nothing of Bob's.
    const hers = await call(s, "POST", "/api/FavoriteAction", {
      token: annToken,
      body: { title: "Companies", link: "/companies" },
      headers: { "x-request-id": "ann-favorite" },
    });
    expect(await ann.next("event")).toMatchObject({ resource: "FavoriteAction", id: hers.body.id });
    expect(bob.events().map((e) => e.correlationId)).toEqual(["bob-favorite"]);
    expect(ann.events().map((e) => e.correlationId)).toEqual(["ann-favorite"]);
    await bob.close();
    await ann.close();
  });

  it("about the logistics configuration reach every user after its commit", async () => {
    const bob = await connect(bobToken);
    const { body: config } = await call(s, "GET", "/api/ClientLogisticsConfig", { token: adminToken });
    const { id: _i, createdAt: _c, updatedAt: _u, ...data } = config;
    const stale = await call(s, "PUT", "/api/ClientLogisticsConfig", {
      token: adminToken,
      body: { ...data, version: config.version + 3 },
      headers: { "x-request-id": "logistics-stale" },
    });
    expect(stale.status).toBe(409);
    const put = await call(s, "PUT", "/api/ClientLogisticsConfig", {
      token: adminToken,
      body: data,
      headers: { "x-request-id": "logistics-change" },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await bob.next("event")).toMatchObject({
      resource: "ClientLogisticsConfig",
      correlationId: "logistics-change",
    });
    expect(bob.events().map((e) => e.correlationId)).toEqual(["logistics-change"]);
    await bob.close();
  });
});

describe("edit mode", () => {
  const record = (id: number) => ({ resource: "User", id });

  it("tells every editor of a record who edits it, and answers GetEditMode", async () => {
    const admin = await connect(adminToken);
    const ann = await connect(annToken);
    admin.send({ type: "EnterEditMode", ...record(bobId) });
    expect(await admin.next("EditModeChange")).toEqual({
      type: "EditModeChange",
      ...record(bobId),
      users: [{ id: adminId, username: "acme-admin" }],
    });
    ann.send({ type: "EnterEditMode", ...record(bobId) });
    const both = [{ id: adminId, username: "acme-admin" }, { id: annId, username: "ann" }];
    expect((await admin.next("EditModeChange")).users).toEqual(both);
    expect((await ann.next("EditModeChange")).users).toEqual(both);

    const bob = await connect(bobToken);
    bob.send({ type: "GetEditMode", ...record(bobId) });
    expect((await bob.next("EditModeChange")).users).toEqual(both);

    admin.send({ type: "LeaveEditMode", ...record(bobId) });
    expect((await ann.next("EditModeChange")).users).toEqual([{ id: annId, username: "ann" }]);
    bob.send({ type: "GetEditMode", ...record(bobId) });
    expect((await bob.next("EditModeChange")).users).toEqual([{ id: annId, username: "ann" }]);
    ann.send({ type: "LeaveEditMode", ...record(bobId) });
    bob.send({ type: "GetEditMode", ...record(bobId) });
    expect((await bob.next("EditModeChange")).users).toEqual([]);
    await Promise.all([admin.close(), ann.close(), bob.close()]);
  });

  it("hides editors of a record the asker may not see, and ignores their EnterEditMode", async () => {
    const admin = await connect(adminToken);
    const bob = await connect(bobToken);
    admin.send({ type: "EnterEditMode", ...record(carolId) });
    await admin.next("EditModeChange");
    bob.send({ type: "EnterEditMode", ...record(carolId) });
    bob.send({ type: "GetEditMode", ...record(carolId) });
    expect(await bob.next("EditModeChange")).toEqual({
      type: "EditModeChange",
      ...record(carolId),
      users: [],
    });
    admin.send({ type: "GetEditMode", ...record(carolId) });
    expect((await admin.next("EditModeChange")).users).toEqual([{ id: adminId, username: "acme-admin" }]);
    await Promise.all([admin.close(), bob.close()]);
  });

  it("ends when the editor's socket closes, and the others are told", async () => {
    const admin = await connect(adminToken);
    const ann = await connect(annToken);
    admin.send({ type: "EnterEditMode", ...record(carolId) });
    await admin.next("EditModeChange");
    ann.send({ type: "EnterEditMode", ...record(carolId) });
    await admin.next("EditModeChange", (m) => m.users.length === 2);
    await ann.close();
    expect((await admin.next("EditModeChange")).users).toEqual([{ id: adminId, username: "acme-admin" }]);
    const beta = await connect(betaToken);
    beta.send({ type: "GetEditMode", ...record(carolId) });
    // Another tenant's record with the same id has no editors: the registry is per tenant.
    expect((await beta.next("EditModeChange")).users).toEqual([]);
    await Promise.all([admin.close(), beta.close()]);
  });
});

describe("token lifetime", () => {
  it("closes with 4401 when the access token expires, unless a later token of the same user extended it", async () => {
    const short = await startServer({ accessTokenTtlSeconds: 2, loginLimitPerUser: 1000 });
    const sleepUntil = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())));
    try {
      await createTenant(short, "gamma");
      const signInGamma = async (username = "gamma-admin") =>
        (await call(short, "POST", "/api/Auth", { body: { username, password: PASSWORD } })).body as {
          token: string;
          expiresAt: string;
        };
      const first = await signInGamma();
      const firstExpiry = Date.parse(first.expiresAt);
      const socket = await connect(first.token, short);
      // Token expiries are whole seconds: one taken a second later expires a second later.
      await sleepUntil(firstExpiry - 950);
      const second = await signInGamma();
      expect(Date.parse(second.expiresAt)).toBeGreaterThan(firstExpiry);
      socket.send({ type: "auth", token: second.token });
      await socket.next("authenticated");

      await sleepUntil(firstExpiry + 300);
      socket.send({ type: "GetEditMode", resource: "User", id: 1 });
      expect((await socket.next("EditModeChange")).users).toEqual([]);
      expect(await socket.closed).toEqual({ code: 4401, reason: "auth.tokenExpired" });
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(second.expiresAt) - 50);

      // Another user's token on an open socket is refused.
      const admin = await signInGamma();
      await addUser(short, admin.token, { username: "gus" });
      const taken = await connect(admin.token, short);
      taken.send({ type: "auth", token: (await signInGamma("gus")).token });
      expect(await taken.closed).toEqual({ code: 4401, reason: "auth.tokenInvalid" });
    } finally {
      await short.close();
    }
  });
});
