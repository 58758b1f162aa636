// The queue of a site's print jobs, in the tenant's database. POST Print queues a job for a printer of a
// site (enqueue, on the shard that owns the tenant, with its event); the agent's channel, on whichever thread
// holds the agent's socket (channel.ts), reaches the queue only through the tenant operations below, which
// run on the owner: hello (the key checked, the connection noted), beat (still standing? heard from now),
// take (queued jobs, and jobs sent to an agent that went away before reporting, handed out oldest first),
// report (printed or failed) and bye. Every one of them checks the key again, so a key withdrawn a moment
// ago takes and reports nothing, and a job of another site (or another tenant: another database) is never
// found. A job's bytes go with it and are dropped when it finishes.
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Connection } from "../../../db/connection.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { nowIso } from "../../../kernel/time.ts";
import { transactionWithEvents } from "../../../hub/outbox.ts";
import { tenantOp } from "../../../cluster/placement.ts";
import {
  type AgentInfo,
  type FailureReason,
  type JobPrinter,
  toBase64,
} from "../../../print_agent/protocol.ts";
import { printers } from "../entity.ts";
import { printSites } from "../sites/entity.ts";
import { printJob, printJobData, printJobs } from "../jobs/entity.ts";
import type { PrintableType } from "../../../../shared/printing/sources.ts";

/** A queued job's bytes at most (a PDF of many pages): larger ones are refused when asked for. */
export const MAX_JOB_BYTES = 24 * 1024 * 1024;

/** Queues a job for a printer of a site; answers the job's record. */
export async function enqueue(
  ctx: TenantContext,
  job: { printerId: number; kind: "zpl" | "pdf"; type: PrintableType; labels: number; data: Uint8Array },
) {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const now = nowIso();
    const [row] = await tx.insert(printJobs).values({
      printerId: job.printerId,
      kind: job.kind,
      type: job.type,
      labels: job.labels,
      bytes: job.data.byteLength,
      state: "queued",
      createdByUserId: ctx.actor.userId,
      createdByName: ctx.actor.username,
      createdAt: now,
      updatedAt: now,
    }).returning({ id: printJobs.id });
    await tx.insert(printJobData).values({ jobId: row.id, data: toBase64(job.data) });
    // The channel holding the site's agent hears of it through the hub (channel.ts) and hands it over.
    outbox.add("PrintJob", "created", row.id);
    return await printJob.getIn(tx, ctx, row.id);
  });
}

/** The site a key opens, or undefined (no such key: withdrawn, replaced, never made). */
async function siteOf(conn: Connection, keyHash: string, siteId?: number) {
  const [site] = await conn.db.select({ id: printSites.id, name: printSites.name }).from(printSites)
    .where(
      siteId === undefined
        ? eq(printSites.agentKeyHash, keyHash)
        : and(eq(printSites.agentKeyHash, keyHash), eq(printSites.id, siteId)),
    );
  return site;
}

export interface HelloArgs {
  keyHash: string;
  ip: string | null;
  agent: AgentInfo;
}

/** An agent says hello: its site, or null when the key opens none. The connection is noted on the site. */
export const agentHello = tenantOp("printAgent.hello", async (conn, args: HelloArgs) => {
  const site = await siteOf(conn, args.keyHash);
  if (!site) return null;
  const now = nowIso();
  await conn.transaction((tx) =>
    tx.update(printSites).set({
      agentName: args.agent.name,
      agentVersion: `${args.agent.version} (${args.agent.os})`,
      agentConnectedAt: now,
      agentLastSeenAt: now,
      agentLastSeenIp: args.ip,
    }).where(eq(printSites.id, site.id))
  );
  return site;
});

export interface SiteArgs {
  keyHash: string;
  siteId: number;
}

/** The agent is still connected: answers whether its key still opens its site (and notes the time). */
export const agentBeat = tenantOp("printAgent.beat", async (conn, args: SiteArgs) => {
  if (!(await siteOf(conn, args.keyHash, args.siteId))) return false;
  await conn.transaction((tx) =>
    tx.update(printSites).set({ agentLastSeenAt: nowIso() }).where(eq(printSites.id, args.siteId))
  );
  return true;
});

