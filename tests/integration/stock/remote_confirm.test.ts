// A document confirmed and reverted on a tenant's database opened as the design's second storage opens one:
// through a libSQL client (RemoteConnection: a tenant on a libSQL server or Turso). Here the client's own
// embedded engine on the tenant's file, so the same statements run through the same driver code: each
// transaction one libSQL interactive write transaction, its stepped statements (the ledger's RETURNING
// upserts) answered from one batch. The documents are drafted and the results read through the server
// (node:sqlite on the same file), and the ledger's invariant checked after each step.
import { createClient } from "@libsql/client";
import type { Client } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RemoteConnection } from "../../../server/db/remote.ts";
import { confirmDocument } from "../../../server/domain/stock/documents/confirm.ts";
import { revertDocument } from "../../../server/domain/stock/documents/revert.ts";
import type { TenantContext } from "../../../server/kernel/context.ts";
import { AppError } from "../../../server/kernel/errors.ts";
import { areaHooks } from "../../../server/hooks.ts";
import {
  assertStockEqualsLedger,
  draft,
  dumpStock,
  location,
  product,
  startStockWorld,
  stockAt,
  type StockWorld,
} from "./fixture.ts";

let w: StockWorld;
let remote: RemoteConnection;

beforeAll(async () => {
  w = await startStockWorld("remote-confirm");
  const url = w.tenant.dbUrl;
  remote = new RemoteConnection(url, undefined, createClient({ url, timeout: 5000 }) as unknown as Client);
});
afterAll(async () => {
  await remote?.close();
  await w?.s.close();
});

/** A request's context whose connection is the libSQL client's, the tenant's administrator acting. */
function onRemote(): TenantContext {
  return {
    services: w.s.platform,
    tenant: w.tenant,
    conn: remote,
    actor: { userId: 1, username: "remote-confirm-admin", contractorId: null, isSuperUser: true },
    requestId: "remote-confirm",
    lang: "en-us",
    hooks: areaHooks(),
  } as unknown as TenantContext;
}

describe("confirm and revert on a libSQL connection", () => {
  it("receives, releases, refuses too much and reverts, the ledger equal to the lines after each", async () => {
    expect(remote.kind).toBe("remote");
    const a = await location(w, "A-01");
    const b = await location(w, "B-01");
    const milk = await product(w, "MILK");
    const cheese = await product(w, "CHEESE");

    const inbound = await draft(w, { typeCode: "IIN", destinationLocationId: a }, [
      { productId: milk, quantity: 5 },
      { productId: cheese, quantity: 1.25 },
      { productId: milk, quantity: 0.5, expiryDate: "2099-06-01" },
    ]);
    const received = await confirmDocument(onRemote(), inbound.id, true);
    expect(received).toMatchObject({ statusCode: "confirmed", progressPercent: 100, quantityRealSum: 6.75 });
    expect(received.documentNumber).toMatch(/^IIN\/\d{4}\/\d{2}\/000001$/);
    expect(await stockAt(w, milk, a)).toBe(5.5);
    expect(await stockAt(w, cheese, a)).toBe(1.25);
    await assertStockEqualsLedger(w);
    // The server reads what the libSQL client wrote: the document as confirmed, its number and its record log.
    const read = await w.api("GET", `/WmsDocument/${inbound.id}`);
    expect(read.body).toMatchObject({ statusCode: "confirmed", documentNumber: received.documentNumber });

    const outbound = await draft(w, { typeCode: "IOU", sourceLocationId: a }, [{
      productId: milk,
      quantity: 2,
    }]);
    const released = await confirmDocument(onRemote(), outbound.id, true);
    expect(released.statusCode).toBe("confirmed");
    expect(await stockAt(w, milk, a)).toBe(3.5);
    await assertStockEqualsLedger(w);

    // More than is held: refused whole, nothing written.
    const tooMuch = await draft(w, { typeCode: "IOU", sourceLocationId: a }, [
      { productId: cheese, quantity: 1 },
      { productId: milk, quantity: 40 },
    ]);
    const before = await dumpStock(w);
    const refused = await confirmDocument(onRemote(), tooMuch.id, true).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.code).toBe("document.validation");
    expect(await dumpStock(w)).toBe(before);
    expect((await w.api("GET", `/WmsDocument/${tooMuch.id}`)).body.statusCode).toBe("workingCopy");

    // An assortment relocation between two places, then the release reverted: the stock back where it was.
    const moved = await draft(w, { typeCode: "ARL", sourceLocationId: a, destinationLocationId: b }, [
      { productId: cheese, quantity: 0.25 },
    ]);
    expect((await confirmDocument(onRemote(), moved.id, true)).statusCode).toBe("confirmed");
    expect([await stockAt(w, cheese, a), await stockAt(w, cheese, b)]).toEqual([1, 0.25]);
    const back = await revertDocument(onRemote(), outbound.id);
    expect(back).toMatchObject({ statusCode: "reverted", documentNumber: released.documentNumber });
    expect(await stockAt(w, milk, a)).toBe(5.5);
    await assertStockEqualsLedger(w);
    // The release took the lot that expires first (0.5), then 1.5 of the line without a date; the revert
    // gave each back.
    const ledger = await w.query(
      "SELECT delta, reason, expiry_date AS expiry FROM stock_movements WHERE document_id = ? ORDER BY id",
      [outbound.id],
    );
    expect(ledger.map((m) => [m.delta, m.reason, m.expiry])).toEqual([
      [-500, "confirm", "2099-06-01"],
      [-1500, "confirm", null],
      [500, "revert", "2099-06-01"],
      [1500, "revert", null],
    ]);
  });
});
