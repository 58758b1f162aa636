// Address, Company and Person over HTTP against a real server and real SQLite files: their rules (capitals,
// coordinates, e-mail and phone formats, the company tree, unique short names, links that forbid a
// delete), display fields, lists, RecordLog entries, role rules, the contractor user's view of companies
// and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canSee } from "../../../server/hub/visibility.ts";
import type { Actor } from "../../../server/kernel/context.ts";
import { addUser, call, signIn, type TestServer } from "../../fixtures/harness.ts";
import { masterCalls, type MasterWorld, startMasterWorld } from "./fixture.ts";

let w: MasterWorld;
let s: TestServer;
let admin: string;
let basic: string;
let other: string;

beforeAll(async () => {
  w = await startMasterWorld();
  ({ s, admin, basic, other } = w);
});
afterAll(() => w?.close());

const { post, put, get, del, filter, created, query } = masterCalls(() => w);

async function logOf(resource: string, id: number) {
  return await query(
    "SELECT action, old_object, new_object, user_name FROM record_log " +
      "WHERE resource_type = ? AND resource_id = ? ORDER BY id",
    [resource, id],
  ) as { action: string; old_object: string | null; new_object: string | null; user_name: string }[];
}

describe("Address", () => {
  it("adds, reads, edits and deletes with capitals, coordinates and RecordLog entries", async () => {
    const r = await post("Address", {
      street: " Marszałkowska ",
      number: "10/4",
      city: "Warszawa",
      postalCode: "00-950 ab",
      country: "pl",
      coordinates: { lat: 52.2297, lng: 21.0122 },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      street: "Marszałkowska",
      postalCode: "00-950 AB",
      country: "PL",
      province: null,
      coordinates: { lat: 52.2297, lng: 21.0122 },
      text: "Marszałkowska 10/4, 00-950 AB Warszawa, PL",
      version: 1,
    });
    const id = r.body.id;
    expect((await get(`Address/${id}`)).body).toEqual(r.body);
    const [row] = await query("SELECT lat, lng FROM addresses WHERE id = ?", [id]);
    expect(row).toEqual({ lat: 52.2297, lng: 21.0122 });

    const edited = await put("Address", { id, version: 1, city: "Kraków", country: "pl", coordinates: null });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ city: "Kraków", street: null, coordinates: null, version: 2 });
    const stale = await put("Address", { id, version: 1, city: "Lost" });
    expect([stale.status, stale.body.error.code]).toEqual([409, "record.changedByAnotherUser"]);

    expect((await del("Address", id)).status).toBe(204);
    expect((await get(`Address/${id}`)).status).toBe(404);
    const log = await logOf("Address", id);
    expect(log.map((e) => e.action)).toEqual(["created", "changed", "deleted"]);
    expect(JSON.parse(log[1].old_object!).coordinates).toEqual({ lat: 52.2297, lng: 21.0122 });
    expect(JSON.parse(log[1].new_object!).city).toBe("Kraków");
  });

  it("refuses coordinates out of range or half given, and a missing city", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ coordinates: { lat: 90.5, lng: 0 } }, "coordinates.lat"],
      [{ coordinates: { lat: 0, lng: -180.01 } }, "coordinates.lng"],
      [{ coordinates: { lat: 10 } }, "coordinates.lng"],
      [{ city: "  " }, "city"],
    ];
    for (const [extra, field] of cases) {
      const r = await post("Address", { city: "Gdańsk", ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(r.body.error.fields), JSON.stringify(extra)).toEqual([field]);
    }
  });

  it("cannot be deleted while a company uses it", async () => {
    const address = await created("Address", { city: "Poznań" });
    const company = await created("Company", {
      shortName: "Uses address",
      keyRole: "supplier",
      addressId: address.id,
    });
    const r = await del("Address", address.id);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("record.foreignKey");
    expect(r.body.error.params).toEqual({ variant: "company" });
    // The message names the kind of link, in the caller's language.
    expect(r.body.error.message).toBe("This entry is linked to a company and cannot be deleted.");
    const pl = await call(s, "DELETE", `/api/Address/${address.id}`, {
      token: admin,
      headers: { "accept-language": "pl-PL" },
    });
    expect(pl.body.error.message).toBe("Ten wpis jest powiązany z firmą i nie można go usunąć.");
    expect((await get(`Address/${address.id}`)).status).toBe(200);
    await put("Company", { ...company, addressId: null });
    expect((await del("Address", address.id)).status).toBe(204);
  });

  it("lists sorted and filtered", async () => {
    for (const [city, country] of [["Berlin", "de"], ["Bremen", "DE"], ["Lyon", "fr"]]) {
      await created("Address", { city, country });
    }
    const de = await get(
      `Address?sortColumn=city&sortDescending=true&${
        filter([{ field: "country", operator: "eq", value: "DE" }])
      }`,
    );
    expect(de.status).toBe(200);
    expect(de.body.results.map((a: { city: string }) => a.city)).toEqual(["Bremen", "Berlin"]);
    expect(de.body.allFilteredRowCount).toBe(2);
  });
});

