// The policies docs/security.md documents (ASVS 2.1.3, 6.1.1, 6.1.3, 13.1.1, 14.1.1, 14.1.2, 14.2.4,
// 15.1.2), held to the code: each figure of Limits is the server's setting or constant; every route that
// answers token data is an authentication pathway of the table; every outbound address a setting names is an
// outbound connection; every column that may hold a secret is classified, and the secret level's
// requirements hold on real data; and package-lock.json is an inventory from the npm registry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { call, createTenant, signIn, startServer, type TestServer, until } from "../fixtures/harness.ts";
import { intoStep, timeStep, totpAt } from "../fixtures/totp.ts";
import { loadConfig } from "../../server/config.ts";
import { routes, type RouteSpec } from "../../server/engine/http/openapi.ts";
import { TokenData } from "../../server/domain/access/auth/contract.ts";
import { adminOnlyFields, CURRENT_PASSWORD_TRIES } from "../../server/domain/access/users/service.ts";
import {
  REGISTRATIONS_PER_ADDRESS,
  RESET_CODE_TRIES,
  RESETS_PER_ADDRESS,
  RESETS_PER_EMAIL,
} from "../../server/domain/access/registration/service.ts";
import { MAX_PAGE_SIZE } from "../../server/kernel/list.ts";
import { JSON_BODY_LIMIT, JSON_MAX_DEPTH } from "../../server/engine/http/body.ts";
import { GENERATE_MAX } from "../../server/domain/storage/locations/contract.ts";
import { MAX_ROWS } from "../../server/domain/imports/read.ts";
import { PDF_MAX_ROWS } from "../../server/domain/exports/write.ts";
import { MAX_LABELS } from "../../server/domain/printing/service.ts";
import { MAX_RECIPIENTS } from "../../server/domain/messaging/send.ts";
import { SYSTEM_LOG_PER_MINUTE } from "../../server/domain/logs/system_log/service.ts";
import * as tenantSchema from "../../server/schema.ts";
import type { FieldDef } from "../../server/engine/declaration.ts";
import { domainModules } from "../fixtures/contract_snapshot.ts";
import * as controlSchema from "../../server/tenancy/schema.ts";

const doc = readFileSync("docs/security.md", "utf8");

/** A route as docs/security.md and docs/api.md write it: `POST /api/Auth/SecondFactor`. */
const routeKey = (r: RouteSpec) => `${r.method.toUpperCase()} /api${r.path.replace(/:(\w+)/g, "{$1}")}`;

/** The part of docs/security.md under `### title`, up to the next heading. */
function section(title: string): string {
  const start = doc.indexOf(`### ${title}\n`);
  expect(start, title).toBeGreaterThan(0);
  const rest = doc.slice(start + title.length + 5);
  return rest.slice(0, rest.search(/\n##+ /));
}

/** The text of every source file under `dir` (tests and catalogues left out). */
function sourcesOf(dir: string): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...sourcesOf(path));
    else if (
      /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !path.includes("/i18n/") &&
      !path.endsWith("errors.ts")
    ) {
      out.push(readFileSync(path, "utf8"));
    }
  }
  return out;
}

/** The rows of the tables of a section, as their cells. */
function rows(text: string): string[][] {
  return text.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| ---"))
    .map((l) => l.split("|").slice(1, -1).map((c) => c.trim()));
}

