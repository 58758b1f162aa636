// The generic paged list of the API contract, through GET /api/User: every filter operator checked against
// the same predicate computed here over all rows, quick search, case-insensitive and literal matching,
// refusals, stable paging with ties, and counts under filters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";

interface Row {
  id: number;
  username: string;
  visibleName: string | null;
  email: string;
  phoneNumber: string | null;
  terminalEnabled: boolean;
  blocked: boolean;
  createdAt: string;
}

let s: TestServer;
let token: string;
let all: Row[];

const NAMES = ["Alpha", "Beta", "Gamma", null, "Beta"];

beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "lists");
  token = (await signIn(s, "lists-admin")).token;
  const special = [
    { username: "pct-percy", visibleName: "100% Cotton" },
    { username: "pct-plain", visibleName: "1000 Cotton" },
    { username: "snake-sid", visibleName: "Snake_case" },
    { username: "snake-sly", visibleName: "Snakeycase" },
    { username: "zuz-lis", visibleName: "ZUZANNA Lis", email: "Zuzanna.Lis@Example.com" },
    { username: "phone-paula", visibleName: "Paula", phoneNumber: "+48 600 700 800" },
    { username: "phone-pedro", visibleName: "Pedro", phoneNumber: "+34 612 345 678" },
    { username: "lodz-north", visibleName: "Łódź Północ" },
    { username: "ivanov-petr", visibleName: "Иванов Пётр", email: "ivanov@example.ru" },
    { username: "glob-gus", visibleName: "Box [A]*?" },
    { username: "glob-gil", visibleName: "Box A" },
  ];
  for (const u of special) await addUser(s, token, u);
  for (let i = 0; i < 30; i++) {
    await addUser(s, token, {
      username: `filler-${String(i).padStart(2, "0")}`,
      visibleName: NAMES[i % NAMES.length],
      terminalEnabled: i % 3 === 0,
      blocked: i % 7 === 0,
    });
  }
  const r = await list({ PageSize: "1000" });
  expect(r.status).toBe(200);
  all = r.body.results;
  expect(all.length).toBe(42);
});
afterAll(() => s.close());

function list(params: Record<string, string>, filters?: unknown) {
  const q = new URLSearchParams(params);
  if (filters !== undefined) {
    q.set("BasicFiltersSerialized", typeof filters === "string" ? filters : JSON.stringify(filters));
  }
  return call(s, "GET", `/api/User?${q}`, { token });
}

async function filtered(filters: unknown): Promise<string[]> {
  const r = await list({ PageSize: "1000" }, filters);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.allFilteredRowCount).toBe(r.body.results.length);
  return r.body.results.map((u: Row) => u.username).sort();
}

function expected(pred: (u: Row) => boolean): string[] {
  return all.filter(pred).map((u) => u.username).sort();
}