describe("Company", () => {
  it("adds with every field, saving capitals and formats, and answers display fields", async () => {
    const address = await created("Address", {
      street: "Długa",
      number: "5",
      city: "Gdańsk",
      postalCode: "80-001",
      country: "pl",
    });
    const parent = await created("Company", { shortName: "Holding", keyRole: "other" });
    const tag = await created("Tags", { name: "vip" });
    const group = await created("Dictionary", { group: "companyGroup", code: "key", value: "Key accounts" });
    const r = await post("Company", {
      shortName: "baltic trade",
      fullName: "Baltic Trade Sp. z o.o.",
      taxId: "pl5260001246",
      taxCountry: "pl",
      keyRole: "carrier",
      parentId: parent.id,
      bankName: "Bank Pekao",
      bankAccountNumber: "pl61109010140000071219812874",
      swift: "pkopplpw",
      paymentMethod: "Transfer 14 days",
      officeMail: "Office@Baltic.example",
      officePhoneNumber: "+48 58 123 45 67",
      websiteUrl: "https://baltic.example",
      logoUrl: "https://baltic.example/logo.png",
      tagIds: [tag.id, tag.id],
      groupIds: [group.id],
      description: "Sea freight",
      addressId: address.id,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      shortName: "BALTIC TRADE",
      taxId: "PL5260001246",
      taxCountry: "PL",
      bankAccountNumber: "PL61109010140000071219812874",
      swift: "PKOPPLPW",
      officeMail: "office@baltic.example",
      officePhoneNumber: "+48581234567",
      keyRole: "carrier",
      parentId: parent.id,
      parentName: "HOLDING",
      tagIds: [tag.id],
      groupIds: [group.id],
      addressId: address.id,
      addressText: "Długa 5, 80-001 Gdańsk, PL",
    });
    expect((await get(`Company/${r.body.id}`)).body).toEqual(r.body);
    const listed = await get(
      `Company?${filter([{ field: "shortName", operator: "eq", value: "BALTIC TRADE" }])}`,
    );
    expect(listed.body.results).toEqual([r.body]);
    const log = await logOf("Company", r.body.id);
    expect(log.map((e) => [e.action, e.user_name])).toEqual([["created", "alpha-manager"]]);
    expect(JSON.parse(log[0].new_object!).tagIds).toEqual([tag.id]);
  });

  it("refuses bad e-mail, phone without country code, addresses that are no web links, unknown links", async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ officeMail: "not-mail" }, { officeMail: ["validation.invalidEmail"] }],
      [{ officePhoneNumber: "600 700 800" }, { officePhoneNumber: ["validation.phoneCountryCode"] }],
      [{ websiteUrl: "javascript:alert(1)" }, { websiteUrl: ["validation.invalidValue"] }],
      [{ keyRole: "transport" }, { keyRole: ["validation.invalidValue"] }],
      [{ shortName: "" }, { shortName: ["validation.required"] }],
      [{ parentId: 999_999 }, { parentId: ["validation.invalidValue"] }],
      [{ addressId: 999_999 }, { addressId: ["validation.invalidValue"] }],
      [{ tagIds: [999_999] }, { tagIds: ["validation.invalidValue"] }],
    ];
    for (const [extra, fields] of cases) {
      const r = await post("Company", { shortName: "Bad input", keyRole: "other", ...extra });
      expect([r.status, r.body.error?.fields], JSON.stringify(extra)).toEqual([400, fields]);
    }
    expect(
      (await get(`Company?${filter([{ field: "shortName", operator: "eq", value: "BAD INPUT" }])}`)).body
        .allFilteredRowCount,
    ).toBe(0);
  });

  it("takes as groups only Dictionary entries of the group companyGroup", async () => {
    const unit = await created("Dictionary", { group: "unit", code: "pcs", value: "Pieces" });
    const r = await post("Company", { shortName: "Grouped", keyRole: "other", groupIds: [unit.id] });
    expect([r.status, r.body.error.fields]).toEqual([400, { groupIds: ["validation.invalidValue"] }]);
  });

  it("keeps the short name unique without regard to case", async () => {
    await created("Company", { shortName: "Nordic", keyRole: "supplier" });
    const before = await query("SELECT count(*) AS n FROM record_log");
    const r = await post("Company", { shortName: "nordic", keyRole: "recipient" });
    expect([r.status, r.body.error.code, r.body.error.fields]).toEqual([
      409,
      "record.uniqueConflict",
      { shortName: ["validation.mustBeUnique"] },
    ]);
    expect(await query("SELECT count(*) AS n FROM record_log")).toEqual(before);
  });

  it("cannot sit under itself or one of its descendants", async () => {
    const a = await created("Company", { shortName: "Tree A", keyRole: "other" });
    const b = await created("Company", { shortName: "Tree B", keyRole: "other", parentId: a.id });
    const c = await created("Company", { shortName: "Tree C", keyRole: "other", parentId: b.id });
    for (const parentId of [a.id, b.id, c.id]) {
      const r = await put("Company", { ...a, parentId });
      expect([r.status, r.body.error?.fields], `parent ${parentId}`).toEqual([
        400,
        { parentId: ["validation.invalidValue"] },
      ]);
    }
    // Moving a leaf up the tree is fine.
    const moved = await put("Company", { ...c, parentId: a.id });
    expect([moved.status, moved.body.parentName]).toEqual([200, "TREE A"]);
  });

  it("cannot be deleted while a child company, a person, a user or a product refers to it", async () => {
    // Each referrer alone forbids the delete; once it lets go, the delete goes through.
    const referrers: [string, (id: number) => Promise<() => Promise<unknown>>][] = [
      ["child company", async (id) => {
        const child = await created("Company", { shortName: "Refd child", keyRole: "other", parentId: id });
        return () => del("Company", child.id);
      }],
      ["person", async (id) => {
        const person = await created("Person", { firstName: "Ola", lastName: "Nowak", companyId: id });
        return () => del("Person", person.id);
      }],
      ["user", async (id) => {
        const user = await addUser(s, admin, { username: `refd-user-${id}`, connectedContractorId: id });
        return () =>
          call(s, "PUT", "/api/User", { token: admin, body: { ...user, connectedContractorId: null } });
      }],
      // No hand-kept list names this one: the delete rule comes from products.contractor_id's foreign key
      // (before entities were declared once, this delete failed in SQLite and answered 500).
      ["product", async (id) => {
        const product = await created("Product", { index: `REFD-${id}`, name: "Refd", contractorId: id });
        return () => del("Product", product.id);
      }],
    ];
    for (const [name, refer] of referrers) {
      const company = await created("Company", { shortName: `Refd by ${name}`, keyRole: "contractor" });
      const letGo = await refer(company.id);
      const r = await del("Company", company.id);
      expect([r.status, r.body.error?.code, r.body.error?.params], name).toEqual([
        409,
        "record.foreignKey",
        { variant: "company" },
      ]);
      await letGo();
      expect((await del("Company", company.id)).status, name).toBe(204);
    }
  });

  it("stays a contractor while contractor users belong to it", async () => {
    const company = await created("Company", { shortName: "Portal firm", keyRole: "contractor" });
    await addUser(s, admin, { username: "portal-firm-user", connectedContractorId: company.id });
    const r = await put("Company", { ...company, keyRole: "supplier" });
    expect([r.status, r.body.error?.fields]).toEqual([400, { keyRole: ["validation.invalidValue"] }]);
    const ok = await put("Company", { ...company, fullName: "Portal Firm Ltd" });
    expect(ok.status).toBe(200);
  });

  it("lists sorted and filtered by key role", async () => {
    for (const shortName of ["Sort 2", "Sort 1", "Sort 3"]) {
      await created("Company", { shortName, keyRole: "recipient" });
    }
    const r = await get(`Company?sortColumn=shortName&sortDescending=true&${
      filter([
        { field: "keyRole", operator: "eq", value: "recipient" },
        { field: "shortName", operator: "startsWith", value: "sort" },
      ])
    }`);
    expect(r.body.results.map((c: { shortName: string }) => c.shortName)).toEqual([
      "SORT 3",
      "SORT 2",
      "SORT 1",
    ]);
    expect((await get("Company?sortColumn=websiteUrl")).status).toBe(400);
  });
});

