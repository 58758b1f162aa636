// Logistics → warehouse documents in a real browser against the real server, as a staff user with the
// logistics module: receive goods (DIN into a location, one position by EAN and one by index, a product
// that requires an expiry date: the required mark, then the validator's message at the position), release
// part of them (DOU) with a quantity above what is there (the issue at the position, fixed, confirmed),
// relocate (ARL) to another location and revert it, accept a short-expiry warning, and watch a second
// browser see a document turn confirmed without a reload. After each step the stock per location is read
// from the tenant's database and the document from the API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer } from "../fixtures/harness.ts";
import {
  assertStockEqualsLedger,
  daysAhead,
  location,
  product,
  stockAt,
  type StockWorld,
  yymmdd,
} from "../integration/stock/fixture.ts";
import { dateField, dateValue, launchBrowser, signedInPage, typeDate, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { enUs as serverEn } from "../../shared/i18n/api/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let whA: number;
let whB: number;
let milk: number;
let bolt: number;
const EAN = "5901234123457";

beforeAll(async () => {
  const s = await startServer({ loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  const tenant = await createTenant(s, "docs");
  const admin = (await signIn(s, "docs-admin")).token;
  w = {
    s,
    tenant,
    admin,
    query: (sql, params = []) => s.platform.pool.use(tenant.dbUrl, (conn) => conn.query(sql, params)),
    api: (method, path, body, token = admin) => call(s, method, `/api${path}`, { token, body }),
  };
  await addUser(s, admin, { username: "logi-lena", visibleName: "Lena Logistics", logisticsEnabled: true });
  whA = await location(w, "WH-A");
  whB = await location(w, "WH-B");
  milk = await product(w, "MILK-1", { barcodes: [EAN], expiryDateVisible: true, expiryDateRequired: true });
  bolt = await product(w, "BOLT-1");
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

/** A page signed in as `username` at `path`. */
function pageAs(username: string, path: string): Promise<Page> {
  return signedInPage(browser, w.s, contexts, username, path, {
    timeoutMs: 20_000,
    viewport: { width: 1400, height: 1000 },
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
}

const issueText = (key: keyof typeof serverEn, params: Record<string, string> = {}): string =>
  Object.entries(params).reduce((text: string, [k, v]) => text.replace(`{${k}}`, v), serverEn[key]);
const editor = (page: Page) => page.getByTestId("document-editor");
const row = (page: Page, index: string): Locator => editor(page).locator(`tr[data-product="${index}"]`);

async function pick(page: Page, box: Locator, text: string, option: string) {
  await box.fill(text);
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A new document of `type` through the editor, saved; answers its id. */
async function newDocument(
  page: Page,
  type: string,
  places: { source?: string; destination?: string },
): Promise<number> {
  await page.goto(w.s.baseUrl + "/warehouse-new-document", { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  await editor(page).getByRole("button", { name: new RegExp(enUs["field.wmsDocument.typeCode"]) }).click();
  await page.getByRole("option", { name: enUs[`document.type.${type}` as keyof typeof enUs], exact: true })
    .click();
  if (places.source) {
    await pick(
      page,
      editor(page).getByRole("combobox", { name: enUs["field.wmsDocument.sourceLocationId"] }),
      places.source,
      places.source,
    );
  }
  if (places.destination) {
    await pick(
      page,
      editor(page).getByRole("combobox", { name: enUs["field.wmsDocument.destinationLocationId"] }),
      places.destination,
      places.destination,
    );
  }
  await editor(page).getByRole("button", { name: enUs["common.save"], exact: true }).click();
  await page.waitForURL(/\/warehouse-new-document\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").at(-1));
  await editor(page).getByRole("textbox", { name: enUs["documents.scan"] }).waitFor();
  return id;
}

async function scan(page: Page, code: string) {
  const input = editor(page).getByRole("textbox", { name: enUs["documents.scan"] });
  await input.fill(code);
  await input.press("Enter");
}

async function setQuantity(page: Page, index: string, quantity: number) {
  const box = row(page, index).getByRole("textbox", {
    name: new RegExp(enUs["field.wmsDocumentPosition.quantity"]),
  });
  await box.fill(String(quantity));
  await box.blur();
}

async function confirmInEditor(page: Page) {
  await editor(page).getByRole("button", { name: enUs["document.action.confirm"], exact: true }).click();
}

/** After a confirmation the preview opens with the number and the confirmed badge. */
async function expectConfirmedPreview(page: Page, id: number) {
  await page.waitForURL(new RegExp(`/warehouse-documents/${id}$`));
  const preview = page.getByTestId("document-preview");
  await preview.locator('[data-status="confirmed"]').waitFor();
  const doc = (await w.api("GET", `/WmsDocument/${id}`)).body;
  expect(doc.statusCode).toBe("confirmed");
  expect(await preview.getByTestId("document-number").textContent()).toBe(doc.documentNumber);
  return doc;
}

describe("a staff user with logistics", () => {
  it("receives, releases, relocates, reverts and accepts a short-expiry warning", async () => {
    const page = await pageAs("logi-lena", "/warehouse-documents");
    await page.getByRole("heading", { name: enUs["route.warehouse-documents"] }).waitFor();

    // An internal receipt has no contractor and no source, only a destination, marked required.
    await page.goto(w.s.baseUrl + "/warehouse-new-document", { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    await editor(page).getByRole("button", { name: new RegExp(enUs["field.wmsDocument.typeCode"]) }).click();
    await page.getByRole("option", { name: enUs["document.type.IIN"], exact: true }).click();
    const destination = editor(page).getByRole("combobox", {
      name: enUs["field.wmsDocument.destinationLocationId"],
    });
    await destination.waitFor();
    expect(await destination.getAttribute("aria-required")).toBe("true");
    expect(await editor(page).getByRole("combobox", { name: enUs["field.wmsDocument.contractorId"] }).count())
      .toBe(0);
    expect(
      await editor(page).getByRole("combobox", { name: enUs["field.wmsDocument.sourceLocationId"] }).count(),
    )
      .toBe(0);
    // Only the enabled types that are not made from orders are offered.
    await editor(page).getByRole("button", { name: new RegExp(enUs["field.wmsDocument.typeCode"]) }).click();
    const offered = await page.getByRole("option").allTextContents();
    expect(offered).toContain(enUs["document.type.DIN"]);
    expect(offered).not.toContain(enUs["document.type.OIN"]);
    await page.keyboard.press("Escape");

    // Receipt (DIN) into WH-A: the contractor may be chosen, a source location may not.
    const din = await newDocument(page, "DIN", { destination: "WH-A" });
    expect(await editor(page).getByRole("combobox", { name: enUs["field.wmsDocument.contractorId"] }).count())
      .toBe(1);
    expect(
      await editor(page).getByRole("combobox", { name: enUs["field.wmsDocument.sourceLocationId"] }).count(),
    )
      .toBe(0);
    await scan(page, EAN);
    await row(page, "MILK-1").waitFor();
    await scan(page, "bolt-1");
    await row(page, "BOLT-1").waitFor();
    // An unknown code is said at the input, and nothing is added.
    await scan(page, "NOPE-9");
    await editor(page).getByText(issueText("document.issue.productNotFound", { code: "NOPE-9" })).waitFor();
    expect(await editor(page).locator("tr[data-position-id]").count()).toBe(2);

    // The product that needs an expiry date has the field, marked required; the other has none.
    const expiry = dateField(row(page, "MILK-1"), new RegExp(enUs["field.wmsDocumentPosition.expiryDate"]));
    expect(await expiry.getByRole("spinbutton").first().getAttribute("aria-required")).toBe("true");
    expect(await row(page, "BOLT-1").getByRole("spinbutton").count()).toBe(0);
    await setQuantity(page, "MILK-1", 10);
    await setQuantity(page, "BOLT-1", 5);
    // A wheel turned over a focused quantity takes the focus away and changes nothing.
    const quantity = row(page, "MILK-1").getByRole("textbox", {
      name: new RegExp(enUs["field.wmsDocumentPosition.quantity"]),
    });
    // At the window's own size: the page scrolls under the wheel, and the field still lets go.
    await quantity.click();
    expect(await quantity.evaluate((el) => document.activeElement === el)).toBe(true);
    await page.mouse.wheel(0, 120);
    await expect.poll(() => quantity.evaluate((el) => document.activeElement === el), { timeout: 15_000 })
      .toBe(false);
    expect(await quantity.inputValue()).toBe("10");

    // Confirming without the expiry date: the validator's message at the position, nothing moved.
    await confirmInEditor(page);
    const milkIssue = row(page, "MILK-1").getByTestId("position-issues");
    await milkIssue.getByText(issueText("document.issue.expiryDateRequired", { product: "MILK-1" }))
      .waitFor();
    expect(await milkIssue.locator('[data-severity="error"]').count()).toBe(1);
    expect(await stockAt(w, milk, whA)).toBe(0);
    expect((await w.api("GET", `/WmsDocument/${din}`)).body.statusCode).toBe("workingCopy");

    await typeDate(expiry, "2030-06-30");
    await confirmInEditor(page);
    const dinDoc = await expectConfirmedPreview(page, din);
    expect(dinDoc.documentNumber).not.toBe("");
    expect(await stockAt(w, milk, whA)).toBe(10);
    expect(await stockAt(w, bolt, whA)).toBe(5);
    await assertStockEqualsLedger(w);

    // Release (DOU) from WH-A: more than is there is refused at the position, then fixed.
    const dou = await newDocument(page, "DOU", { source: "WH-A" });
    expect(
      await editor(page).getByRole("combobox", { name: enUs["field.wmsDocument.destinationLocationId"] })
        .count(),
    ).toBe(0);
    await scan(page, "MILK-1");
    await row(page, "MILK-1").waitFor();
    // A position added by mistake is removed while the document is a working copy.
    await scan(page, "BOLT-1");
    await row(page, "BOLT-1").getByRole("button", {
      name: new RegExp(`^${enUs["documents.remove"].replace("{product}", "BOLT-1")}`),
    }).click();
    await row(page, "BOLT-1").waitFor({ state: "detached" });
    expect((await w.api("GET", `/WmsDocument/${dou}/Positions`)).body.allFilteredRowCount).toBe(1);
    await setQuantity(page, "MILK-1", 12);
    await confirmInEditor(page);
    await row(page, "MILK-1").getByTestId("position-issues")
      .getByText(issueText("document.issue.quantityAboveAvailable")).waitFor();
    expect(await stockAt(w, milk, whA)).toBe(10);
    await setQuantity(page, "MILK-1", 4);
    await confirmInEditor(page);
    await expectConfirmedPreview(page, dou);
    expect(await stockAt(w, milk, whA)).toBe(6);
    await assertStockEqualsLedger(w);

    // The receipt cannot be reverted now that part of its milk has left: said in the preview.
    await page.goto(w.s.baseUrl + `/warehouse-documents/${din}`, { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    await page.getByTestId("document-preview").getByRole("button", {
      name: enUs["document.action.revert"],
      exact: true,
    }).click();
    await page.getByRole("alertdialog").getByRole("button", {
      name: enUs["document.action.revert"],
      exact: true,
    })
      .click();
    await page.getByTestId("document-preview").getByRole("alert").getByText(
      enUs["apiError.document.revertBlocked"],
    )
      .waitFor();
    expect((await w.api("GET", `/WmsDocument/${din}`)).body.statusCode).toBe("confirmed");
    expect(await stockAt(w, milk, whA)).toBe(6);

    // Relocation (ARL) of the bolts from WH-A to WH-B.
    const arl = await newDocument(page, "ARL", { source: "WH-A", destination: "WH-B" });
    await scan(page, "BOLT-1");
    await row(page, "BOLT-1").waitFor();
    await setQuantity(page, "BOLT-1", 5);
    await confirmInEditor(page);
    await expectConfirmedPreview(page, arl);
    expect(await stockAt(w, bolt, whA)).toBe(0);
    expect(await stockAt(w, bolt, whB)).toBe(5);

    // Reverting it, after the question, puts them back.
    const preview = page.getByTestId("document-preview");
    await preview.getByRole("button", { name: enUs["document.action.revert"], exact: true }).click();
    const question = page.getByRole("alertdialog");
    await question.getByText(enUs["documents.revertQuestion"].replace(
      "{number}",
      (await w.api(
        "GET",
        `/WmsDocument/${arl}`,
      )).body.documentNumber,
    )).waitFor();
    await question.getByRole("button", { name: enUs["document.action.revert"], exact: true }).click();
    await preview.locator('[data-status="reverted"]').waitFor();
    expect((await w.api("GET", `/WmsDocument/${arl}`)).body.statusCode).toBe("reverted");
    expect(await stockAt(w, bolt, whA)).toBe(5);
    expect(await stockAt(w, bolt, whB)).toBe(0);
    await assertStockEqualsLedger(w);

    // A receipt of milk that expires in 5 days: a warning (amber), accepted.
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const short = await newDocument(page, "DIN", { destination: "WH-B" });
    await scan(page, EAN);
    await row(page, "MILK-1").waitFor();
    await typeDate(
      dateField(row(page, "MILK-1"), new RegExp(enUs["field.wmsDocumentPosition.expiryDate"])),
      soon,
    );
    await confirmInEditor(page);
    const warning = row(page, "MILK-1").getByTestId("position-issues").locator('[data-severity="warning"]');
    await warning.waitFor();
    expect(await warning.getAttribute("data-code")).toBe("document.issue.shortExpiry");
    expect(await stockAt(w, milk, whB)).toBe(0);
    await editor(page).getByRole("button", { name: enUs["documents.acceptWarnings"] }).click();
    await expectConfirmedPreview(page, short);
    expect(await stockAt(w, milk, whB)).toBe(1);
    expect(await stockAt(w, milk, whA)).toBe(6);
    await assertStockEqualsLedger(w);
  }, 120_000);

  it("sees in a second browser a document turn confirmed without a reload", async () => {
    const d = await w.api("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: whB });
    expect(d.status).toBe(201);
    const p = await w.api("POST", "/WmsDocumentPosition", {
      documentId: d.body.id,
      productId: bolt,
      quantity: 2,
    });
    expect(p.status).toBe(201);

    const watcher = await pageAs("docs-admin", "/warehouse-documents");
    const watched = watcher.locator(`[data-row-id="${d.body.id}"]`);
    await watched.locator('[data-status="workingCopy"]').waitFor();

    // The working copy's Edit action opens it in the editor; back in its preview it is confirmed.
    const page = await pageAs("logi-lena", `/warehouse-documents/${d.body.id}`);
    const preview = page.getByTestId("document-preview");
    await preview.locator('[data-status="workingCopy"]').waitFor();
    await preview.getByRole("button", { name: enUs["document.action.edit"], exact: true }).click();
    await page.waitForURL(new RegExp(`/warehouse-new-document/${d.body.id}$`));
    await row(page, "BOLT-1").waitFor();
    await page.goto(w.s.baseUrl + `/warehouse-documents/${d.body.id}`, { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    await preview.getByRole("button", { name: enUs["document.action.confirm"], exact: true }).click();
    await preview.locator('[data-status="confirmed"]').waitFor();

    await watched.locator('[data-status="confirmed"]').waitFor();
    // A confirmed document is reverted, not edited or deleted.
    const offered = await preview.getByRole("group", { name: enUs["documents.actions"] }).getByRole("button")
      .allTextContents();
    expect(offered).toEqual([enUs["document.action.revert"]]);
    expect(await stockAt(w, bolt, whB)).toBe(2);
    await assertStockEqualsLedger(w);
  }, 60_000);

  it("is told of a number collision and confirms again", async () => {
    const config = (await w.api("GET", "/ClientLogisticsConfig")).body;
    const { id: _id, createdAt: _c, updatedAt: _u, ...data } = config;
    data.numbering.documents.IIN = {
      parts: [{ type: "text", value: "CX" }, { type: "counter", digits: 5 }],
      reset: "never",
    };
    expect((await w.api("PUT", "/ClientLogisticsConfig", data)).status).toBe(200);
    // Another document already holds the number the counter gives next.
    const holder = await w.api("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: whA });
    await w.query("UPDATE wms_documents SET document_number = 'CX00001' WHERE id = ?", [holder.body.id]);
    const d = await w.api("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: whA });
    await w.api("POST", "/WmsDocumentPosition", { documentId: d.body.id, productId: bolt, quantity: 1 });
    const before = await stockAt(w, bolt, whA);

    const page = await pageAs("logi-lena", `/warehouse-documents/${d.body.id}`);
    const preview = page.getByTestId("document-preview");
    const confirmButton = preview.getByRole("button", { name: enUs["document.action.confirm"], exact: true });
    await confirmButton.click();
    await page.getByText(enUs["apiError.document.numberCollision"]).waitFor();
    expect((await w.api("GET", `/WmsDocument/${d.body.id}`)).body.statusCode).toBe("workingCopy");
    expect(await stockAt(w, bolt, whA)).toBe(before);
    await confirmButton.click();
    await preview.locator('[data-status="confirmed"]').waitFor();
    expect(await preview.getByTestId("document-number").textContent()).toBe("CX00002");
    expect(await stockAt(w, bolt, whA)).toBe(before + 1);
    await assertStockEqualsLedger(w);
  }, 60_000);

  it("deletes a working copy after the question", async () => {
    const d = await w.api("POST", "/WmsDocument", { typeCode: "IIN", destinationLocationId: whA });
    await w.api("POST", "/WmsDocumentPosition", { documentId: d.body.id, productId: bolt, quantity: 1 });
    const page = await pageAs("logi-lena", `/warehouse-documents/${d.body.id}`);
    const preview = page.getByTestId("document-preview");
    await preview.locator('[data-status="workingCopy"]').waitFor();
    await preview.getByRole("button", { name: enUs["document.action.delete"], exact: true }).click();
    const question = page.getByRole("alertdialog");
    await question.getByText(enUs["documents.deleteQuestion"].replace("{number}", d.body.documentNumber))
      .waitFor();
    await question.getByRole("button", { name: enUs["document.action.delete"], exact: true }).click();
    await page.waitForURL(/\/warehouse-documents$/);
    expect((await w.api("GET", `/WmsDocument/${d.body.id}`)).status).toBe(404);
    await page.locator(`[data-row-id="${d.body.id}"]`).waitFor({ state: "detached" });
  });

  it("scans a GS1 carton label: the product by its GTIN, the expiry date and serial number from the label", async () => {
    const page = await pageAs("logi-lena", "/warehouse-new-document");
    const id = await newDocument(page, "IIN", { destination: "WH-B" });
    // ]C1 (GS1-128), GTIN of MILK-1's EAN, use-by (AI 17, YYMMDD) a lot of today's, serial, then a batch
    // after the FNC1 separator.
    const useBy = daysAhead(400);
    await scan(page, `]C1010590123412345717${yymmdd(useBy)}21SN-5\x1d10LOT-1`);
    await row(page, "MILK-1").waitFor();
    const expiry = dateField(row(page, "MILK-1"), new RegExp(enUs["field.wmsDocumentPosition.expiryDate"]));
    expect(await dateValue(expiry)).toBe(useBy);
    const [position] = (await w.api("GET", `/WmsDocument/${id}/Positions`)).body.results;
    expect(position).toMatchObject({
      productIndex: "MILK-1",
      expiryDate: useBy,
      serialNumber: "SN-5",
    });
    // A label with a wrong check digit is said at the input, and nothing is added.
    await scan(page, "]C10105901234123458");
    await editor(page).getByText(issueText("document.issue.gs1Unreadable", { code: "]C10105901234123458" }))
      .waitFor();
    expect(await editor(page).locator("tr[data-position-id]").count()).toBe(1);
    await page.close();
  });

  it("lists positions with their document's number", async () => {
    const page = await pageAs("logi-lena", "/warehouse-documents-positions");
    await page.getByRole("heading", { name: enUs["route.warehouse-documents-positions"] }).waitFor();
    const numbers = (await w.api("GET", "/WmsDocument?PageSize=100")).body.results.map((
      d: { documentNumber: string },
    ) => d.documentNumber);
    await page.locator("[data-row-id]").first().waitFor();
    const first = await page.locator("[data-row-id]").first().textContent();
    expect(numbers.some((n: string) => first?.includes(n))).toBe(true);
    // A position opens its document's preview.
    await page.locator("[data-row-id]").first().click();
    await page.waitForURL(/\/warehouse-documents\/\d+$/);
    await page.getByTestId("document-preview").getByTestId("document-number").waitFor();
  });
});