describe("filter operators", () => {
  const mid = () => [...all].sort((a, b) => a.id - b.id)[19];

  const cases: [string, () => unknown, () => (u: Row) => boolean][] = [
    [
      "eq text",
      () => [{ field: "visibleName", operator: "eq", value: "Beta" }],
      () => (u) => u.visibleName === "Beta",
    ],
    [
      "eq boolean",
      () => [{ field: "terminalEnabled", operator: "eq", value: true }],
      () => (u) => u.terminalEnabled,
    ],
    ["eq boolean false", () => [{ field: "blocked", operator: "eq", value: false }], () => (u) => !u.blocked],
    ["eq number", () => [{ field: "id", operator: "eq", value: mid().id }], () => (u) => u.id === mid().id],
    [
      "neq text (rows without a value are not equal either)",
      () => [{ field: "visibleName", operator: "neq", value: "Beta" }],
      () => (u) => u.visibleName !== "Beta",
    ],
    [
      "neq boolean",
      () => [{ field: "terminalEnabled", operator: "neq", value: true }],
      () => (u) => !u.terminalEnabled,
    ],
    ["gt number", () => [{ field: "id", operator: "gt", value: mid().id }], () => (u) => u.id > mid().id],
    ["gte number", () => [{ field: "id", operator: "gte", value: mid().id }], () => (u) => u.id >= mid().id],
    ["lt number", () => [{ field: "id", operator: "lt", value: mid().id }], () => (u) => u.id < mid().id],
    [
      "lte number as text",
      () => [{ field: "id", operator: "lte", value: String(mid().id) }],
      () => (u) => u.id <= mid().id,
    ],
    [
      "gt text",
      () => [{ field: "visibleName", operator: "gt", value: "Beta" }],
      () => (u) => u.visibleName !== null && u.visibleName > "Beta",
    ],
    [
      "gte date",
      () => [{ field: "createdAt", operator: "gte", value: mid().createdAt }],
      () => (u) => u.createdAt >= mid().createdAt,
    ],
    [
      "lt date",
      () => [{ field: "createdAt", operator: "lt", value: mid().createdAt }],
      () => (u) => u.createdAt < mid().createdAt,
    ],
    [
      "in numbers",
      () => [{ field: "id", operator: "in", value: [all[0].id, all[5].id, 999999] }],
      () => (u) => u.id === all[0].id || u.id === all[5].id,
    ],
    [
      "in text",
      () => [{ field: "visibleName", operator: "in", value: ["Alpha", "Gamma"] }],
      () => (u) => u.visibleName === "Alpha" || u.visibleName === "Gamma",
    ],
    [
      "between numbers (inclusive)",
      () => [{ field: "id", operator: "between", value: [all[3].id, all[9].id].sort((a, b) => a - b) }],
      () => (u) => {
        const [lo, hi] = [all[3].id, all[9].id].sort((a, b) => a - b);
        return u.id >= lo && u.id <= hi;
      },
    ],
    [
      "between dates",
      () => [{ field: "createdAt", operator: "between", value: ["2000-01-01", mid().createdAt] }],
      () => (u) => u.createdAt <= mid().createdAt,
    ],
    ["isNull", () => [{ field: "visibleName", operator: "isNull" }], () => (u) => u.visibleName === null],
    [
      "isNotNull",
      () => [{ field: "phoneNumber", operator: "isNotNull" }],
      () => (u) => u.phoneNumber !== null,
    ],
    [
      "contains",
      () => [{ field: "username", operator: "contains", value: "iller-1" }],
      () => (u) => u.username.includes("iller-1"),
    ],
    [
      "startsWith",
      () => [{ field: "username", operator: "startsWith", value: "pct" }],
      () => (u) => u.username.startsWith("pct"),
    ],
    [
      "several filters are AND-ed",
      () => [
        { field: "visibleName", operator: "eq", value: "Alpha" },
        { field: "terminalEnabled", operator: "eq", value: true },
      ],
      () => (u) => u.visibleName === "Alpha" && u.terminalEnabled,
    ],
  ];

  it.each(cases)("%s", async (_name, filters, pred) => {
    const want = expected(pred());
    // The case must tell rows apart, or it proves nothing.
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(all.length);
    expect(await filtered(filters())).toEqual(want);
  });
});