describe("Person", () => {
  it("adds, edits and deletes a contact with its company's name, tags and RecordLog entries", async () => {
    const company = await created("Company", { shortName: "Contact firm", keyRole: "supplier" });
    const tag = await created("Tags", { name: "buyer" });
    const r = await post("Person", {
      firstName: "Jan",
      lastName: "Kowalski",
      email: "Jan.Kowalski@Example.com",
      phoneNumber: "+48 600 700 800",
      skype: "jan.k",
      position: "Buyer",
      url: "https://example.com/jan",
      tagIds: [tag.id],
      companyId: company.id,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      email: "jan.kowalski@example.com",
      phoneNumber: "+48600700800",
      tagIds: [tag.id],
      companyId: company.id,
      companyName: "CONTACT FIRM",
    });
    const id = r.body.id;
    const edited = await put("Person", { ...r.body, tagIds: [], companyId: null, email: "" });
    expect(edited.body).toMatchObject({
      tagIds: [],
      companyId: null,
      companyName: null,
      email: null,
      version: 2,
    });
    expect((await del("Person", id)).status).toBe(204);
    expect((await logOf("Person", id)).map((e) => e.action)).toEqual(["created", "changed", "deleted"]);
  });

  it("needs the country code in the phone number and a first and last name", async () => {
    const r = await post("Person", { firstName: "", lastName: "Nowak", phoneNumber: "600700800" });
    expect([r.status, r.body.error.fields]).toEqual([400, {
      firstName: ["validation.required"],
      phoneNumber: ["validation.phoneCountryCode"],
    }]);
  });

  it("lists by company, sorted by last name, with the company's name", async () => {
    const company = await created("Company", { shortName: "Staffed", keyRole: "recipient" });
    for (const lastName of ["Zieliński", "Adamska", "Malinowski"]) {
      await created("Person", { firstName: "X", lastName, companyId: company.id });
    }
    const r = await get(
      `Person?sortColumn=lastName&${filter([{ field: "companyId", operator: "eq", value: company.id }])}`,
    );
    expect(r.body.results.map((p: { lastName: string }) => p.lastName)).toEqual([
      "Adamska",
      "Malinowski",
      "Zieliński",
    ]);
    expect(new Set(r.body.results.map((p: { companyName: string }) => p.companyName))).toEqual(
      new Set(["STAFFED"]),
    );
    const search = await get(`Person?${filter([{ field: "*", operator: "contains", value: "malin" }])}`);
    expect(search.body.results.map((p: { lastName: string }) => p.lastName)).toEqual(["Malinowski"]);
  });
});

