// Where this thread stands in the server (docs/decisions/0007-tenant-shards.md): the only thread (`single`,
// tests and WORKERS=0), the front that accepts connections and routes each request to its tenant's shard
// (`front`), one of the shards that own tenants' databases (`shard`), or a reader worker that answers long
// reads on read-only connections (`reader`). A tenant's database is written by its shard alone; work on a
// tenant that another thread must do from here (a sign-in that names its tenant only in its body, a reset
// mail to every tenant a person belongs to) is a named tenant operation, run on the owner.
import type { Connection } from "../db/connection.ts";
import type { Tenant } from "../tenancy/registry.ts";
import type { TenantPool } from "../tenancy/pool.ts";
import { AppError } from "../kernel/errors.ts";
import type { Placement, Role } from "../kernel/services.ts";

export type { Placement, Role };

/** The shard that owns a tenant's database: tenant ids are sequential, so shards fill evenly. */
export function shardOf(tenantId: number, shards: number): number {
  return shards <= 1 ? 0 : tenantId % shards;
}

/** Whether this thread may open the tenant's database for writing. */
export function owns(placement: Placement, tenantId: number): boolean {
  if (placement.role === "single") return true;
  return placement.role === "shard" && shardOf(tenantId, placement.shards) === placement.index;
}

/** Whether this instance serves the tenant now (the tenant directory gives it here, and it is not moving). */
export function servedHere(instance: string, tenant: Tenant): boolean {
  return tenant.instance === instance && !tenant.movingTo;
}

/**
 * Whether long work begun on `tenant` (a count's preparation, an import's slices, the sender) may go on
 * writing it here: its row, as this process's cache of the tenant directory has it now, still gives it to
 * this instance at the same database and it is not moving (server/tenancy/move.ts waits for that cache to expire).
 */
export async function stillServedHere(
  registry: { byId(id: number): Promise<Tenant | undefined> },
  instance: string,
  tenant: Tenant,
): Promise<boolean> {
  const now = await registry.byId(tenant.id);
  return !!now && now.dbUrl === tenant.dbUrl && servedHere(instance, now);
}

/**
 * Waits while the tenant is moving, then whether it stayed here as it was (the move failed): long work
 * stopped at the move goes on; if it moved, its new owner takes it up. False at once once `closed`.
 */
export async function stayedAfterMove(
  registry: { byId(id: number): Promise<Tenant | undefined> },
  instance: string,
  tenant: Tenant,
  closed: () => boolean,
): Promise<boolean> {
  for (;;) {
    if (closed()) return false;
    try {
      const now = await registry.byId(tenant.id);
      if (!now?.movingTo) return await stillServedHere(registry, instance, tenant);
    } catch { /* the directory unreadable for a moment: the next look */ }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The services and tenant long work runs for (a request's context, or the start's sweep's). */
interface LongWork {
  services: {
    registry: { byId(id: number): Promise<Tenant | undefined> };
    config: { instance: string };
    pool: { closed: boolean };
  };
  tenant: Tenant;
}

/** stillServedHere for the tenant of `work`. */
export const workStillHere = (work: LongWork) =>
  stillServedHere(work.services.registry, work.services.config.instance, work.tenant);

/** stayedAfterMove for the tenant of `work`, given up once its process's pool closes. */
export const workStayedHere = (work: LongWork) =>
  stayedAfterMove(
    work.services.registry,
    work.services.config.instance,
    work.tenant,
    () => work.services.pool.closed,
  );

/**
 * Refuses a tenant this instance does not serve now: the tenant directory gives it to another instance, or
 * it is moving. The answer (503) names the instance that owns it, for a proxy to route the next call there.
 */
export function assertServedHere(instance: string, tenant: Tenant): void {
  if (servedHere(instance, tenant)) return;
  throw new AppError("server.unavailable", {
    headers: { "Retry-After": "1", "X-Tenant-Instance": tenant.instance },
  });
}

type Op = (conn: Connection, args: never, tenant: Tenant) => Promise<unknown>;
const ops = new Map<string, Op>();

/**
 * Declares a tenant operation: `fn` runs with the tenant's connection on the thread that owns the tenant.
 * Its arguments and result cross threads, so they must be plain data (structured clone); an AppError it
 * throws reaches the caller as the same AppError.
 */
export function tenantOp<A, R>(
  name: string,
  fn: (conn: Connection, args: A, tenant: Tenant) => Promise<R>,
): (platform: { placement: Placement }, tenant: Tenant, args: A) => Promise<R> {
  if (ops.has(name)) throw new Error(`Tenant operation "${name}" is declared twice`);
  ops.set(name, fn as Op);
  return (platform, tenant, args) => platform.placement.run(tenant, name, args) as Promise<R>;
}

/** Runs a declared operation here, with the tenant's connection borrowed from `pool`. */
export async function runHere(
  platform: { pool: TenantPool; config: { instance: string } },
  tenant: Tenant,
  name: string,
  args: unknown,
): Promise<unknown> {
  const op = ops.get(name);
  if (!op) throw new Error(`Unknown tenant operation "${name}"`);
  assertServedHere(platform.config.instance, tenant);
  return await platform.pool.use(tenant.dbUrl, (conn) => op(conn, args as never, tenant));
}

/** The one thread of a server without shards: everything runs here. */
export function singlePlacement(platform: { pool: TenantPool; config: { instance: string } }): Placement {
  return {
    role: "single",
    index: 0,
    shards: 1,
    run: (tenant, op, args) => runHere(platform, tenant, op, args),
  };
}