describe("text matching", () => {
  it("contains and startsWith ignore case", async () => {
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "zuzanna" }])).toEqual([
      "zuz-lis",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "A lIS" }])).toEqual([
      "zuz-lis",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "startsWith", value: "zUz" }])).toEqual([
      "zuz-lis",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "startsWith", value: "anna" }])).toEqual([]);
    expect(await filtered([{ field: "username", operator: "startsWith", value: "PCT-" }])).toEqual([
      "pct-percy",
      "pct-plain",
    ]);
  });

  it("ignores case beyond ASCII", async () => {
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "ŁÓDŹ" }])).toEqual([
      "lodz-north",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "startsWith", value: "łódź p" }])).toEqual([
      "lodz-north",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "PÓŁNOC" }])).toEqual([
      "lodz-north",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "startsWith", value: "иванов" }])).toEqual([
      "ivanov-petr",
    ]);
    expect(await filtered([{ field: "*", operator: "contains", value: "ПЁТР" }])).toEqual(["ivanov-petr"]);
    // Accents are not case: "lodz" is another word.
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "lodz" }])).toEqual([]);
  });

  it("treats the wildcard characters of SQL and of GLOB as plain characters", async () => {
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "[a]" }])).toEqual([
      "glob-gus",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "*" }])).toEqual([
      "glob-gus",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "?" }])).toEqual([
      "glob-gus",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "startsWith", value: "box [" }])).toEqual([
      "glob-gus",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "]" }])).toEqual([
      "glob-gus",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "x a" }])).toEqual([
      "glob-gil",
    ]);
  });

  it("treats % and _ as plain characters", async () => {
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "0%" }])).toEqual([
      "pct-percy",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "%" }])).toEqual([
      "pct-percy",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "startsWith", value: "100%" }])).toEqual([
      "pct-percy",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "e_c" }])).toEqual([
      "snake-sid",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "startsWith", value: "Snake_" }])).toEqual([
      "snake-sid",
    ]);
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "_" }])).toEqual([
      "snake-sid",
    ]);
    // A backslash is a character too, not an escape.
    expect(await filtered([{ field: "visibleName", operator: "contains", value: "\\%" }])).toEqual([]);
  });

  it("quick search (*) looks through username, visible name, e-mail and phone number, ignoring case", async () => {
    expect(await filtered([{ field: "*", operator: "contains", value: "ZUZANNA.LIS@" }])).toEqual([
      "zuz-lis",
    ]);
    expect(await filtered([{ field: "*", operator: "contains", value: "48600" }])).toEqual(["phone-paula"]);
    expect(await filtered([{ field: "*", operator: "contains", value: "pedro" }])).toEqual(["phone-pedro"]);
    expect(await filtered([{ field: "*", operator: "contains", value: "cotton" }])).toEqual([
      "pct-percy",
      "pct-plain",
    ]);
    expect(await filtered([{ field: "*", operator: "contains", value: "_case" }])).toEqual(["snake-sid"]);
    expect(
      await filtered([
        { field: "*", operator: "contains", value: "filler" },
        { field: "visibleName", operator: "eq", value: "Gamma" },
      ]),
    ).toEqual(expected((u) => u.username.startsWith("filler") && u.visibleName === "Gamma"));
  });
});

describe("refusals", () => {
  async function refused(params: Record<string, string>, filters?: unknown) {
    const r = await list(params, filters);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    return r.body.error;
  }

  it("PageSize is at most 1000, PageNumber and PageSize at least 1", async () => {
    expect((await list({ PageSize: "1000" })).status).toBe(200);
    const tooBig = await refused({ PageSize: "1001" });
    expect(tooBig.code).toBe("validation.failed");
    expect(tooBig.fields).toEqual({ PageSize: ["validation.tooLarge"] });
    await refused({ PageSize: "0" });
    await refused({ PageSize: "ten" });
    await refused({ PageNumber: "0" });
    await refused({ PageNumber: "1.5" });
  });

  it("sortColumn must be a sortable field", async () => {
    for (const sortColumn of ["nope", "passwordHash", "password_hash", "phoneNumber", "settings"]) {
      const error = await refused({ sortColumn });
      expect([sortColumn, error.code]).toEqual([sortColumn, "request.badQuery"]);
    }
  });

  it("refuses a field that is not filterable, an unknown operator and malformed JSON", async () => {
    const bad: unknown[] = [
      [{ field: "passwordHash", operator: "startsWith", value: "scrypt" }],
      [{ field: "password_hash", operator: "isNotNull" }],
      [{ field: "settings", operator: "contains", value: "{" }],
      [{ field: "nope", operator: "eq", value: 1 }],
      [{ field: "username", operator: "like", value: "a%" }],
      [{ field: "username", operator: "EQ", value: "a" }],
      [{ field: "username" }],
      [{ operator: "eq", value: "a" }],
      '[{"field":"username",',
      "not json",
      JSON.stringify({ field: "username", operator: "eq", value: "a" }),
      [{ field: "id", operator: "eq", value: "abc" }],
      [{ field: "id", operator: "in", value: 5 }],
      [{ field: "id", operator: "in", value: [] }],
      [{ field: "id", operator: "between", value: [1] }],
      [{ field: "id", operator: "between", value: [1, 2, 3] }],
      [{ field: "terminalEnabled", operator: "eq", value: "maybe" }],
      [{ field: "username", operator: "eq", value: null }],
      [{ field: "username", operator: "contains", value: 5 }],
      [{ field: "*", operator: "eq", value: "a" }],
    ];
    for (const filters of bad) {
      const error = await refused({}, filters);
      expect([filters, error.code]).toEqual([filters, "request.badQuery"]);
    }
  });
});

