// What an attacker tried and what must hold (the hardening issue): inputs with control characters, ids
// written in other forms than plain digits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { controlCharacterFields } from "../../server/kernel/validation.ts";

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "hard");
  admin = (await signIn(s, "hard-admin")).token;
});
afterAll(() => s.close());

const post = (path: string, body: unknown) => call(s, "POST", `/api/${path}`, { token: admin, body });

describe("control characters", () => {
  it("are found in any text of an input, by the field's path; a scan's group separator is a scan's", () => {
    expect(controlCharacterFields({ name: "a\u0000b", ok: "fine\n", n: 1, list: [{ code: "x\u007f" }] }))
      .toEqual(["name", "list.0.code"]);
    expect(controlCharacterFields({ note: "tab\tline\r\nbreak", c1: "\u0085" })).toEqual(["c1"]);
    expect(controlCharacterFields({ productCode: "]C10105901234123457\u001d10LOT" })).toEqual([]);
    expect(controlCharacterFields({ productCode: "590\u0000" })).toEqual(["productCode"]);
  });

  it("a NUL in an index is refused, so two products cannot show the same 'unique' index", async () => {
    const first = await post("Product", { index: "NUL-1", name: "First" });
    expect(first.status).toBe(201);
    const r = await post("Product", { index: "NUL-1\u0000X", name: "Second" });
    expect([r.status, r.body.error.code, r.body.error.fields]).toEqual([
      400,
      "validation.failed",
      { index: ["validation.forbiddenCharacter"] },
    ]);
  });

  it("single-line fields refuse line breaks and tabs; multi-line ones keep them, but not other controls", async () => {
    const name = await post("ProductGroup", { name: "Two\nlines" });
    expect([name.status, name.body.error?.fields]).toEqual([400, {
      name: ["validation.forbiddenCharacter"],
    }]);
    const tabbed = await post("Tags", { name: "A\tB" });
    expect([tabbed.status, tabbed.body.error?.fields]).toEqual([400, {
      name: ["validation.forbiddenCharacter"],
    }]);
    const ok = await post("Tags", { name: "NOTE", description: "line one\nline two\ttabbed" });
    expect([ok.status, ok.body.description]).toEqual([201, "line one\nline two\ttabbed"]);
    const bell = await post("Tags", { name: "BELL", description: "ring\u0007" });
    expect([bell.status, bell.body.error?.fields]).toEqual([
      400,
      { description: ["validation.forbiddenCharacter"] },
    ]);
  });

  it("the message names the rule in the caller's language, field by field", async () => {
    const r = await call(s, "POST", "/api/Company", {
      token: admin,
      headers: { "accept-language": "de-DE" },
      body: { shortName: "ACME\u0000", keyRole: "other", description: "ok" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ shortName: ["validation.forbiddenCharacter"] });
  });
});

describe("ids in the path", () => {
  it("are plain digits: 1e3, 0x10, a leading space or zero, a sign or a fraction name no record", async () => {
    const p = await post("Product", { index: "ID-FORMS", name: "Forms" });
    expect(p.status).toBe(201);
    const id = p.body.id as number;
    expect((await call(s, "GET", `/api/Product/${id}`, { token: admin })).status).toBe(200);
    const forms = [
      `0${id}`,
      `%20${id}`,
      `${id}%20`,
      `+${id}`,
      `${id}.0`,
      "0x" + id.toString(16),
      `${id / 1000}e3`,
      "1e0",
      "-1",
      "0",
      "99999999999999999999",
    ];
    for (const form of forms) {
      const r = await call(s, "GET", `/api/Product/${form}`, { token: admin });
      expect([form, r.status, r.body.error?.code]).toEqual([form, 404, "record.notFoundOrNoPermission"]);
    }
    const del = await call(s, "DELETE", `/api/Product/0${id}`, { token: admin });
    expect(del.status).toBe(404);
    expect((await call(s, "GET", `/api/Product/${id}`, { token: admin })).status).toBe(200);
  });
});
