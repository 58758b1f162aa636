// /api/openapi.json is generated from the same route declarations and zod schemas that validate requests;
// outside API clients generate their code from it, so it must be complete and valid OpenAPI 3.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startServer, type TestServer } from "../../../tests/fixtures/harness.ts";
import { canonicalPath, routes } from "./openapi.ts";

// deno-lint-ignore no-explicit-any
type Doc = any;

let s: TestServer;
let doc: Doc;

beforeAll(async () => {
  s = await startServer();
  const r = await call(s, "GET", "/api/openapi.json");
  expect(r.status).toBe(200);
  doc = r.body;
});
afterAll(() => s.close());

function requestSchema(path: string, method: string) {
  return doc.paths[path]?.[method]?.requestBody?.content?.["application/json"]?.schema;
}

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document with bearer security and the error envelope", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: "0.1.0" });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Error.properties.error.required).toEqual(["code", "message"]);
  });

  it("has the contract's paths", () => {
    for (const path of ["/api/Auth", "/api/User", "/api/User/{id}", "/api/Register"]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(Object.keys(doc.paths["/api/Auth"]).sort()).toEqual(["delete", "get", "post"]);
    expect(doc.paths["/api/config/getuserstartupconfig"].get).toBeDefined();
    expect(doc.paths["/api/config/changeuserconfig"].patch).toBeDefined();
    expect(doc.paths["/api/health"].get.security).toBeUndefined();
    expect(doc.paths["/api/User"].get.security).toEqual([{ bearer: [] }]);
  });

  it("lists every route the server serves, once, with a unique operationId", () => {
    const ids = new Set<string>();
    let operations = 0;
    for (const [path, methods] of Object.entries<Record<string, Doc>>(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations++;
        expect(ids.has(op.operationId), `${method} ${path}`).toBe(false);
        ids.add(op.operationId);
        expect(op.responses.default.content["application/json"].schema.$ref).toBe(
          "#/components/schemas/Error",
        );
      }
    }
    expect(operations).toBe(routes.length);
  });

  it("declares each path parameter, and no two paths differ only in parameter names", () => {
    const shapes = new Set<string>();
    for (const [path, methods] of Object.entries<Record<string, Doc>>(doc.paths)) {
      const shape = path.replace(/\{[^}]+\}/g, "{}");
      expect(shapes.has(shape), path).toBe(false);
      shapes.add(shape);
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(methods)) {
        const declared = op.parameters.filter((p: Doc) => p.in === "path").map((p: Doc) => p.name);
        expect(declared, path).toEqual(names);
      }
    }
    expect(Object.keys(doc.paths["/api/User/{id}"]).sort()).toEqual(["delete", "get", "put"]);
  });

  it("has request bodies generated from the zod schemas", () => {
    const user = requestSchema("/api/User", "post");
    expect(user.type).toBe("object");
    expect(user.required).toEqual(expect.arrayContaining(["username", "email", "password"]));
    // Fields with a default are not required of the caller.
    expect(user.required).not.toContain("blocked");
    expect(user.properties.username).toMatchObject({ type: "string", minLength: 3, maxLength: 64 });
    expect(user.properties.defaultLanguage.anyOf[0].enum).toContain("pl-pl");
    expect(user.$schema).toBeUndefined();

    const auth = requestSchema("/api/Auth", "post");
    expect(auth.required).toEqual(expect.arrayContaining(["username", "password"]));

    const register = requestSchema("/api/Register", "post");
    expect(Object.keys(register.properties)).toEqual(
      expect.arrayContaining(["companyName", "username", "email", "password", "repeatPassword"]),
    );

    const change = requestSchema("/api/config/changeuserconfig", "patch");
    expect(JSON.stringify(change)).toContain("defaultLanguage");
    expect(JSON.stringify(change)).toContain("nightMode");
  });

  it("describes list query parameters with their limits", () => {
    const params = doc.paths["/api/User"].get.parameters;
    const pageSize = params.find((p: Doc) => p.name === "PageSize");
    expect(pageSize).toMatchObject({ in: "query", required: false });
    expect(pageSize.schema.maximum).toBe(1000);
    expect(params.map((p: Doc) => p.name)).toEqual(
      expect.arrayContaining(["PageNumber", "sortColumn", "sortDescending", "BasicFiltersSerialized"]),
    );
  });

  it("describes response bodies", () => {
    const health = doc.paths["/api/health"].get.responses["200"].content["application/json"].schema;
    expect(health.required).toEqual(expect.arrayContaining(["status", "version", "sqliteVersion"]));
    expect(doc.paths["/api/User"].post.responses["201"]).toBeDefined();
  });
});

describe("case-insensitive paths", () => {
  it("rewrites static segments to their declared case and keeps parameters as sent", () => {
    expect(canonicalPath("/api/clientaccount")).toBe("/api/ClientAccount");
    expect(canonicalPath("/API/user/AbC")).toBe("/api/User/AbC");
    expect(canonicalPath("/api/CONFIG/GETUSERSTARTUPCONFIG")).toBe("/api/config/getuserstartupconfig");
    expect(canonicalPath("/api/unknown/thing")).toBe("/api/unknown/thing");
    expect(canonicalPath("/elsewhere/User")).toBe("/elsewhere/User");
  });

  it("keeps each id as sent while one path shape serves them all", () => {
    // The template is remembered per shape (ids blanked): sound while no static segment is empty or all digits.
    // (Were one empty or all digits, the whole path would be the key again: slower, never wrong.)
    const oddStatics = routes.flatMap((r) =>
      ("/api" + r.path).split("/").slice(1).filter((t) => t === "" || /^\d+$/.test(t))
    );
    expect(routes.length).toBeGreaterThan(100);
    expect(oddStatics).toEqual([]);
    // An empty segment is not an id: each keeps its own shape.
    expect(canonicalPath("/api/USER/")).toBe("/api/User/");
    expect(canonicalPath("/api/user/7")).toBe("/api/User/7");
    expect(canonicalPath("/api/user/")).toBe("/api/User/");
    expect(canonicalPath("/api/wmsdocumentposition/17/PICK")).toBe("/api/WmsDocumentPosition/17/Pick");
    expect(canonicalPath("/api/WMSDOCUMENTPOSITION/0018/pick")).toBe("/api/WmsDocumentPosition/0018/Pick");
    expect(canonicalPath("/api/user/42")).toBe("/api/User/42");
    expect(canonicalPath("/api/user/x42")).toBe("/api/User/x42");
  });

  it("serves a route whatever the case of its path", async () => {
    for (const path of ["/api/health", "/api/HEALTH", "/API/Health"]) {
      const r = await call(s, "GET", path);
      expect(r.status, path).toBe(200);
      expect(r.body.status).toBe("ok");
    }
    expect((await call(s, "GET", "/api/OpenAPI.JSON")).status).toBe(200);
  });
});