describe("GeoLocation", () => {
  it("keeps a named point with its address as text or a postal Address, and a company's", async () => {
    const address = await created("Address", {
      street: "Portowa",
      number: "3",
      city: "Gdynia",
      country: "pl",
    });
    const firm = await created("Company", { shortName: "Gate Owner", keyRole: "recipient" });
    const gate = await created("GeoLocation", {
      name: "Port gate 3",
      coordinates: { lat: 54.5331, lng: 18.5463 },
      address: "Gate 3, behind the container yard",
      addressId: address.id,
      companyId: firm.id,
    });
    expect(gate).toMatchObject({
      name: "Port gate 3",
      coordinates: { lat: 54.5331, lng: 18.5463 },
      addressText: "Portowa 3, Gdynia, PL",
      companyName: "GATE OWNER",
      version: 1,
    });
    expect(gate.lat).toBeUndefined();
    expect((await get(`GeoLocation?${filter([{ field: "companyId", operator: "eq", value: firm.id }])}`)).body
      .results.map((g: { id: number }) => g.id)).toEqual([gate.id]);
    expect((await logOf("GeoLocation", gate.id)).map((e) => e.action)).toEqual(["created"]);

    // The point is required and in range; the name is unique whatever its letter case.
    const nowhere = await post("GeoLocation", { name: "Nowhere" });
    expect(nowhere.body.error.fields).toEqual({ coordinates: ["validation.required"] });
    const off = await post("GeoLocation", { name: "Off the map", coordinates: { lat: 91, lng: 0 } });
    expect(off.status).toBe(400);
    const twin = await post("GeoLocation", { name: "PORT GATE 3", coordinates: { lat: 1, lng: 1 } });
    expect([twin.status, twin.body.error.code]).toEqual([409, "record.uniqueConflict"]);

    // The place outlives its postal address: deleting the address empties the link.
    expect((await del("Address", address.id)).status).toBe(204);
    expect((await get(`GeoLocation/${gate.id}`)).body).toMatchObject({ addressId: null, addressText: null });
  });

  it("is read by staff, kept by managers, closed to contractor users and to other tenants", async () => {
    const place = await created("GeoLocation", { name: "Truck park", coordinates: { lat: 52.2, lng: 21 } });
    expect((await get(`GeoLocation/${place.id}`, basic)).status).toBe(200);
    const write = await put("GeoLocation", { ...place, name: "Taken" }, basic);
    expect([write.status, write.body.error.code]).toEqual([404, "record.notFoundOrNoPermission"]);
    const owner = await created("Company", { shortName: "Geo contractor", keyRole: "contractor" });
    await addUser(s, admin, { username: "alpha-geo-carl", connectedContractorId: owner.id });
    const carl = (await signIn(s, "alpha-geo-carl")).token;
    const listed = await get("GeoLocation", carl);
    expect([listed.status, listed.body.error.code]).toEqual([403, "auth.forbidden"]);
    expect((await get(`GeoLocation/${place.id}`, other)).status).toBe(404);
    expect((await del("GeoLocation", place.id, other)).status).toBe(404);
    expect((await get(`GeoLocation/${place.id}`, admin)).body.name).toBe("Truck park");
  });
});

