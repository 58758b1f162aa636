// The route table: every API route is declared once with its schemas. The same declarations validate
// requests, produce /api/openapi.json (OpenAPI 3.1 through zod's JSON Schema output) and give the
// case-insensitive path matching the contract asks for.
import { z } from "zod";
import type { Access, Whole } from "../../kernel/access.ts";
import type { ListField } from "../../kernel/list.ts";
import { httpParts } from "./parts.ts";

export type { Access, Whole };
export type Method = "get" | "post" | "put" | "patch" | "delete";

export interface RouteSpec {
  method: Method;
  /** Hono path under /api, with `:param` placeholders, in its canonical case. */
  path: string;
  summary: string;
  tag: string;
  /** Who may call it at all (server/kernel/access.ts), checked before the input is read. */
  access: Access;
  /**
   * Who sees every record it answers; the others `access` lets in see only their own (their user's, their
   * contractor's). Absent: whoever may call it sees everything it holds for the tenant.
   */
  whole?: Whole;
  /**
   * How a caller `access` keeps out is answered: 404 record.notFoundOrNoPermission (as if nothing were
   * there; the default) or, for reading a whole resource the caller may not read, 403 auth.forbidden.
   */
  refusal?: "auth.forbidden";
  /** A list's fields (filter, sort, quick search): every route answering `allFilteredRowCount` names them. */
  list?: Record<string, ListField>;
  body?: z.ZodType;
  /** The most a body may weigh, in bytes (1 MB of JSON unless the route says otherwise: http/body.ts). */
  bodyLimit?: number;
  /**
   * The answer carries a secret shown once (a shared access's key): no Idempotency-Key is kept for it, as
   * a kept answer would store the secret (a repeat makes another one).
   */
  answersSecret?: true;
  /**
   * Answered to a user who owes a second factor the company requires (the calls that set one up, signing
   * out); every other call refuses them with 403 auth.secondFactorSetupRequired (access/mfa/policy.ts).
   */
  secondFactorSetup?: true;
  query?: z.ZodType;
  response?: z.ZodType;
  status?: number;
  /**
   * `long`: a report or statistic that may read much; on a sharded server a reader worker answers it on a
   * read-only connection, so it never holds up the tenant's shard (server/cluster/front.ts).
   */
  reads?: "long";
}

export const routes: RouteSpec[] = [];

/** The writes an Idempotency-Key may guard (server/http/idempotency.ts keeps them). */
export function takesIdempotencyKey(method: string): boolean {
  return method === "post" || method === "put" || method === "patch" || method === "delete";
}

export function declare(spec: RouteSpec): RouteSpec {
  // Every app built in one process (tests build many) declares the same routes: keep one of each.
  const known = routes.findIndex((r) => r.method === spec.method && r.path === spec.path);
  if (known >= 0) routes[known] = spec;
  else routes.push(spec);
  return spec;
}

/**
 * The methods the server answers at all (HEAD as GET; OPTIONS with 405 and the path's methods). Any other
 * (TRACE, CONNECT, WebDAV's PROPFIND, a made-up one) is answered 405 by whoever meets it first: the app, the
 * front of a sharded server (a worker cannot even be handed TRACE: fetch's Request refuses to carry it) or
 * the tenant proxy.
 */
export const SERVED_METHODS: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
]);

/** The methods declared for a canonical /api path (HEAD with GET), for a 405's Allow header; [] for none. */
export function methodsOf(path: string): string[] {
  const found = new Set<string>();
  for (const r of routes) {
    if (!routePattern(r.path).test(path)) continue;
    found.add(r.method.toUpperCase());
    if (r.method === "get") found.add("HEAD");
  }
  const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
  return order.filter((m) => found.has(m));
}

/** A declared route's path (under /api) as a pattern matching its canonical paths, any id in its params. */
export function routePattern(path: string): RegExp {
  return new RegExp("^/api" + path.replace(/:\w+/g, "[^/]+") + "$");
}

// --- case-insensitive paths ----------------------------------------------------------------------

/** A route template ("/api/User/:id" split at "/"), with its static segments lower-cased once. */
type Template = { segments: string[]; lowered: (string | null)[] };

