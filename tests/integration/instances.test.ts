// Past one machine: two server instances (each a front with its shard) on their own data directories,
// sharing one control database and one signing key, behind the tenant proxy. The tenant directory gives
// each tenant to one instance; the proxy routes every call there (by token, username, refresh token, hub
// socket, print agent's socket); the other instance refuses it with 503 naming the owner; and `tenant move`
// drains the tenant, copies its database with SQLite's online backup, switches the directory and resumes,
// with nothing lost.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { existsSync } from "node:fs";
import { exportJWK, generateKeyPair } from "jose";
import {
  addUser,
  call,
  createTenant,
  PASSWORD,
  type ShardedServer,
  signIn,
  startShardedServer,
  until,
} from "../fixtures/harness.ts";
import { Socket } from "../fixtures/hub_socket.ts";
import { createServer } from "node:net";
import { Buffer } from "node:buffer";
import { startAgent } from "../../server/print_agent/agent.ts";
import { intoStep, timeStep, totpAt } from "../fixtures/totp.ts";
import { TenantProxy } from "../../tenants/proxy.ts";
import { moveTenant } from "../../server/tenancy/move.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";

let east: ShardedServer;
let west: ShardedServer;
let proxy: Deno.HttpServer;
let via: { baseUrl: string };
let tenant: Tenant;
const root = resolve(".test-data", `instances-${crypto.randomUUID()}`);

beforeAll(async () => {
  const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  const jwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid: "shared", alg: "EdDSA" });
  const shared = {
    controlDbUrl: `file:${root}/control.db`,
    jwtPrivateJwk: jwk,
    tenantCacheSeconds: 1,
    workers: 1,
    readers: 0,
  };
  east = await startShardedServer({ ...shared, instance: "east" }, `${root}/east`);
  west = await startShardedServer({ ...shared, instance: "west" }, `${root}/west`);
  await east.platform.registry.registerInstance("east", east.baseUrl);
  await west.platform.registry.registerInstance("west", west.baseUrl);
  const router = new TenantProxy(east.platform.control);
  proxy = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (req, info) => router.fetch(req, info.remoteAddr as Deno.NetAddr),
  );
  via = { baseUrl: `http://127.0.0.1:${(proxy.addr as Deno.NetAddr).port}` };
  tenant = await createTenant(east, "mover");
}, 60_000);

afterAll(async () => {
  await proxy?.shutdown();
  await east?.close();
  await west?.close();
  await Deno.remove(root, { recursive: true }).catch(() => {});
});