describe("paging", () => {
  async function pageThrough(sortColumn: string, sortDescending: boolean, pageSize: number): Promise<Row[]> {
    const seen: Row[] = [];
    for (let page = 1; page <= 20; page++) {
      const r = await list({
        PageNumber: String(page),
        PageSize: String(pageSize),
        sortColumn,
        sortDescending: String(sortDescending),
      });
      expect(r.status).toBe(200);
      expect(r.body.allFilteredRowCount).toBe(all.length);
      expect(r.body.results.length).toBeLessThanOrEqual(pageSize);
      if (r.body.results.length === 0) break;
      seen.push(...r.body.results);
    }
    return seen;
  }

  function compare(a: string | null, b: string | null): number {
    if (a === b) return 0;
    if (a === null) return -1; // SQLite puts NULL first in ascending order
    if (b === null) return 1;
    return a < b ? -1 : 1;
  }

  it.each(
    [
      ["visibleName", false],
      ["visibleName", true],
      ["createdAt", false],
      ["username", true],
    ] as const,
  )(
    "sorted by %s (descending: %s) every row appears exactly once, in order, ties by id",
    async (col, desc) => {
      const seen = await pageThrough(col, desc, 7);
      const ids = seen.map((u) => u.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(all.map((u) => u.id).sort((a, b) => a - b));
      const sign = desc ? -1 : 1;
      const want = [...all].sort((a, b) => sign * (compare(a[col], b[col]) || a.id - b.id)).map((u) => u.id);
      expect(ids).toEqual(want);
    },
  );

  it("pages past the middle (read from the other end) and a partial last page keep the order", async () => {
    expect(all.length % 5).not.toBe(0);
    for (const desc of [false, true]) {
      const ids = (await pageThrough("visibleName", desc, 5)).map((u) => u.id);
      const sign = desc ? -1 : 1;
      const want = [...all].sort((a, b) => sign * (compare(a.visibleName, b.visibleName) || a.id - b.id))
        .map((u) => u.id);
      expect(ids).toEqual(want);
    }
  });

  it("the sort column has ties, so the test above is about tie-breaking", () => {
    const names = all.map((u) => u.visibleName);
    expect(new Set(names).size).toBeLessThan(names.length - 10);
  });

  it("sorts by username by default", async () => {
    const r = await list({ PageSize: "1000" });
    const names = r.body.results.map((u: Row) => u.username);
    expect(names).toEqual([...names].sort());
  });

  it("counts all filtered rows, not the page", async () => {
    const want = expected((u) => u.terminalEnabled);
    expect(want.length).toBeGreaterThan(3);
    const first = await list({ PageSize: "2", sortColumn: "id" }, [
      { field: "terminalEnabled", operator: "eq", value: true },
    ]);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.allFilteredRowCount).toBe(want.length);
    const beyond = await list({ PageSize: "2", PageNumber: "100" }, [
      { field: "terminalEnabled", operator: "eq", value: true },
    ]);
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ results: [], allFilteredRowCount: want.length });
    const none = await list({}, [{ field: "username", operator: "eq", value: "nobody" }]);
    expect(none.body).toEqual({ results: [], allFilteredRowCount: 0 });
  });

  it("defaults to page 1 of 50", async () => {
    const r = await list({ sortColumn: "id" });
    expect(r.body.results).toHaveLength(all.length < 50 ? all.length : 50);
    const small = await list({ sortColumn: "id", PageSize: "5", PageNumber: "2" });
    expect(small.body.results.map((u: Row) => u.id)).toEqual(
      all.map((u) => u.id).sort((a, b) => a - b).slice(5, 10),
    );
  });
});
