// A record's change history (GET /api/{Resource}/{id}/History): the manager who edited a product
// and got 403 reads it now; each entry names the fields that changed with the values before and after;
// a contractor reads the history of its own records only, another tenant none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, createTenant, signIn } from "../fixtures/harness.ts";
import {
  addStaffUser,
  company,
  draft,
  location,
  product,
  startStockWorld,
  type StockWorld,
} from "./stock/fixture.ts";

let w: StockWorld;
let manager: string;
let basic: string;
let contractor: string;
let own: number;
let theirs: number;

beforeAll(async () => {
  w = await startStockWorld("history");
  manager = await addStaffUser(w, "history-manager", { isPowerUser: true });
  basic = await addStaffUser(w, "history-basic");
  const ownCompany = await company(w, "OWN FOODS");
  const theirCompany = await company(w, "THEIR FOODS");
  contractor = await addStaffUser(w, "history-contractor", {
    connectedContractorId: ownCompany,
    contractorPortalEnabled: true,
  });
  own = await product(w, "OWN-1", { contractorId: ownCompany });
  theirs = await product(w, "THEIRS-1", { contractorId: theirCompany });
});
afterAll(() => w?.s.close());

describe("a record's history", () => {
  it("shows a manager the product they edited, field by field, newest first", async () => {
    const milk = await product(w, "MILK", { weight: 1 });
    const before = (await w.api("GET", `/Product/${milk}`, undefined, manager)).body;
    const edited = await w.api("PUT", "/Product", { ...before, name: "Milk 3.2%", weight: 1.05 }, manager);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const r = await w.api("GET", `/Product/${milk}/History`, undefined, manager);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.total).toBe(2);
    const [change, creation] = r.body.entries;
    expect(change).toMatchObject({ action: "changed", userName: "history-manager" });
    expect(change.changed).toEqual(["name", "weight"]);
    expect([change.before.name, change.after.name]).toEqual(["Product MILK", "Milk 3.2%"]);
    expect([change.before.weight, change.after.weight]).toEqual([1, 1.05]);
    expect(creation.action).toBe("created");
    expect(creation.before).toBeNull();
    // An add lists what it was given, never the bookkeeping.
    expect(creation.changed).toEqual(expect.arrayContaining(["name", "index", "weight"]));
    expect(creation.changed).not.toContain("version");
    expect(creation.changed).not.toContain("id");

    // Paged: the newest first, `total` all of them.
    const first = await w.api("GET", `/Product/${milk}/History?limit=1`, undefined, basic);
    expect([first.status, first.body.entries.map((e: { action: string }) => e.action), first.body.total])
      .toEqual([200, ["changed"], 2]);
    const second = await w.api("GET", `/Product/${milk}/History?limit=1&offset=1`, undefined, basic);
    expect(second.body.entries.map((e: { action: string }) => e.action)).toEqual(["created"]);
    expect((await w.api("GET", `/Product/${milk}/History?limit=0`)).status).toBe(400);
  });

  it("follows a document from working copy to confirmed, with its number", async () => {
    const at = await location(w, "H-01");
    const milk = await product(w, "MILK-2");
    const d = await draft(w, { typeCode: "IIN", destinationLocationId: at }, [{
      productId: milk,
      quantity: 2,
    }]);
    const ok = await w.api("POST", `/WmsDocument/${d.id}/confirm`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const r = await w.api("GET", `/WmsDocument/${d.id}/History`, undefined, basic);
    expect(r.status).toBe(200);
    const [confirmed] = r.body.entries;
    expect(confirmed.changed).toEqual(expect.arrayContaining(["statusCode", "documentNumber"]));
    expect([confirmed.before.statusCode, confirmed.after.statusCode]).toEqual(["workingCopy", "confirmed"]);
    expect(confirmed.after.documentNumber).toBe(ok.body.documentNumber);
  });

  it("lets a contractor read its own records' history and answers 404 for another's", async () => {
    const mine = await w.api("GET", `/Product/${own}/History`, undefined, contractor);
    expect([mine.status, mine.body.entries?.[0]?.action]).toEqual([200, "created"]);
    const other = await w.api("GET", `/Product/${theirs}/History`, undefined, contractor);
    expect([other.status, other.body.error?.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    // Staff-only records stay closed as they are themselves.
    const at = await location(w, "H-02");
    const loc = await w.api("GET", `/StorageSpace/${at}/History`, undefined, contractor);
    expect(loc.status).toBe(403);
  });

  it("answers 404 for a record of another tenant, a deleted record and a missing one", async () => {
    await createTenant(w.s, "history-other");
    const stranger = (await signIn(w.s, "history-other-admin")).token;
    expect((await w.api("GET", `/Product/${own}/History`, undefined, stranger)).status).toBe(404);

    const gone = await product(w, "GONE");
    expect((await w.api("DELETE", `/Product/${gone}`)).status).toBe(204);
    expect((await w.api("GET", `/Product/${gone}/History`)).status).toBe(404);
    expect((await w.api("GET", `/Product/999999/History`)).status).toBe(404);
  });

  it("shows a user their own history and keeps others' from a basic user", async () => {
    const someone = await addUser(w.s, w.admin, { username: "history-someone" });
    const changed = await w.api("PUT", `/User/${someone.id}`, { ...someone, visibleName: "Ada Lovelace" });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const asAdmin = await w.api("GET", `/User/${someone.id}/History`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.entries[0].changed).toContain("visibleName");
    // Nothing secret is in a user's history.
    expect(JSON.stringify(asAdmin.body)).not.toMatch(/password|hash/i);

    const me = (await signIn(w.s, "history-someone")).token;
    const mine = await w.api("GET", `/User/${someone.id}/History`, undefined, me);
    expect(mine.status).toBe(200);
    expect(mine.body.entries.map((e: { action: string }) => e.action)).toContain("loggedIn");
    const other = await w.api("GET", `/User/${someone.id}/History`, undefined, basic);
    expect(other.status).toBe(404);
    // Where and when someone signed in: theirs and the administrators' to read, not a manager's.
    const actions = (r: { body: { entries: { action: string }[] } }) => r.body.entries.map((e) => e.action);
    expect(actions(await w.api("GET", `/User/${someone.id}/History`))).toContain("loggedIn");
    const asManager = await w.api("GET", `/User/${someone.id}/History`, undefined, manager);
    expect(asManager.status).toBe(200);
    expect(actions(asManager)).not.toContain("loggedIn");
    expect(actions(asManager)).toContain("changed");
  });

  it("shows a contractor only what was theirs when it was written", async () => {
    const ownCompany = (await w.api("GET", `/Product/${own}`)).body.contractorId;
    const moved = await product(w, "MOVED", { description: "THEIRS-SECRET" });
    const before = (await w.api("GET", `/Product/${moved}`)).body;
    const r = await w.api("PUT", "/Product", {
      ...before,
      contractorId: ownCompany,
      description: "now ours",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const mine = await w.api("GET", `/Product/${moved}/History`, undefined, contractor);
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain("THEIRS-SECRET");
    expect(mine.body.total).toBe(0);
    // Staff see all of it.
    expect((await w.api("GET", `/Product/${moved}/History`)).body.total).toBe(2);
  });

  it("keeps the company account's history, read by anyone who reads the account", async () => {
    const account = (await w.api("GET", "/ClientAccount")).body;
    const r = await w.api("PUT", "/ClientAccount", { ...account, invoiceName: "History Foods Ltd" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const h = await w.api("GET", "/ClientAccount/History", undefined, basic);
    expect(h.status).toBe(200);
    expect(h.body.entries[0].changed).toContain("invoiceName");
    expect(h.body.entries[0].after.invoiceName).toBe("History Foods Ltd");
  });

  it("pages a long history whole, newest first, nothing twice or lost", async () => {
    const busy = await product(w, "BUSY");
    let record = (await w.api("GET", `/Product/${busy}`)).body;
    for (let i = 1; i <= 250; i++) {
      const r = await w.api("PUT", "/Product", { ...record, description: `edit ${i}` });
      expect(r.status).toBe(200);
      record = r.body;
    }
    const seen: number[] = [];
    for (let offset = 0;; offset += 200) {
      const page = await w.api("GET", `/Product/${busy}/History?offset=${offset}&limit=200`);
      expect([page.status, page.body.total]).toEqual([200, 251]);
      if (!page.body.entries.length) break;
      seen.push(...page.body.entries.map((e: { id: number }) => e.id));
    }
    expect(seen).toHaveLength(251);
    expect(new Set(seen).size).toBe(251);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const newest = await w.api("GET", `/Product/${busy}/History?limit=1`);
    expect(newest.body.entries[0].after.description).toBe("edit 250");
  });
});