describe("Limits (2.1.3, 6.1.1)", () => {
  it("every figure is the server's own, and every limit of the server is there", () => {
    const c = loadConfig();
    const actual: Record<string, number[]> = {
      "`loginLimitWindowSeconds`": [c.loginLimitWindowSeconds],
      "`loginLimitPerUser`": [c.loginLimitPerUser],
      "`loginLimitPerIp`": [c.loginLimitPerIp],
      "`loginSlowDownAfter`": [c.loginSlowDownAfter],
      "`CURRENT_PASSWORD_TRIES`": [CURRENT_PASSWORD_TRIES],
      "`REGISTRATIONS_PER_ADDRESS`": [REGISTRATIONS_PER_ADDRESS],
      "`RESETS_PER_ADDRESS`": [RESETS_PER_ADDRESS],
      "`RESETS_PER_EMAIL`": [RESETS_PER_EMAIL],
      "`RESET_CODE_TRIES`": [RESET_CODE_TRIES],
      "`sessionsPerUser`": [c.sessionsPerUser],
      "`apiKeyBurst`, `apiKeyPerSecond`": [c.apiKeyBurst, c.apiKeyPerSecond],
      "`apiUserBurst`, `apiUserPerSecond`": [c.apiUserBurst, c.apiUserPerSecond],
      "`MAX_PAGE_SIZE`": [MAX_PAGE_SIZE],
      "`JSON_BODY_LIMIT`": [JSON_BODY_LIMIT],
      "`JSON_MAX_DEPTH`": [JSON_MAX_DEPTH],
      "`bodyTimeoutSeconds`": [c.bodyTimeoutSeconds],
      "`GENERATE_MAX`": [GENERATE_MAX],
      "`MAX_ROWS`": [MAX_ROWS],
      "`PDF_MAX_ROWS`": [PDF_MAX_ROWS],
      "`MAX_LABELS`": [MAX_LABELS],
      "`MAX_RECIPIENTS`": [MAX_RECIPIENTS],
      "`SYSTEM_LOG_PER_MINUTE`": [SYSTEM_LOG_PER_MINUTE],
    };
    const table = rows(section("Limits")).slice(1);
    const seen = new Set<string>();
    for (const [what, figure, , setting] of table) {
      const key = Object.keys(actual).find((k) => setting.startsWith(k));
      if (!key) continue;
      seen.add(key);
      const numbers = [...figure.matchAll(/\d+/g)].map((m) => Number(m[0]));
      expect(numbers, what).toEqual(actual[key]);
    }
    expect([...seen].sort()).toEqual(Object.keys(actual).sort());
    // The sign-in controls say how they avoid locking the real user out.
    expect(section("Limits")).toContain("avoid\nmalicious lockout");
  });
});

describe("Rules across fields (2.1.2)", () => {
  it("name every field code but those judged on one field alone, each used by the server", () => {
    const codes = [...readFileSync("server/kernel/errors.ts", "utf8").matchAll(/\| "(validation\.\w+)"/g)]
      .map((m) => m[1]).filter((c) => c !== "validation.failed");
    // Judged on the field's own value (its presence, form, length, size or characters).
    const alone = [
      "validation.required",
      "validation.invalidEmail",
      "validation.tooLong",
      "validation.tooShort",
      "validation.tooSmall",
      "validation.tooLarge",
      "validation.forbiddenCharacter",
      "validation.passwordTooCommon",
      "validation.passwordBreached",
      "validation.phoneCountryCode",
      "validation.mustAcceptTerms",
      "validation.unknownField",
    ];
    const documented = rows(section("Rules across fields")).slice(1)
      .flatMap(([code]) => [...code.matchAll(/`(validation\.\w+)`/g)].map((m) => m[1]));
    expect([...documented, ...alone].sort()).toEqual([...new Set(codes)].sort());
    const server = sourcesOf("server").join("\n");
    for (const code of documented) expect(server, code).toContain(`"${code}"`);
  });
});

describe("Authentication pathways (6.1.3)", () => {
  it("name every route that answers token data, and the other keys that read data", async () => {
    const s = await startServer();
    try {
      // Token data, or a choice of answers one of which is token data (a sign-in that may ask for a step).
      const answersTokens = (schema: unknown): boolean =>
        schema === TokenData || (schema instanceof z.ZodUnion && schema.options.some(answersTokens));
      const issuing = routes.filter((r) => answersTokens(r.response)).map(routeKey);
      expect(issuing.length).toBeGreaterThanOrEqual(4);
      const listed = section("Authentication pathways");
      for (const route of issuing) expect(listed, route).toContain(`\`${route}\``);
      for (
        const route of [
          "GET /api/shared/stock",
          "GET /api/Calendar/feed/{secret}",
          "GET /api/Register/activate/{code}",
        ]
      ) {
        expect(listed).toContain(`\`${route}\``);
      }
    } finally {
      await s.close();
    }
  });
});

