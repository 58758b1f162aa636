// The account's monthly document limit (issue 31, item 25) on a real server and tenant file: each confirmed
// document counted once in its UTC month, in the confirmation's transaction; past the limit charged at the
// extra price against the month's budget; refused with 402 account.documentLimitReached once the budget
// cannot pay for one more, with nothing of the confirmation written; administrators told in the startup
// configuration; the provider setting the subscription from the command line's verb.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaffUser,
  confirm,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
  worldOn,
} from "./stock/fixture.ts";
import { setSubscription } from "../../tenants/subscription.ts";
import { transactionWithEvents } from "../../server/hub/outbox.ts";
import { confirmInTransaction } from "../../server/domain/stock/documents/confirm.ts";
import { wmsDocuments } from "../../server/domain/stock/documents/table.ts";
import type { TenantContext } from "../../server/kernel/context.ts";
import { areaHooks } from "../../server/hooks.ts";
import { eq } from "drizzle-orm";
import { DatabaseSync } from "node:sqlite";
import { filePathOf } from "../../server/db/local.ts";
import { readMigrations } from "../../server/db/migrate.ts";
import { undoTenantMigrationsFrom } from "../fixtures/migration_undo.ts";

let w: StockWorld;
let bin: number;
let box: number;
let basic: string;

const thisMonth = () => new Date().toISOString().slice(0, 7);
const usage = async () => (await w.api("GET", "/ClientAccount/document-usage")).body;
const usageRows = () =>
  w.query("SELECT month, documents, extra_documents, extra_cost FROM document_usage ORDER BY month");
/** A working copy taking one unit in. */
const receipt = () =>
  draft(w, { typeCode: "IIN", destinationLocationId: bin }, [{ productId: box, quantity: 1 }]);

beforeAll(async () => {
  w = await startStockWorld("limits");
  bin = await location(w, "LIM-01");
  box = await product(w, "LIM-BOX");
  basic = await addStaffUser(w, "limits-basic", { logisticsEnabled: true });
}, 60_000);
afterAll(() => w?.s.close());

