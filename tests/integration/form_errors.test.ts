// Refusals that say what is wrong where the clerk looks: a rule between two fields is named on both fields
// (not "too large" on one), a taken barcode names itself and the product that has it, and an empty field is
// only "required" (not also "forbidden character").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "forms");
  admin = (await signIn(s, "forms-admin")).token;
});
afterAll(() => s?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(s, "POST", `/api${path}`, { token: admin, body, headers });

describe("form errors", () => {
  it("names a rule between two fields on both of them", async () => {
    const r = await post("/Product", {
      index: "RULES",
      name: "Rules",
      warningStock: 5,
      criticalStock: 10,
      minTemperature: 8,
      maxTemperature: 2,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({
      warningStock: ["validation.criticalAboveWarning"],
      criticalStock: ["validation.criticalAboveWarning"],
      minTemperature: ["validation.minAboveMax"],
      maxTemperature: ["validation.minAboveMax"],
    });
  });

  it("names a taken barcode and the product that has it, in the caller's language", async () => {
    expect((await post("/Product", { index: "COD-1", name: "Cod", barcodes: ["5901234000017"] })).status)
      .toBe(201);
    const r = await post("/Product", {
      index: "COD-2",
      name: "Cod too",
      barcodes: ["5901234000024", "5901234000017"],
    });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({
      code: "record.uniqueConflict",
      fields: { barcodes: ["validation.mustBeUnique"] },
      params: { variant: "value", field: "barcodes", value: "5901234000017", owner: "COD-1" },
      message: "The value 5901234000017 is already used by COD-1.",
    });
    const pl = await post("/Product", { index: "COD-3", name: "Dorsz", barcodes: ["5901234000017"] }, {
      "accept-language": "pl-PL",
    });
    // The signed-in user's language wins over the header; this administrator has none, so the header counts.
    expect(pl.body.error.message).toBe("Wartość 5901234000017 jest już użyta przez COD-1.");
  });

  it("says only 'required' of an empty field", async () => {
    const r = await call(s, "POST", "/api/Register", {
      body: { companyName: "", taxId: "", username: "", email: "", password: "", repeatPassword: "" },
    });
    expect(r.status).toBe(400);
    for (const name of ["companyName", "taxId", "username", "email", "password"]) {
      expect(r.body.error.fields[name], name).toEqual(["validation.required"]);
    }
  });
});