describe("Field-level access (8.1.2)", () => {
  it("names every field whose declaration limits who reads or writes it, and no other", async () => {
    const declared: string[] = [];
    const seen = new Set<string>();
    for (const mod of await domainModules()) {
      for (const value of Object.values(mod)) {
        const def = (value as { def?: { resource?: unknown; fields?: Record<string, FieldDef> } })?.def;
        if (!def?.fields || typeof def.resource !== "string" || seen.has(def.resource)) continue;
        seen.add(def.resource);
        for (const [name, f] of Object.entries(def.fields)) {
          if (f.writeOnly) declared.push(`${def.resource} ${name} written, never answered`);
          else if (f.output === false && f.input !== false) {
            declared.push(`${def.resource} ${name} kept, never answered`);
          }
          if (f.adminOnly) declared.push(`${def.resource} ${name} set by administrators only`);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(20);
    const listed = rows(section("Field-level access")).slice(1)
      .map(([resource, field, rule]) =>
        `${resource.replaceAll("`", "")} ${field.replaceAll("`", "")} ${rule}`
      );
    expect(listed.sort()).toEqual(declared.sort());
    // The users' verbs ignore exactly the declared fields in a body that is not an administrator's.
    expect([...adminOnlyFields].sort()).toEqual(
      declared.filter((d) => d.startsWith("User ") && d.endsWith("administrators only")).map((d) =>
        d.split(" ")[1]
      )
        .sort(),
    );
  });
});

describe("Outbound connections (13.1.1)", () => {
  it("list every address a setting names and every record field an administrator points at a host", () => {
    const config = readFileSync("server/config.ts", "utf8");
    // Settings whose value is where the server connects (not where it is reached, or where browsers go).
    const inbound = new Set(["PUBLIC_URL", "OIDC_REDIRECT_URI"]);
    const outbound = [...config.matchAll(/env\("([A-Z_]+_URL)"\)/g)].map((m) => m[1])
      .filter((name) => !inbound.has(name)).concat("OIDC_ISSUER");
    expect(outbound.length).toBeGreaterThanOrEqual(6);
    const listed = section("Outbound connections");
    for (const name of new Set(outbound)) expect(listed, name).toContain(`\`${name}\``);
    for (
      const [file, field] of [
        ["server/domain/reference/email_accounts/entity.ts", "smtpServer"],
        ["server/domain/printing/entity.ts", "host"],
        ["server/domain/external/entity.ts", "baseUrl"],
      ]
    ) {
      expect(readFileSync(file, "utf8")).toContain(`${field}:`);
      expect(listed).toContain(field);
    }
  });
});

describe("Data classification (14.1.1, 14.1.2, 14.2.4)", () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer();
    await createTenant(s, "cls");
    admin = (await signIn(s, "cls-admin")).token;
  });
  afterAll(() => s.close());

  const classified = () =>
    new Map(
      rows(section("Data classification")).filter((r) => r[0].startsWith("`")).map((
        r,
      ) => [r[0].replaceAll("`", ""), r[1]]),
    );

  it("classifies every column whose name says it may hold a secret", () => {
    const looksSecret = /password|secret|token|hash|descriptor|(^|_)key$|jwk/;
    const columns: string[] = [];
    for (const mod of [tenantSchema, controlSchema]) {
      for (const t of Object.values(mod)) {
        if (!(t instanceof SQLiteTable)) continue;
        const config = getTableConfig(t);
        for (const c of config.columns) {
          if (looksSecret.test(c.name)) columns.push(`${config.name}.${c.name}`);
        }
      }
    }
    const map = classified();
    expect(columns.filter((c) => !map.has(c)), "classify these in docs/security.md").toEqual([]);
    expect([...map.keys()].filter((c) => !columns.includes(c)), "classified, but no such column").toEqual([]);
    for (const level of map.values()) expect(["secret", "personal", "business", "public"]).toContain(level);
    for (const level of ["secret", "personal", "business", "public"]) {
      expect(section("Data classification")).toMatch(
        new RegExp(`^\\| ${level} \\| [^|]+ \\| [^|]+ \\|$`, "m"),
      );
    }
  });

  it("keeps the secret level's requirements on real data: hashed or sealed at rest, out of answers and the change log", async () => {
    // One of each secret, made through the API as people make them.
    const user = await call(s, "POST", "/api/User", {
      token: admin,
      body: {
        username: "cls-clerk",
        email: "clerk@cls.example",
        password: "violet tram orbit",
        repeatPassword: "violet tram orbit",
      },
    });
    expect(user.status).toBe(201);
    const clerk = await signIn(s, "cls-clerk", "violet tram orbit");
    const account = await call(s, "POST", "/api/EmailAccount", {
      token: admin,
      body: {
        address: "box@cls.example",
        smtpServer: "smtp.cls.example",
        smtpPort: 587,
        password: "smtp-secret-9",
      },
    });
    expect(account.status).toBe(201);
    const company = await call(s, "POST", "/api/Company", {
      token: admin,
      body: { shortName: "CLS FOODS", keyRole: "contractor" },
    });
    const shared = await call(s, "POST", "/api/SharedAccess", {
      token: admin,
      body: { contentType: "wmsstock", contractorId: company.body.id },
    });
    const feed = await call(s, "POST", "/api/Calendar/feed", { token: clerk.token });
    const site = await call(s, "POST", "/api/PrintSite", { token: admin, body: { name: "CLS hall" } });
    const agentKey = await call(s, "POST", `/api/PrintSite/${site.body.id}/agentKey`, { token: admin });
    expect(agentKey.status, JSON.stringify(agentKey.body)).toBe(200);
    // The clerk's authenticator app (its secret and recovery codes), then a sign-in's step that waits for it.
    const app = await call(s, "POST", "/api/Auth/SecondFactor/totp", {
      token: clerk.token,
      body: { currentPassword: "violet tram orbit" },
    });
    await until(() => Promise.resolve(intoStep() < 22_000), 35_000, 100);
    const confirmed = await call(s, "POST", "/api/Auth/SecondFactor/totp/confirm", {
      token: clerk.token,
      body: { code: totpAt(app.body.secret, timeStep(Date.now())) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const step = await call(s, "POST", "/api/Auth", {
      body: { username: "cls-clerk", password: "violet tram orbit" },
    });
    expect(step.body.secondFactor?.ticket).toBeDefined();
    const secrets = [
      "violet tram orbit",
      "smtp-secret-9",
      clerk.refreshToken,
      shared.body.token,
      shared.body.shortUrlKey,
      new URL(feed.body.url).pathname.split("/").pop()!.replace(/\.ics$/, ""),
      agentKey.body.key,
      app.body.secret,
      ...(confirmed.body.recoveryCodes as string[]).flatMap((code) => [code, code.replace("-", "")]),
      step.body.secondFactor.ticket,
    ];
    expect(secrets.every((secret) => typeof secret === "string" && secret.length >= 10)).toBe(true);
    // At rest: no secret in any column of the tenant's or the control database.
    const tenant = (await s.platform.registry.bySlug("cls"))!;
    const dump = async (conn: { query(sql: string): Promise<Record<string, unknown>[]> }) => {
      const tables = await conn.query("SELECT name FROM sqlite_master WHERE type = 'table'");
      let all = "";
      for (const { name } of tables) all += JSON.stringify(await conn.query(`SELECT * FROM "${name}"`));
      return all;
    };
    const stored = (await s.platform.pool.use(tenant.dbUrl, (conn) => dump(conn))) +
      (await dump(s.platform.control));
    for (const secret of secrets) expect(stored, "a secret stored in clear").not.toContain(secret);
    const [row] = await s.platform.pool.use(
      tenant.dbUrl,
      (conn) =>
        conn.query(
          "SELECT u.password_hash, e.password FROM users u, email_accounts e WHERE u.username = 'cls-clerk'",
        ),
    );
    expect(String(row.password_hash)).toMatch(/^scrypt\$/);
    expect(String(row.password)).toMatch(/^v2\./);
    // In answers: no schema of any answer names a secret field, but flags that say one is set and the ones
    // shown once at their making (a route that declares `answersSecret`: an authenticator app's secret).
    const openapi = (await call(s, "GET", "/api/openapi.json")).body;
    const names = new Map<string, Set<string>>();
    const walk = (node: unknown, route: string) => {
      if (!node || typeof node !== "object") return;
      const props = (node as { properties?: Record<string, unknown> }).properties;
      if (props) {
        for (const k of Object.keys(props)) names.set(k, (names.get(k) ?? new Set()).add(route));
      }
      for (const v of Object.values(node)) walk(v, route);
    };
    for (
      const [path, ops] of Object.entries(
        openapi.paths as Record<string, Record<string, { responses?: unknown }>>,
      )
    ) {
      for (const [method, op] of Object.entries(ops)) walk(op.responses, `${method.toUpperCase()} ${path}`);
    }
    const secretNames = [...names.keys()].filter((n) => /password|secret|hash|descriptor/i.test(n));
    expect(secretNames.sort()).toEqual(["hasPassword", "hasSecret", "secret"]);
    expect([...names.get("secret")!]).toEqual(["POST /api/Auth/SecondFactor/totp"]);
    expect(routes.filter((r) => r.answersSecret).map(routeKey)).toContain("POST /api/Auth/SecondFactor/totp");
    // In the change log: none of them.
    const log = await s.platform.pool.use(tenant.dbUrl, (conn) => conn.query("SELECT * FROM record_log"));
    const logged = JSON.stringify(log);
    expect(log.length).toBeGreaterThan(3);
    for (const secret of secrets) expect(logged).not.toContain(secret);
    expect(logged).not.toContain("scrypt$");
    expect(logged).not.toContain('"v2.');
  });
});

describe("Third-party components (15.1.2)", () => {
  it("package-lock.json lists every dependency, each from the npm registry with a SHA-512 integrity hash", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8"));
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
    const packages = Object.entries(lock.packages as Record<string, Record<string, unknown>>).filter(([k]) =>
      k !== ""
    );
    expect(packages.length).toBeGreaterThan(100);
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
    }
    // Entries leave the registry out (npm's omit-lockfile-registry-resolved): they come from the one the
    // project configures, which is npm's; an entry naming anything else (a URL, git, a file) is refused.
    const untrusted = packages.filter(([, p]) =>
      !p.link && !(
        typeof p.version === "string" && /^\d+\.\d+\.\d+/.test(p.version) &&
        typeof p.integrity === "string" && p.integrity.startsWith("sha512-") &&
        (p.resolved === undefined || String(p.resolved).startsWith("https://registry.npmjs.org/"))
      )
    ).map(([k]) => k);
    for (const rc of [".npmrc"]) {
      if (existsSync(rc)) {
        const registry = /^registry\s*=\s*(\S+)/m.exec(readFileSync(rc, "utf8"))?.[1];
        expect(registry === undefined || registry.startsWith("https://registry.npmjs.org"), rc).toBe(true);
      }
    }
    expect(untrusted).toEqual([]);
  });
});