/** Route templates by segment count and lower-cased first segment after /api (":" for a parameter). */
let templateIndex: Map<string, Template[]> | undefined;
let indexedRoutes = 0;
const DIGITS = /^\d+$/;
/** Whether a path's shape decides its template: no static segment is empty or all digits (as a blanked id). */
let shapesDecide = true;

function indexTemplates(): Map<string, Template[]> {
  if (!templateIndex || indexedRoutes !== routes.length) {
    const byKey = new Map<string, Template[]>();
    shapesDecide = true;
    for (const r of routes) {
      const segments = ("/api" + r.path).split("/");
      const lowered = segments.map((t) => (t.startsWith(":") ? null : t.toLowerCase()));
      if (lowered.some((t, i) => i > 0 && t !== null && (t === "" || DIGITS.test(t)))) shapesDecide = false;
      const key = `${segments.length}/${lowered[2] ?? ":"}`;
      const list = byKey.get(key);
      if (list) list.push({ segments, lowered });
      else byKey.set(key, [{ segments, lowered }]);
    }
    // Each key's list holds the templates whose second segment is a parameter too, joined once here.
    templateIndex = new Map();
    bestByShape.clear();
    for (const [key, list] of byKey) {
      const length = key.slice(0, key.indexOf("/"));
      templateIndex.set(key, key.endsWith("/:") ? list : [...list, ...(byKey.get(`${length}/:`) ?? [])]);
    }
    indexedRoutes = routes.length;
  }
  return templateIndex;
}

function templatesFor(count: number, first: string): Template[] {
  const index = indexTemplates();
  return index.get(`${count}/${first}`) ?? index.get(`${count}/:`) ?? [];
}

/**
 * The best template of each path shape already met, forgotten when full or when routes change. A shape is the
 * path with its all-digit segments (ids) blanked (a NUL, which no path holds): while every template's static
 * segments are names (`shapesDecide`), which template fits does not depend on an id, and one shape serves
 * every id (a cache by whole path missed on every new id: each pick of another position rewrote its path
 * again). Were a static segment ever empty or all digits, the whole path is the key again.
 */
const bestByShape = new Map<string, Template | null>();
const SHAPES_MAX = 10_000;

/** Rewrites the static segments of an /api path to the case they were declared in. */
export function canonicalPath(path: string): string {
  if (path.length < 4 || path.slice(0, 4).toLowerCase() !== "/api") return path;
  // Indexed again (and the shapes forgotten) when routes were added.
  indexTemplates();
  const segments = path.split("/");
  let shape = path;
  if (shapesDecide) {
    shape = "";
    for (let i = 1; i < segments.length; i++) {
      shape += DIGITS.test(segments[i]) ? "/\u0000" : "/" + segments[i];
    }
  }
  let best = bestByShape.get(shape);
  if (best === undefined) {
    best = bestTemplate(segments);
    if (bestByShape.size >= SHAPES_MAX) bestByShape.clear();
    bestByShape.set(shape, best);
  }
  if (!best) return path;
  let out = best.segments[0];
  for (let i = 1; i < segments.length; i++) {
    out += "/" + (best.lowered[i] === null ? segments[i] : best.segments[i]);
  }
  return out;
}

/** The template with the most static segments matching the path's, whatever their case. */
function bestTemplate(segments: string[]): Template | null {
  const lowered = segments.map((s) => s.toLowerCase());
  let best: Template | null = null;
  let bestStatic = -1;
  // Only templates of the same length whose first segment matches can fit: a handful, not every route.
  for (const tpl of templatesFor(segments.length, lowered[2] ?? "")) {
    let statics = 0;
    let ok = true;
    for (let i = 0; i < tpl.segments.length; i++) {
      const want = tpl.lowered[i];
      if (want === null) continue;
      if (want !== lowered[i]) {
        ok = false;
        break;
      }
      statics++;
    }
    if (ok && statics > bestStatic) {
      bestStatic = statics;
      best = tpl;
    }
  }
  return best;
}

// --- OpenAPI document ----------------------------------------------------------------------------

function jsonSchema(schema: z.ZodType, io: "input" | "output"): unknown {
  // The document's dialect is already JSON Schema 2020-12 (OpenAPI 3.1): no `$schema` on each schema.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  });
  return rest;
}

