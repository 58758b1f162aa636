// The one write tail of a verb's own change (server/engine/record_change.ts) against a real tenant database
// and the real hub: the RecordLog entry and the event go with the change's transaction, so a change that
// fails leaves neither; the entry keeps what it was given (an absent object as NULL, a null one as JSON
// null), names whom it is told, and a verb's many changes share one entry time and keep their events' order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, desc, eq } from "drizzle-orm";
import { addUser, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { Socket } from "../fixtures/hub_socket.ts";
import { transactionWithEvents } from "../../server/hub/outbox.ts";
import { recordChange, recordChanges } from "../../server/engine/record_change.ts";
import { verifyAccessToken } from "../../server/domain/access/auth/tokens.ts";
import { users } from "../../server/domain/access/users/entity.ts";
import { recordLog } from "../../server/domain/logs/record_log/table.ts";
import type { TenantContext } from "../../server/kernel/context.ts";
import { Hooks } from "../../server/kernel/hooks.ts";
import type { Tenant } from "../../server/tenancy/registry.ts";

let s: TestServer;
let acme: Tenant;
let adminToken: string;
let adminId: number;
let bobId: number;
let carolId: number;
let ctx: TenantContext;
let release: () => void;
let socket: Socket;

beforeAll(async () => {
  s = await startServer();
  acme = await createTenant(s, "acme");
  ({ token: adminToken, user: { id: adminId } } = await signIn(s, "acme-admin"));
  bobId = (await addUser(s, adminToken, { username: "bob" })).id;
  carolId = (await addUser(s, adminToken, { username: "carol" })).id;
  const held = await s.platform.pool.acquire(acme.dbUrl);
  release = held.release;
  ctx = {
    services: s.platform,
    hooks: new Hooks(),
    tenant: acme,
    conn: held.conn,
    actor: await verifyAccessToken(s.platform.keys, s.platform.config, adminToken),
    requestId: "record-change",
    lang: "en-us",
  };
  socket = new Socket(s.baseUrl.replace(/^http/, "ws") + "/dataHub");
  await socket.opened;
  socket.send({ type: "auth", token: adminToken });
  await socket.next("authenticated");
});

afterAll(async () => {
  await socket?.close();
  release?.();
  await s?.close();
});

/** The newest RecordLog entry of a record. */
async function lastEntry(resourceType: string, resourceId: number) {
  const [row] = await ctx.conn.db.select().from(recordLog)
    .where(and(eq(recordLog.resourceType, resourceType), eq(recordLog.resourceId, resourceId)))
    .orderBy(desc(recordLog.id)).limit(1);
  return row;
}

async function entryCount(): Promise<number> {
  const [{ n }] = await ctx.conn.db.select({ n: count() }).from(recordLog);
  return n;
}

const describeCarol = (
  tx: Parameters<Parameters<TenantContext["conn"]["transaction"]>[0]>[0],
  text: string,
) => tx.update(users).set({ description: text }).where(eq(users.id, carolId));

describe("recordChange", () => {
  it("writes the change's entry and queues its event, published once the change commits", async () => {
    ctx.requestId = "change-committed";
    await transactionWithEvents(ctx, async (tx, outbox) => {
      await describeCarol(tx, "committed");
      await recordChange(tx, outbox, ctx.actor, {
        action: "changed",
        resource: "User",
        id: carolId,
        title: "carol",
        old: { description: null },
        new: { description: "committed" },
      });
    });
    expect(await lastEntry("User", carolId)).toMatchObject({
      action: "changed",
      title: "carol",
      oldObject: JSON.stringify({ description: null }),
      newObject: JSON.stringify({ description: "committed" }),
      userId: adminId,
      userName: "acme-admin",
    });
    expect(await socket.next("event", (e) => e.correlationId === "change-committed")).toEqual({
      type: "event",
      resource: "User",
      action: "changed",
      id: carolId,
      correlationId: "change-committed",
    });
  });

  it("leaves neither an entry nor an event when the change fails after it", async () => {
    const before = await entryCount();
    ctx.requestId = "change-failed";
    await expect(transactionWithEvents(ctx, async (tx, outbox) => {
      await describeCarol(tx, "rolled back");
      await recordChange(tx, outbox, ctx.actor, {
        action: "changed",
        resource: "User",
        id: carolId,
        title: "carol",
        new: { description: "rolled back" },
      });
      throw new Error("a rule refused the change after it was recorded");
    })).rejects.toThrow(/refused/);
    expect(await entryCount()).toBe(before);
    const [carol] = await ctx.conn.db.select().from(users).where(eq(users.id, carolId));
    expect(carol.description).toBe("committed");
    // Events arrive in order: once a later change's event is here, the failed one's would have been too.
    ctx.requestId = "change-after";
    await transactionWithEvents(ctx, async (tx, outbox) => {
      await recordChange(tx, outbox, ctx.actor, {
        action: "changed",
        resource: "User",
        id: bobId,
        title: "bob",
      });
    });
    await socket.next("event", (e) => e.correlationId === "change-after");
    expect(socket.events().some((e) => e.correlationId === "change-failed")).toBe(false);
  });

  it("keeps an absent object as NULL and a null one as JSON null, and names whom it is told", async () => {
    await ctx.conn.transaction(async (tx) => {
      await recordChange(tx, null, { userId: carolId, username: "carol" }, {
        action: "changed",
        resource: "FaceDevice",
        id: 9001,
        title: null,
        old: null,
      });
    });
    expect(await lastEntry("FaceDevice", 9001)).toMatchObject({
      title: null,
      oldObject: "null",
      newObject: null,
      userId: carolId,
      userName: "carol",
    });
    await ctx.conn.transaction(async (tx) => {
      await recordChange(tx, null, null, { action: "created", resource: "FaceDevice", id: 9002, title: "x" });
    });
    expect(await lastEntry("FaceDevice", 9002)).toMatchObject({
      userId: null,
      userName: null,
      oldObject: null,
    });
  });
});

describe("recordChanges", () => {
  it("writes many entries with one time and queues their events in order", async () => {
    ctx.requestId = "changes-many";
    await transactionWithEvents(ctx, async (tx, outbox) => {
      await recordChanges(tx, outbox, ctx.actor, [
        { action: "changed", resource: "User", id: carolId, title: "carol", new: { n: 1 } },
        { action: "changed", resource: "User", id: bobId, title: "bob", new: { n: 2 } },
      ]);
    });
    const carol = await lastEntry("User", carolId);
    const bob = await lastEntry("User", bobId);
    expect(carol).toMatchObject({ newObject: '{"n":1}', userName: "acme-admin" });
    expect(bob).toMatchObject({ newObject: '{"n":2}', userName: "acme-admin" });
    expect(bob.createdAt).toBe(carol.createdAt);
    await socket.next("event", (e) => e.correlationId === "changes-many" && e.id === bobId);
    expect(socket.events().filter((e) => e.correlationId === "changes-many").map((e) => e.id))
      .toEqual([carolId, bobId]);
  });
});