describe("linked names", () => {
  it("answers the names of linked tags and company groups beside their ids, in the ids' order", async () => {
    const cold = await created("Tags", { name: "Names cold" });
    const bulk = await created("Tags", { name: "Names bulk" });
    const group = await created("Dictionary", { group: "companyGroup", code: "NMK", value: "Names key" });
    const entry = await created("Dictionary", {
      group: "units",
      code: "NMU",
      value: "Unit",
      tagIds: [bulk.id],
    });
    expect(entry.tagNames).toEqual(["NAMES BULK"]);
    const company = await created("Company", {
      shortName: "Names firm",
      keyRole: "supplier",
      tagIds: [bulk.id, cold.id],
      groupIds: [group.id],
    });
    expect(company).toMatchObject({ tagNames: ["NAMES COLD", "NAMES BULK"], groupNames: ["Names key"] });
    const person = await created("Person", { firstName: "Nina", lastName: "Names", tagIds: [cold.id] });
    expect(person.tagNames).toEqual(["NAMES COLD"]);
    // The list carries them too, and a renamed tag shows its new name; no link, no names.
    const renamed = await put("Tags", { ...cold, name: "Names frozen" });
    expect(renamed.status).toBe(200);
    const listed = await get(
      `Company?${filter([{ field: "shortName", operator: "eq", value: "NAMES FIRM" }])}`,
    );
    expect(listed.body.results[0]).toMatchObject({
      tagNames: ["NAMES FROZEN", "NAMES BULK"],
      groupNames: ["Names key"],
    });
    expect((await get(`Person/${person.id}`)).body.tagNames).toEqual(["NAMES FROZEN"]);
    expect((await created("Company", { shortName: "Names bare", keyRole: "other" })).tagNames).toEqual([]);
  });
});