describe("instances behind the tenant proxy", () => {
  let token: string;
  let tagId: number;

  it("gives a new tenant to the instance that made it, and routes its calls there", async () => {
    expect(tenant.instance).toBe("east");
    const signed = await signIn(via, "mover-admin"); // routed by the username's login
    token = signed.token;
    const before = east.front.shards[0].served;
    const made = await call(via, "POST", "/api/Tags", { token, body: { name: "before-move" } });
    expect(made.status).toBe(201);
    tagId = made.body.id;
    expect(east.front.shards[0].served).toBeGreaterThan(before);
    // A refresh token names no tenant: the proxy finds it through its session.
    expect((await call(via, "GET", "/api/Auth", { token: signed.refreshToken })).status).toBe(200);
  });

  it("is refused by another instance with 503 naming the owner", async () => {
    const wrong = await call(west, "GET", "/api/Tags", { token });
    expect([wrong.status, wrong.body.error.code, wrong.headers.get("x-tenant-instance")])
      .toEqual([503, "server.unavailable", "east"]);
    // A sign-in sent straight to the wrong instance cannot check the password there: refused as a wrong
    // one, so that the answer tells nothing of which usernames exist (the proxy routes sign-ins).
    const signIn = await call(west, "POST", "/api/Auth", {
      body: { username: "mover-admin", password: "secret-pass-1" },
    });
    expect([signIn.status, signIn.body.error.code, signIn.headers.get("x-tenant-instance")])
      .toEqual([401, "auth.wrongCredentials", null]);
  });

  it("joins a hub socket to the tenant's instance by its first message", async () => {
    const socket = new Socket(via.baseUrl.replace(/^http/, "ws") + "/dataHub");
    await socket.opened;
    socket.send({ type: "auth", token });
    await socket.next("authenticated");
    const made = await call(via, "POST", "/api/Tags", { token, body: { name: "heard-through-proxy" } });
    expect((await socket.next("event", (e) => e.id === made.body.id)).resource).toBe("Tags");
    await socket.close();
  });

  it("answers 503 for a tenant while it is marked moving, on its own instance too", async () => {
    await east.platform.registry.update(tenant.id, { movingTo: "west" });
    try {
      await until(async () => (await call(east, "GET", "/api/Tags", { token })).status === 503);
      const draining = await call(via, "POST", "/api/Tags", { token, body: { name: "during-drain" } });
      expect([draining.status, draining.headers.get("retry-after")]).toEqual([503, "1"]);
    } finally {
      await east.platform.registry.update(tenant.id, { movingTo: null });
    }
    await until(async () => (await call(via, "GET", "/api/Tags", { token })).status === 200);
  });

  it(
    "moves the tenant: drain, online copy, switch, resume; nothing lost, and the proxy follows",
    async () => {
      const lines: string[] = [];
      const target = `file:${root}/west/tenants/mover.db`;
      const moved = await moveTenant(east.platform, "mover", "west", target, (l) => lines.push(l));
      expect(moved.tenant).toMatchObject({ instance: "west", dbUrl: target, movingTo: null });
      expect(moved.pages).toBeGreaterThan(0);
      expect(lines[0]).toMatch(/draining/);
      expect(existsSync(moved.oldFile)).toBe(true); // kept, to go back to
      // Through the proxy: the data is all there, served by west now.
      await until(async () => (await call(via, "GET", `/api/Tags/${tagId}`, { token })).status === 200);
      const westBefore = west.front.shards[0].served;
      const list = await call(via, "GET", "/api/Tags?PageSize=50", { token });
      expect(list.body.results.map((t: { name: string }) => t.name)).toEqual(
        expect.arrayContaining(["BEFORE-MOVE", "HEARD-THROUGH-PROXY"]),
      );
      const after = await call(via, "POST", "/api/Tags", { token, body: { name: "after-move" } });
      expect(after.status).toBe(201);
      expect(west.front.shards[0].served).toBeGreaterThan(westBefore);
      // The old instance now refuses it, naming the new one; a new sign-in is routed to west.
      await until(async () =>
        (await call(east, "GET", "/api/Tags", { token })).headers.get("x-tenant-instance") === "west"
      );
      const again = await signIn(via, "mover-admin");
      expect((await call(via, "GET", "/api/Tags?PageSize=50", { token: again.token })).body.results)
        .toHaveLength(3);
    },
    30_000,
  );

  it("joins a print agent's socket to its tenant's instance (west, after the move) by its key", async () => {
    const received: Buffer[] = [];
    const printer = createServer((socket) => socket.on("data", (d) => received.push(Buffer.from(d))));
    await new Promise<void>((r) => printer.listen(0, "127.0.0.1", r));
    const site = await call(via, "POST", "/api/PrintSite", { token, body: { name: "Moved hall" } });
    const key = (await call(via, "POST", `/api/PrintSite/${site.body.id}/agentKey`, { token })).body.key;
    const printerId = (await call(via, "POST", "/api/Printer", {
      token,
      body: { name: "Moved Zebra", host: "127.0.0.1", port: (printer.address() as { port: number }).port },
    })).body.id;
    await call(via, "PUT", "/api/Printer", {
      token,
      body: {
        ...(await call(via, "GET", `/api/Printer/${printerId}`, { token })).body,
        siteId: site.body.id,
      },
    });
    const thing = await call(via, "POST", "/api/Product", {
      token,
      body: { index: "MOVED-1", name: "Moved" },
    });
    const agent = startAgent({
      server: via.baseUrl,
      key,
      log: () => {},
      backoffMs: { first: 50, last: 400 },
    });
    try {
      const sent = await call(via, "POST", "/api/Print", {
        token,
        body: { type: "product", items: [{ id: thing.body.id }], printerId },
      });
      expect(sent.body.job.state).toBe("queued");
      await until(async () =>
        (await call(via, "GET", `/api/PrintJob/${sent.body.job.id}`, { token })).body.state === "printed"
      );
      expect(Buffer.concat(received).toString("utf8")).toContain("MOVED-1");
      expect(agent.connected).toBe(true);
    } finally {
      await agent.stop();
      printer.close();
    }
  });

  it("routes a sign-in's second factor by its ticket to the tenant's instance (not the first one)", async () => {
    // The tenant is west's now; a call naming no tenant would go to east.
    const admin = await signIn(via, "mover-admin");
    await addUser(via, admin.token, { username: "mover-careful" });
    const careful = await signIn(via, "mover-careful");
    const begun = await call(via, "POST", "/api/Auth/SecondFactor/totp", {
      token: careful.token,
      body: { currentPassword: PASSWORD },
    });
    await until(() => Promise.resolve(intoStep() < 22_000), 35_000, 100);
    const confirmed = await call(via, "POST", "/api/Auth/SecondFactor/totp/confirm", {
      token: careful.token,
      body: { code: totpAt(begun.body.secret, timeStep(Date.now()) - 1) },
    });
    expect(confirmed.status).toBe(200);
    const step = await call(via, "POST", "/api/Auth", {
      body: { username: "mover-careful", password: PASSWORD },
    });
    const westBefore = west.front.shards[0].served;
    const passed = await call(via, "POST", "/api/Auth/SecondFactor", {
      body: {
        ticket: step.body.secondFactor.ticket,
        method: "totp",
        code: totpAt(begun.body.secret, timeStep(Date.now())),
      },
    });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(west.front.shards[0].served).toBeGreaterThan(westBefore);
  });

  it(
    "refuses a write that resolved its tenant before the move but reaches the old file after it",
    async () => {
      await createTenant(east, "late");
      const { token: lateToken } = await signIn(via, "late-admin");
      // Straight to east: the body comes in two parts, and the move happens between them.
      const body = new TransformStream<Uint8Array, Uint8Array>();
      const writer = body.writable.getWriter();
      const encoder = new TextEncoder();
      const answer = fetch(`${east.baseUrl}/api/Tags`, {
        method: "POST",
        headers: { authorization: `Bearer ${lateToken}`, "content-type": "application/json" },
        body: body.readable,
      });
      await writer.write(encoder.encode(`{"name": "la`));
      await new Promise((r) => setTimeout(r, 300)); // authenticated, waiting for the rest of its body
      await moveTenant(east.platform, "late", "west", `file:${root}/west/tenants/late.db`);
      await writer.write(encoder.encode(`te"}`));
      await writer.close();
      const res = await answer;
      const refused = await res.json();
      expect([res.status, refused.error.code]).toEqual([503, "server.unavailable"]);
      // Nothing was written anywhere: west has no such tag, and the retry lands there.
      await until(async () => (await call(via, "GET", "/api/Tags", { token: lateToken })).status === 200);
      expect((await call(via, "GET", "/api/Tags", { token: lateToken })).body.results).toEqual([]);
      expect((await call(via, "POST", "/api/Tags", { token: lateToken, body: { name: "late" } })).status)
        .toBe(201);
    },
    30_000,
  );

  it("answers 503 at the proxy, in the caller's language, when a tenant's instance is down", async () => {
    const lost = await createTenant(east, "lost");
    const { token: lostToken } = await signIn(via, "lost-admin");
    const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const closed = `http://127.0.0.1:${(l.addr as Deno.NetAddr).port}`;
    l.close();
    await east.platform.registry.registerInstance("gone", closed);
    await east.platform.registry.update(lost.id, { instance: "gone" });
    await until(async () => {
      const r = await call(via, "GET", "/api/Tags", {
        token: lostToken,
        headers: { "accept-language": "pl-PL" },
      });
      return r.status === 503 && r.body.error.code === "server.unavailable" &&
        /ponownie/.test(r.body.error.message);
    });
    // The other tenants are served as before.
    expect((await call(via, "GET", "/api/Tags", { token })).status).toBe(200);
  });

  it("refuses an instance's name to a second server while the first still answers", async () => {
    await expect(east.platform.registry.claimInstance("east", "http://127.0.0.1:1")).rejects
      .toThrow(/already served/);
    // A name whose holder is gone (the "gone" instance above) is taken over.
    await east.platform.registry.claimInstance("gone", "http://127.0.0.1:2");
    const gone = (await east.platform.registry.listInstances()).find((i) => i.name === "gone");
    expect(gone?.url).toBe("http://127.0.0.1:2");
  });

  it("refuses to move a tenant to where it is, or onto an existing file", async () => {
    await expect(moveTenant(east.platform, "mover", "west", `file:${root}/x.db`)).rejects.toThrow(
      /already on west/,
    );
    await expect(moveTenant(east.platform, "mover", "east", `file:${root}/west/tenants/mover.db`)).rejects
      .toThrow(/exists already/);
  });
});
