// A list's statements are prepared once per connection and shape (server/kernel/list.ts), the caller's scope
// included with its values. Two contractors, and two documents' positions, ask the same shape of list one
// after the other on the tenant's one connection: each answer holds only what that caller or parent owns,
// with its own count, whichever asked first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";

let s: TestServer;
let admin: string;
const users: Record<"north" | "south", string> = { north: "", south: "" };
const keys: Record<"north" | "south", string> = { north: "", south: "" };
const products: Record<"north" | "south", number[]> = { north: [], south: [] };
const documents: Record<"north" | "south", { id: number; positions: number[] }> = {
  north: { id: 0, positions: [] },
  south: { id: 0, positions: [] },
};

async function as(token: string, method: string, path: string, body?: unknown) {
  const r = await call(s, method, `/api${path}`, { token, body });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

beforeAll(async () => {
  s = await startServer({ apiKeyBurst: 1_000, apiKeyPerSecond: 1_000 });
  await createTenant(s, "scopes");
  admin = (await signIn(s, "scopes-admin")).token;
  const location = (await as(admin, "POST", "/StorageSpace", { label: "SCOPES-L1" })).id;
  for (const side of ["north", "south"] as const) {
    const company =
      (await as(admin, "POST", "/Company", { shortName: `${side} foods`, keyRole: "contractor" })).id;
    await addUser(s, admin, {
      username: `scopes-${side}`,
      visibleName: `${side} buyer`,
      connectedContractorId: company,
      contractorPortalEnabled: true,
    });
    users[side] = (await signIn(s, `scopes-${side}`)).token;
    keys[side] =
      (await as(admin, "POST", "/SharedAccess", { contentType: "api", contractorId: company })).token;
    // Three products of the contractor's (one of them hidden from its portal), more of the north's.
    for (let i = 0; i < (side === "north" ? 4 : 2); i++) {
      const p = await as(admin, "POST", "/Product", {
        index: `${side}-${i}`,
        name: `${side} ${i}`,
        unit: "pcs",
      });
      await as(admin, "PUT", "/Product", { ...p, contractorId: company });
      products[side].push(p.id);
    }
    const hidden = await as(admin, "POST", "/Product", {
      index: `${side}-hidden`,
      name: `${side} h`,
      unit: "pcs",
    });
    await as(admin, "PUT", "/Product", { ...hidden, contractorId: company, contractorPortalHide: true });
    const doc = await as(admin, "POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: location });
    documents[side].id = doc.id;
    for (const productId of products[side]) {
      const position = await as(admin, "POST", "/WmsDocumentPosition", {
        documentId: doc.id,
        productId,
        quantity: 1,
      });
      documents[side].positions.push(position.id);
    }
  }
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id).sort((a, b) => a - b);
const QUERIES = ["", "?sortColumn=name", "?sortColumn=name&sortDescending=true", "?PageSize=1&PageNumber=2"];

describe("lists of one shape for different scopes", () => {
  it("answer each contractor user only their own products, whoever asked that shape first", async () => {
    for (const order of [["north", "south"], ["south", "north"], ["north", "south"]] as const) {
      for (const q of QUERIES) {
        for (const side of order) {
          const page = await as(users[side], "GET", `/Product${q}`);
          expect(page.allFilteredRowCount, `${side} ${q}`).toBe(products[side].length);
          const expected = q.includes("PageSize=1") ? 1 : products[side].length;
          expect(page.results.length, `${side} ${q}`).toBe(expected);
          for (const id of ids(page)) expect(products[side], `${side} ${q}`).toContain(id);
        }
      }
    }
  });

  it("answer each contractor's API key only its own products", async () => {
    for (const side of ["south", "north", "south"] as const) {
      const r = await call(s, "GET", "/api/Product?sortColumn=name", {
        headers: { "X-Api-Key": keys[side] },
      });
      expect(r.status).toBe(200);
      expect(ids(r.body)).toEqual([...products[side]].sort((a, b) => a - b));
      expect(r.body.allFilteredRowCount).toBe(products[side].length);
    }
  });

  it("answer each document's positions only, the same shape asked of two documents in turn", async () => {
    for (const side of ["north", "south", "north", "south"] as const) {
      for (const q of ["", "?sortDescending=true"]) {
        const page = await as(admin, "GET", `/WmsDocument/${documents[side].id}/Positions${q}`);
        expect(ids(page), `${side} ${q}`).toEqual(documents[side].positions);
        expect(page.allFilteredRowCount).toBe(documents[side].positions.length);
      }
    }
  });
});
