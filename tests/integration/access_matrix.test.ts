// Who may call each route, walked from the route table itself: docs/api.md's "Access by route" table must
// name every route the server serves (a new route without an entry fails here), and each route must refuse
// exactly as its entry says: without a token, with a basic user's token where administrators only may call,
// and with another tenant's administrator where the route names a record.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { type Access, routes, type RouteSpec } from "../../server/http/openapi.ts";

const WHO: Record<Access, string> = { public: "anyone", user: "signed in", admin: "administrators" };

let s: TestServer;
let admin: string;
let basic: string;
let stranger: string;
let targets = 0;

beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "matrix");
  admin = (await signIn(s, "matrix-admin")).token;
  await addUser(s, admin, { username: "matrix-basic" });
  basic = (await signIn(s, "matrix-basic")).token;
  await createTenant(s, "elsewhere");
  stranger = (await signIn(s, "elsewhere-admin")).token;
});
afterAll(() => s?.close());

const key = (r: RouteSpec) => `${r.method.toUpperCase()} /api${r.path.replace(/:(\w+)/g, "{$1}")}`;

/** The table in docs/api.md: "METHOD /api/path" → who. */
function documented(): Map<string, string> {
  const doc = readFileSync("docs/api.md", "utf8");
  const section = doc.slice(doc.indexOf("## Access by route"));
  const rows = [...section.matchAll(/^\| `((?:GET|POST|PUT|PATCH|DELETE) [^`]+)` \| ([^|]+) \|/gm)];
  return new Map(rows.map((m) => [m[1], m[2].trim()]));
}

/** A request to the route with an empty JSON body, its parameters filled with `id` (one naming nothing). */
function probe(r: RouteSpec, token?: string, id = 999999) {
  const path = "/api" +
    r.path.replace(/:(\w+)/g, (_m, name) => (name === "email" ? "x%40example.com" : String(id)));
  return call(s, r.method.toUpperCase(), path, { token, body: r.body ? {} : undefined });
}

describe("access by route (docs/api.md)", () => {
  it("names every route the server serves, once, with who may call it", () => {
    const table = documented();
    const served = new Map(routes.map((r) => [key(r), WHO[r.access]]));
    const missing = [...served].filter(([k]) => !table.has(k)).map(([k, who]) => `| \`${k}\` | ${who} |`);
    expect(missing, "add these rows to docs/api.md").toEqual([]);
    expect([...table.keys()].filter((k) => !served.has(k)), "rows for routes the server does not serve")
      .toEqual([]);
    for (const [k, who] of served) expect(table.get(k), k).toBe(who);
  });

  it("refuses a caller without a token on every route but the open ones, before reading any input", async () => {
    for (const r of routes) {
      const res = await probe(r);
      const refused = res.status === 401 && res.body?.error?.code === "auth.tokenMissing";
      expect(refused, `${key(r)} answered ${res.status} ${JSON.stringify(res.body)}`).toBe(
        r.access !== "public",
      );
    }
  });

  it("answers administrators' routes to a basic user as to a record that is not there", async () => {
    const adminRoutes = routes.filter((r) => r.access === "admin");
    expect(adminRoutes.length).toBeGreaterThan(3);
    for (const r of adminRoutes) {
      const res = await probe(r, basic);
      expect([res.status, res.body?.error?.code], key(r)).toEqual([404, "record.notFoundOrNoPermission"]);
      // An administrator gets past the door: to a record that exists where the route names one (a user
      // made for it; a missing record would answer the same 404 as a refusal).
      const own = r.path.includes(":")
        ? await probe(r, admin, (await addUser(s, admin, { username: `target-${targets++}` })).id)
        : await probe(r, admin);
      expect(own.body?.error?.code, `${key(r)} refused an administrator`).not.toBe(
        "record.notFoundOrNoPermission",
      );
    }
  });

  it("lets a signed-in caller of any tenant past the door, but never to a record of another tenant", async () => {
    // A record of "matrix" (its administrator, id 1) asked for with the token of another tenant's
    // administrator: every route that names a record by id answers as if it were not there.
    const byId = routes.filter((r) => r.access !== "public" && /:(id|userId)\b/.test(r.path));
    expect(byId.length).toBeGreaterThan(20);
    for (const r of byId) {
      if (r.method !== "get") continue; // writes by id are walked per resource in every_resource.test.ts
      const path = "/api" + r.path.replace(/:(\w+)/, "1");
      const mine = await call(s, "GET", path, { token: admin });
      const theirs = await call(s, "GET", path, { token: stranger });
      if (mine.status !== 200) continue; // nothing with id 1 in this tenant to leak
      expect(theirs.body, `${key(r)} showed another tenant's record`).not.toEqual(mine.body);
    }
  });
});