describe("roles, contractor users and tenants", () => {
  it("lets basic users read but not write: a write answers as a missing record", async () => {
    const company = await created("Company", { shortName: "Read only", keyRole: "other" });
    const address = await created("Address", { city: "Łódź" });
    const person = await created("Person", { firstName: "A", lastName: "B" });
    for (
      const [resource, record] of [["Company", company], ["Address", address], ["Person", person]] as const
    ) {
      expect((await get(`${resource}/${record.id}`, basic)).status, resource).toBe(200);
      expect((await post(resource, { ...record, id: undefined }, basic)).status, resource).toBe(404);
      expect((await put(resource, record, basic)).status, resource).toBe(404);
      expect((await del(resource, record.id, basic)).status, resource).toBe(404);
    }
  });

  it("shows a contractor user their own company only, and no addresses or persons", async () => {
    const own = await created("Company", { shortName: "Own contractor", keyRole: "contractor" });
    const foreign = await created("Company", { shortName: "Other contractor", keyRole: "contractor" });
    await addUser(s, admin, {
      username: "contractor-carl",
      contractorPortalEnabled: true,
      connectedContractorId: own.id,
    });
    const carl = (await signIn(s, "contractor-carl")).token;
    expect((await get(`Company/${own.id}`, carl)).body).toEqual(own);
    expect((await get(`Company/${foreign.id}`, carl)).status).toBe(404);
    const list = await get("Company?PageSize=1000", carl);
    expect(list.body).toEqual({ results: [own], allFilteredRowCount: 1 });
    expect((await put("Company", { ...own, fullName: "Changed" }, carl)).status).toBe(404);
    expect((await del("Company", own.id, carl)).status).toBe(404);
    expect((await post("Company", { shortName: "By carl", keyRole: "other" }, carl)).status).toBe(404);
    for (const resource of ["Address", "Person"]) {
      const r = await get(resource, carl);
      expect([r.status, r.body.error.code], resource).toEqual([403, "auth.forbidden"]);
    }

    // The hub tells a contractor user only about their own company.
    const viewer = { userId: 1, contractorId: own.id } as Actor;
    expect(canSee(viewer, "Company", { id: own.id })).toBe(true);
    expect(canSee(viewer, "Company", { id: foreign.id })).toBe(false);
    expect(canSee(viewer, "Person", { id: 1 })).toBe(false);
    expect(canSee({ ...viewer, contractorId: null }, "Company", { id: foreign.id })).toBe(true);
  });

  it("keeps tenants apart: another tenant's records are 404 for every verb", async () => {
    const records = {
      Address: await created("Address", { city: "Alpha town" }),
      Company: await created("Company", { shortName: "Alpha only", keyRole: "other" }),
      Person: await created("Person", { firstName: "Alpha", lastName: "Only" }),
    };
    for (const [resource, record] of Object.entries(records)) {
      expect((await get(`${resource}/${record.id}`, other)).status, resource).toBe(404);
      expect((await put(resource, record, other)).status, resource).toBe(404);
      expect((await del(resource, record.id, other)).status, resource).toBe(404);
      expect((await get(resource, other)).body, resource).toEqual({ results: [], allFilteredRowCount: 0 });
      expect((await get(`${resource}/${record.id}`, admin)).body, resource).toEqual(record);
    }
  });
});
