// The job runner of a shop's import and stock push (decision 0014): one job per credentials at a time,
// claimed in one statement, run after the answer with a connection borrowed per step, its progress and
// outcome kept on the credentials' record and announced on the hub.
import { and, eq, isNull, lt, ne, or } from "drizzle-orm";
import type { Connection } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { isRefusal, refusalEvent } from "../../kernel/egress/egress.ts";
import { securityEvent } from "../logs/security_log/service.ts";
import { recordChange } from "../../engine/record_change.ts";
import { externalCredentials } from "./table.ts";
import { assertReachable } from "./reach.ts";
import { appErrorOf, credentialsOf, noteCheck, shopOf } from "./credentials.ts";
import type * as woo from "./woocommerce.ts";

/**
 * A running job that has not moved for this long was cut short (a restart): another may start. Longer than
 * one page may take at worst (four tries of 30 s, their pauses and a Retry-After of 30 s).
 */
export const JOB_STALE_MS = 10 * 60_000;

/** Starts a job on a shop's credentials (202): its progress is on the credentials' record. */
export async function startJob(
  ctx: TenantContext,
  id: number,
  kind: "import" | "push",
  run: (
    ctx: TenantContext,
    shop: woo.ShopCredentials,
    beat: (processed: number, total: number | null) => Promise<void>,
  ) => Promise<Record<string, number>>,
) {
  const db = ctx.conn.db;
  const row = await credentialsOf(ctx, db, id);
  const shop = shopOf(ctx, row);
  await assertReachable(ctx, row.baseUrl);
  const started = nowIso();
  // Claimed in one statement: not running, or running without a beat for JOB_STALE_MS (cut short).
  const [claimed] = await db.update(externalCredentials).set({
    jobKind: kind,
    jobStatus: "running",
    jobProcessed: 0,
    jobTotal: null,
    jobError: null,
    jobStartedAt: started,
    jobFinishedAt: null,
    jobBeatAt: started,
  }).where(and(
    eq(externalCredentials.id, id),
    or(
      ne(externalCredentials.jobStatus, "running"),
      isNull(externalCredentials.jobBeatAt),
      lt(externalCredentials.jobBeatAt, new Date(Date.now() - JOB_STALE_MS).toISOString()),
    ),
  )).returning({ id: externalCredentials.id });
  if (!claimed) throw new AppError("external.busy");
  const { services, tenant } = ctx;
  // Each step borrows the tenant's connection for its own short while: the pages come between.
  const withDb = <T>(fn: (conn: Connection) => Promise<T>) => services.pool.use(tenant.dbUrl, fn);
  const beat = async (processed: number, total: number | null) => {
    await withDb((conn) =>
      conn.db.update(externalCredentials).set({
        jobProcessed: processed,
        jobTotal: total,
        jobBeatAt: nowIso(),
      })
        .where(eq(externalCredentials.id, id))
    );
    announce();
  };
  // Not the request's correlation id: the caller's own screen hears of its job's progress too.
  const announce = () =>
    void services.hub.publish(tenant.id, [{ resource: "ExternalCredentials", action: "changed", id }], null)
      .catch(() => {});
  void (async () => {
    try {
      // The request's own connection is not used after its answer: each step borrows one (withDb).
      const summary = await run(ctx, shop, beat);
      await withDb((conn) =>
        conn.transaction(async (tx) => {
          await tx.update(externalCredentials).set({
            jobStatus: "done",
            jobFinishedAt: nowIso(),
            valid: true,
            lastCheckedAt: nowIso(),
            lastError: null,
          }).where(eq(externalCredentials.id, id));
          await recordChange(tx, null, ctx.actor, {
            action: "changed",
            resource: "ExternalCredentials",
            id,
            title: row.description ?? row.baseUrl,
            old: {},
            new: { [kind]: summary },
          });
        })
      );
    } catch (err) {
      const error = appErrorOf(err);
      if (error.code === "server.unknown") console.error(`external ${kind} of ${tenant.slug}`, err);
      // After the answer, so not the request's refusal: the job's starter is named.
      if (isRefusal(err)) {
        securityEvent(ctx, "egress.refused", `${kind} of service ${id}: ${refusalEvent(err)}`);
      }
      await withDb(async (conn) => {
        await noteCheck(conn.db, id, err);
        await conn.db.update(externalCredentials).set({
          jobStatus: "failed",
          jobError: error.code,
          jobFinishedAt: nowIso(),
        }).where(eq(externalCredentials.id, id));
      }).catch((e) => console.error(`external ${kind} of ${tenant.slug}: its end was not kept`, e));
    } finally {
      announce();
    }
  })();
  return { credentialsId: id, jobKind: kind, jobStatus: "running" };
}