export function openApiDocument(version: string): unknown {
  const { apiKeyMayCall, apiKeyRate } = httpParts();
  const paths: Record<string, Record<string, unknown>> = {};
  // OpenAPI treats /User/{id} and /User/{userId} as one path (two would make the document invalid):
  // routes of one shape share the parameter names of the first one declared.
  const names = new Map<string, string[]>();
  for (const r of routes) {
    const shape = r.path.replace(/:\w+/g, ":").toLowerCase();
    const own = [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const shared = names.get(shape) ?? own;
    names.set(shape, shared);
    let i = 0;
    const path = "/api" + r.path.replace(/:\w+/g, () => `{${shared[i++]}}`);
    const params = shared.map((name) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const querySchema = r.query
      ? jsonSchema(r.query, "input") as { properties?: Record<string, unknown>; required?: string[] }
      : {};
    const list = Object.entries(r.list ?? {});
    const sortable = list.filter(([, f]) => f.sortable).map(([name]) => name);
    const query = Object.entries(querySchema.properties ?? {}).map(([name, schema]) => ({
      name,
      in: "query",
      required: querySchema.required?.includes(name) ?? false,
      schema: name === "sortColumn" && r.list ? { ...schema as object, enum: sortable } : schema,
    }));
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: [r.tag],
      operationId: `${r.method}${
        r.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c) => (c ? c.toUpperCase() : ""))
      }`,
      parameters: [
        ...params,
        ...query,
        // A write of a signed-in caller may carry a key that makes its repeats harmless (idempotency.ts).
        ...(r.access !== "public" && !r.answersSecret && takesIdempotencyKey(r.method)
          ? [{
            name: "Idempotency-Key",
            in: "header",
            required: false,
            description:
              "Repeats with this key (7 days, per user) answer the first answer and change nothing; " +
              "the key with another request answers 422 request.idempotencyKeyReused.",
            schema: { type: "string", pattern: "^[\\x21-\\x7e]{1,255}$" },
          }]
          : []),
      ],
      responses: {
        [String(r.status ?? 200)]: {
          description: "Success",
          ...(r.response
            ? { content: { "application/json": { schema: jsonSchema(r.response, "output") } } }
            : {}),
        },
        default: {
          description: "Error",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    };
    if (r.access !== "public") {
      // An API key (a shared access of type api, decision 0010) reads the GET calls it may make, as its
      // contractor; either scheme will do.
      // Only the calls a contractor may make (`user`) are open to a key.
      op.security = r.access === "user" && apiKeyMayCall(r.method.toUpperCase(), r.path)
        ? [{ bearer: [] }, { apiKey: [] }]
        : [{ bearer: [] }];
    }
    // Who may call it (docs/api.md "Access by route"), and a list's fields: what BasicFiltersSerialized
    // may filter on, what the quick search ("*") reads, and their types.
    op["x-access"] = r.whole ? { callers: r.access, seesAll: r.whole } : { callers: r.access };
    if (r.list) {
      op["x-list-fields"] = Object.fromEntries(list.map(([name, f]) => [name, {
        type: f.type,
        sortable: f.sortable === true,
        filterable: f.filterable === true,
        searchable: f.searchable === true,
      }]));
    }
    if (r.body) {
      op.requestBody = {
        required: true,
        content: { "application/json": { schema: jsonSchema(r.body, "input") } },
      };
    }
    (paths[path] ??= {})[r.method] = op;
  }
  return {
    openapi: "3.1.0",
    info: { title: "WMS API", version },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "X-Api-Key",
          description: "The token of a shared access of type api: read-only GET calls of Product, " +
            "WmsInventory, WmsOrder, WmsDocument and contractororders/orders, limited to its contractor, " +
            `rate limited (${apiKeyRate.burst} at once, then ${apiKeyRate.perSecond} a second: 429 with Retry-After), ` +
            "each use logged; a withdrawn or expired key answers 410 sharedAccess.ended.",
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string" },
                message: { type: "string" },
                fields: {
                  type: "object",
                  additionalProperties: { type: "array", items: { type: "string" } },
                },
                issues: { type: "array", items: { type: "object" } },
                requestId: { type: "string" },
              },
            },
          },
        },
      },
    },
  };
}