describe("the monthly document limit", () => {
  it("counts each confirmed document once, in its UTC month, and none a refusal left unconfirmed", async () => {
    // A tenant as provisioned: nothing is limited until the provider sets a subscription.
    expect(await usage()).toMatchObject({
      month: thisMonth(),
      documents: 0,
      limit: 0,
      extraOperationsBudget: 0,
      budgetLeft: null,
      state: "unlimited",
    });
    await receive(w, box, bin, 5);
    await receive(w, box, bin, 5);
    // A release of more than there is: refused by the validators, not counted.
    const short = await draft(w, { typeCode: "IOU", sourceLocationId: bin }, [{
      productId: box,
      quantity: 99,
    }]);
    expect((await confirm(w, short.id, true)).status).toBe(422);
    expect((await usage()).documents).toBe(2);
    expect(await usageRows()).toEqual([{
      month: thisMonth(),
      documents: 2,
      extra_documents: 0,
      extra_cost: 0,
    }]);
  });

  it("puts a document confirmed on 28 February at 23:30 UTC into February, not March", async () => {
    const doc = await receipt();
    // Midnight past in Warsaw (00:30 on 1 March, UTC+1) is still February in UTC.
    const at = new Date("2025-03-01T00:30:00+01:00");
    await w.s.platform.pool.use(w.tenant.dbUrl, async (conn) => {
      const ctx = {
        services: w.s.platform,
        tenant: w.tenant,
        conn,
        actor: { userId: 1, username: "limits-admin", contractorId: null, isSuperUser: true },
        requestId: "month-boundary",
        lang: "en-us",
        hooks: areaHooks(),
      } as unknown as TenantContext;
      await transactionWithEvents(ctx, async (tx, outbox) => {
        const [row] = await tx.select().from(wmsDocuments).where(eq(wmsDocuments.id, doc.id));
        return await confirmInTransaction(tx, outbox, ctx, row, true, at);
      });
    });
    expect((await usageRows()).map((r) => [r.month, r.documents])).toEqual([
      ["2025-02", 1],
      [thisMonth(), 2],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    // Another month's count is its own: this month is still at 2.
    expect((await usage()).documents).toBe(2);
  });

  it("charges documents past the limit against the budget, then refuses one with nothing written", async () => {
    // The provider's verb: 3 documents a month, 0.50 EUR each past them, 1 EUR a month for extras.
    const set = await setSubscription(w.s.platform, "limits", {
      monthlyDocumentLimit: "3",
      extraDocumentPriceEur: "0.5",
      extraOperationsBudget: "1",
    });
    expect(set).toMatchObject({
      monthlyDocumentLimit: 3,
      extraDocumentPriceEur: 0.5,
      extraOperationsBudget: 1,
    });
    expect(await usage()).toMatchObject({ documents: 2, state: "ok" });
    await receive(w, box, bin, 1);
    expect(await usage()).toMatchObject({ documents: 3, extraDocuments: 0, state: "limitReached" });
    await receive(w, box, bin, 1);
    await receive(w, box, bin, 1);
    expect(await usage()).toMatchObject({
      documents: 5,
      extraDocuments: 2,
      extraCost: 1,
      budgetLeft: 0,
      state: "budgetSpent",
    });

    // The sixth: refused, in the user's language, and the document, its number, the stock and the count
    // are as they were.
    const doc = await receipt();
    const draftNumber = (await w.api("GET", `/WmsDocument/${doc.id}`)).body.documentNumber;
    const stockBefore = await w.query("SELECT quantity FROM stock_product_totals WHERE product_id = ?", [
      box,
    ]);
    const counters = await w.query("SELECT * FROM numbering_counters ORDER BY 1, 2");
    const refused = await w.api(
      "POST",
      `/WmsDocument/${doc.id}/confirm?acceptWarnings=true`,
      undefined,
      basic,
    );
    expect([refused.status, refused.body.error.code]).toEqual([402, "account.documentLimitReached"]);
    expect(refused.body.error.message).toBe(
      "This month's 3 documents are used up and the budget for extra documents (1.00 EUR) cannot pay for " +
        "another: the document was not confirmed. Ask the provider to raise the limit or the budget.",
    );
    expect((await w.api("GET", `/WmsDocument/${doc.id}`)).body).toMatchObject({
      statusCode: "workingCopy",
      documentNumber: draftNumber,
    });
    expect(await w.query("SELECT quantity FROM stock_product_totals WHERE product_id = ?", [box]))
      .toEqual(stockBefore);
    expect(await w.query("SELECT count(*) AS n FROM stock_movements WHERE document_id = ?", [doc.id]))
      .toEqual([{ n: 0 }]);
    expect(await w.query("SELECT * FROM numbering_counters ORDER BY 1, 2")).toEqual(counters);
    expect((await usage()).documents).toBe(5);

    // A bigger budget: the same document goes through as the third extra one.
    await setSubscription(w.s.platform, "limits", { extraOperationsBudget: "10" });
    expect((await confirm(w, doc.id, true)).status).toBe(200);
    expect(await usage()).toMatchObject({ documents: 6, extraDocuments: 3, extraCost: 1.5, budgetLeft: 8.5 });
  });

  it("lets exactly one of two documents racing for the last one the budget pays for through", async () => {
    await setSubscription(w.s.platform, "limits", { extraOperationsBudget: "2" });
    const [a, b] = [await receipt(), await receipt()];
    const answers = await Promise.all([a, b].map((d) => confirm(w, d.id, true)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 402]);
    expect(await usage()).toMatchObject({
      documents: 7,
      extraDocuments: 4,
      extraCost: 2,
      state: "budgetSpent",
    });
    const states = await w.query("SELECT status_code AS s FROM wms_documents WHERE id IN (?, ?) ORDER BY s", [
      a.id,
      b.id,
    ]);
    expect(states.map((r) => r.s)).toEqual(["confirmed", "workingCopy"]);
  });

  it("warns administrators in the startup configuration, and tells nobody else", async () => {
    const admin = (await w.api("GET", "/config/getuserstartupconfig")).body;
    expect(admin.documentUsage).toMatchObject({ documents: 7, limit: 3, state: "budgetSpent" });
    const clerk = (await w.api("GET", "/config/getuserstartupconfig", undefined, basic)).body;
    expect(clerk.documentUsage).toBeNull();
    expect((await w.api("GET", "/ClientAccount/document-usage", undefined, basic)).status).toBe(404);
    // A limit of 0 is none: confirming goes on, and the warning is gone.
    await setSubscription(w.s.platform, "limits", { monthlyDocumentLimit: "0" });
    expect(await receive(w, box, bin, 1)).toBeGreaterThan(0);
    expect(await usage()).toMatchObject({ documents: 8, limit: 0, budgetLeft: null, state: "unlimited" });
    // The provider's changes are in the account's history.
    const log = await w.query(
      "SELECT user_name FROM record_log WHERE resource_type = 'ClientAccount' ORDER BY id DESC LIMIT 1",
    );
    expect(log).toEqual([{ user_name: "provider" }]);
  });

  it("was counted for the months before it by its migration, from the confirmed and reverted documents", async () => {
    // The migration's own statement, run again on this tenant's documents after the counts are emptied.
    const sqlText = Deno.readTextFileSync("migrations/tenant/0035_document_usage.sql");
    const backfill = sqlText.slice(sqlText.indexOf("INSERT INTO `document_usage`"));
    const expected = await w.query(
      "SELECT substr(executed_at, 1, 7) AS month, count(*) AS n FROM wms_documents WHERE status_code IN ('confirmed', 'reverted') GROUP BY 1 ORDER BY 1",
    );
    const reverted = await receipt();
    expect((await confirm(w, reverted.id, true)).status).toBe(200);
    expect((await w.api("POST", `/WmsDocument/${reverted.id}/revert`)).status).toBe(200);
    await w.query("DELETE FROM document_usage");
    await w.query(backfill);
    const counted = (await usageRows()).map((r) => [r.month, r.documents, r.extra_documents]);
    expect(counted).toEqual(
      expected.map((e) => [e.month, Number(e.n) + (e.month === thisMonth() ? 1 : 0), 0]),
    );
  });
});

describe("the upgrade that made no limit the default (migration 0036)", () => {
  /**
   * A tenant file from before the upgrade: the account at the old defaults (1,000 documents, 0.05 EUR, no
   * budget), 1,500 documents confirmed this month, migration 0036 not applied; the pool migrates it when it
   * opens it again.
   */
  async function tenantFromBefore(slug: string, provider?: Record<string, string>) {
    const t = await worldOn(w.s, slug);
    if (provider) await setSubscription(w.s.platform, slug, provider);
    await w.s.platform.pool.forget(t.tenant.dbUrl);
    const raw = new DatabaseSync(filePathOf(t.tenant.dbUrl));
    raw.exec("UPDATE client_account SET monthly_document_limit = 1000");
    raw.prepare("INSERT INTO document_usage (month, documents, updated_at) VALUES (?, 1500, '2026-01-01')")
      .run(thisMonth());
    // The migrations after 0036 undone too (a file from before the upgrade has none of them).
    undoTenantMigrationsFrom(raw, 37, readMigrations("tenant"));
    raw.exec("DELETE FROM __migrations WHERE idx >= 36");
    raw.close();
    const place = await location(t, `${slug}-01`);
    return { t, place, item: await product(t, `${slug}-BOX`) };
  }

  it("lets a tenant left at the old defaults, past 1,000 documents this month, go on confirming", async () => {
    const { t, place, item } = await tenantFromBefore("limits-before");
    expect((await t.api("GET", "/ClientAccount/document-usage")).body).toMatchObject({
      documents: 1500,
      limit: 0,
      state: "unlimited",
    });
    expect(await receive(t, item, place, 1)).toBeGreaterThan(0);
    expect((await t.api("GET", "/ClientAccount/document-usage")).body.documents).toBe(1501);
  });

  it("keeps the same values where the provider chose them", async () => {
    const { t, place, item } = await tenantFromBefore("limits-chosen", {
      monthlyDocumentLimit: "1000",
      extraDocumentPriceEur: "0.05",
      extraOperationsBudget: "0",
    });
    expect((await t.api("GET", "/ClientAccount/document-usage")).body).toMatchObject({
      limit: 1000,
      state: "budgetSpent",
    });
    const doc = await draft(t, { typeCode: "IIN", destinationLocationId: place }, [{
      productId: item,
      quantity: 1,
    }]);
    const refused = await confirm(t, doc.id, true);
    expect([refused.status, refused.body.error.code]).toEqual([402, "account.documentLimitReached"]);
    expect(refused.body.error.params).toEqual({ limit: 1000, budget: 0 });
  });
});