/** The agent's socket closed. */
export const agentBye = tenantOp("printAgent.bye", async (conn, args: { siteId: number }) => {
  await conn.transaction((tx) =>
    tx.update(printSites).set({ agentDisconnectedAt: nowIso() }).where(eq(printSites.id, args.siteId))
  );
});

export interface TakenJob {
  id: number;
  kind: "zpl" | "pdf";
  printer: JobPrinter;
  data: string;
  bytes: number;
}

/**
 * Up to `limit` of the site's jobs to hand to its agent, oldest first: queued ones, and ones sent before but
 * never reported (the agent that had them went away), except those this connection holds now (`holding`).
 * They are marked sent in the same transaction. Null: the key no longer opens the site.
 */
export const agentTake = tenantOp(
  "printAgent.take",
  async (conn, args: SiteArgs & { holding: number[]; limit: number }): Promise<TakenJob[] | null> => {
    if (!(await siteOf(conn, args.keyHash, args.siteId))) return null;
    return await conn.transaction(async (tx) => {
      const conditions = [
        eq(printers.siteId, args.siteId),
        inArray(printJobs.state, ["queued", "sent"]),
      ];
      if (args.holding.length) conditions.push(notInArray(printJobs.id, args.holding));
      const rows = await tx.select({
        id: printJobs.id,
        kind: printJobs.kind,
        bytes: printJobs.bytes,
        attempts: printJobs.attempts,
        printerId: printers.id,
        name: printers.name,
        host: printers.host,
        port: printers.port,
        data: printJobData.data,
      }).from(printJobs)
        .innerJoin(printers, eq(printers.id, printJobs.printerId))
        .innerJoin(printJobData, eq(printJobData.jobId, printJobs.id))
        .where(and(...conditions))
        .orderBy(asc(printJobs.id))
        .limit(Math.max(1, Math.min(args.limit, 50)));
      const now = nowIso();
      for (const r of rows) {
        await tx.update(printJobs).set({
          state: "sent",
          sentAt: now,
          attempts: r.attempts + 1,
          updatedAt: now,
          version: sql`${printJobs.version} + 1`,
        }).where(eq(printJobs.id, r.id));
      }
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        printer: { id: r.printerId, name: r.name, host: r.host, port: r.port },
        data: r.data,
        bytes: r.bytes,
      }));
    });
  },
);

export type ReportArgs = SiteArgs & {
  jobId: number;
  ok: boolean;
  reason?: FailureReason;
  detail?: string;
};

/**
 * The agent's result for a job of its site: printed, or failed with the reason. `known` false: no job of
 * this site has that id (another site's, another tenant's, or none). `changed`: the job was open till now.
 */
export const agentReport = tenantOp(
  "printAgent.report",
  async (conn, args: ReportArgs): Promise<{ known: boolean; changed: boolean } | null> => {
    if (!(await siteOf(conn, args.keyHash, args.siteId))) return null;
    return await conn.transaction(async (tx) => {
      const [job] = await tx.select({ id: printJobs.id, state: printJobs.state, version: printJobs.version })
        .from(printJobs)
        .innerJoin(printers, eq(printers.id, printJobs.printerId))
        .where(and(eq(printJobs.id, args.jobId), eq(printers.siteId, args.siteId)));
      if (!job) return { known: false, changed: false };
      if (job.state === "printed" || job.state === "failed") return { known: true, changed: false };
      const now = nowIso();
      await tx.update(printJobs).set({
        state: args.ok ? "printed" : "failed",
        failureReason: args.ok ? null : args.reason ?? "other",
        failureDetail: args.ok ? null : args.detail ?? null,
        finishedAt: now,
        updatedAt: now,
        version: job.version + 1,
      }).where(eq(printJobs.id, job.id));
      await tx.delete(printJobData).where(eq(printJobData.jobId, job.id));
      return { known: true, changed: true };
    });
  },
);
