// The master-data tests' world: a real server with two tenants, alpha (the one under test) and beta (the
// other tenant, whose administrator must find nothing of alpha's), and alpha's administrator, a power user
// (the manager) and a basic user, each signed in; plus the calls over /api/<resource> the tests share.
import type { Tenant } from "../../../server/tenancy/registry.ts";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../../fixtures/harness.ts";

export interface MasterWorld {
  s: TestServer;
  alpha: Tenant;
  /** alpha-admin's token. */
  admin: string;
  /** alpha-manager's (a power user); "" when the world was made without one. */
  manager: string;
  /** alpha-basic's, and that user's id. */
  basic: string;
  basicId: number;
  /** beta-admin's: the other tenant. */
  other: string;
  /** A raw query on alpha's database. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** `manager: false`: no power user (a test that counts the tenant's users or walks every resource). */
export async function startMasterWorld(options: { manager?: boolean } = {}): Promise<MasterWorld> {
  const s = await startServer();
  const alpha = await createTenant(s, "alpha");
  await createTenant(s, "beta");
  const admin = (await signIn(s, "alpha-admin")).token;
  const withManager = options.manager ?? true;
  if (withManager) await addUser(s, admin, { username: "alpha-manager", isPowerUser: true });
  const basicId = (await addUser(s, admin, { username: "alpha-basic" })).id as number;
  return {
    s,
    alpha,
    admin,
    manager: withManager ? (await signIn(s, "alpha-manager")).token : "",
    basic: (await signIn(s, "alpha-basic")).token,
    basicId,
    other: (await signIn(s, "beta-admin")).token,
    query: <T>(sql: string, params: unknown[] = []) =>
      s.platform.pool.use(alpha.dbUrl, (conn) => conn.query(sql, params)) as Promise<T[]>,
    close: () => s.close(),
  };
}

/**
 * The calls the tests make, bound to the world `world()` answers once it is made: a write as the manager and
 * a read as the basic user unless a token is given, `created` for an add that must succeed.
 */
export function masterCalls(world: () => MasterWorld) {
  const post = (resource: string, body: Record<string, unknown>, token = world().manager) =>
    call(world().s, "POST", `/api/${resource}`, { token, body });
  return {
    post,
    put: (resource: string, body: Record<string, unknown>, token = world().manager) =>
      call(world().s, "PUT", `/api/${resource}`, { token, body }),
    get: (path: string, token = world().basic) => call(world().s, "GET", `/api/${path}`, { token }),
    del: (resource: string, id: number, token = world().manager) =>
      call(world().s, "DELETE", `/api/${resource}/${id}`, { token }),
    /** The list's filters as a query parameter. */
    filter: (f: unknown[]) => "BasicFiltersSerialized=" + encodeURIComponent(JSON.stringify(f)),
    async created(resource: string, body: Record<string, unknown>) {
      const r = await post(resource, body);
      if (r.status !== 201) {
        throw new Error(`adding ${resource} failed: ${r.status} ${JSON.stringify(r.body)}`);
      }
      return r.body;
    },
    query: <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      world().query<T>(sql, params),
  };
}
