// My company (ClientAccount) in a real browser: an administrator edits it in the generic dialog and the
// change survives a reload; a wrong value is shown beside its field with the input kept; a basic user
// sees the data without an edit button, and the server refuses their PUT anyway.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { setSubscription } from "../../tenants/subscription.ts";

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  s = await startServer();
  await createTenant(s, "acme");
  const admin = await signIn(s, "acme-admin");
  await addUser(s, admin.token, { username: "acme-clerk" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

async function pageAs(username: string, path: string): Promise<Page> {
  const auth = await signIn(s, username);
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  await context.addInitScript((value) => {
    if (!localStorage.getItem("wms.auth")) localStorage.setItem("wms.auth", value);
  }, JSON.stringify(auth));
  const page = await context.newPage();
  await page.goto(s.baseUrl + path);
  await waitForHydration(page);
  return page;
}

/** The messages tied to a field (aria-describedby), as a screen reader announces them. */
async function fieldMessages(field: Locator): Promise<string> {
  const ids = (await field.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    ids.split(/\s+/).filter(Boolean).map((id) => field.page().locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(" ");
}

describe("my company", () => {
  it("an administrator changes the invoice data and an address; a reload shows them", async () => {
    const page = await pageAs("acme-admin", "/my-company");
    const data = page.getByTestId("my-company");
    await data.getByText("acme Company").waitFor();
    await page.getByRole("button", { name: enUs["dialog.editButton"] }).click();
    await page.waitForURL(/\/my-company\/edit$/);
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Edit: acme Company" }).waitFor();
    const invoiceName = dialog.getByRole("textbox", { name: enUs["field.account.invoiceName"] });
    const invoiceEmail = dialog.getByRole("textbox", { name: enUs["field.account.invoiceEmail"] });
    await invoiceName.fill("Acme Renamed Ltd");
    await invoiceEmail.fill("not-an-address");
    await dialog.getByRole("button", { name: enUs["dialog.addAddress"] }).click();
    const address = dialog.getByRole("group", { name: "Address 1" });
    await address.getByRole("textbox", { name: enUs["field.address.city"] }).fill("Łódź");
    await address.getByRole("textbox", { name: enUs["field.address.street"] }).fill("Piotrkowska");
    await dialog.getByRole("button", { name: enUs["common.save"] }).click();

    await dialog.getByText(enUs["error.formHasErrors"]).waitFor();
    expect(await fieldMessages(invoiceEmail)).toContain(enUs["validation.invalidEmail"]);
    expect(await invoiceName.inputValue()).toBe("Acme Renamed Ltd");
    expect(await address.getByRole("textbox", { name: enUs["field.address.city"] }).inputValue()).toBe(
      "Łódź",
    );
    expect(
      (await call(s, "GET", "/api/ClientAccount", { token: (await signIn(s, "acme-admin")).token })).body,
    )
      .toMatchObject({ invoiceName: "acme Company", version: 1 });

    await invoiceEmail.fill("invoices@acme.example");
    await dialog.getByRole("button", { name: enUs["common.save"] }).click();
    await page.waitForURL(/\/my-company$/);
    await data.getByText("Acme Renamed Ltd").waitFor();

    await page.reload();
    await waitForHydration(page);
    await data.getByText("Acme Renamed Ltd").waitFor();
    const text = await data.textContent();
    expect(text).toContain("invoices@acme.example");
    expect(text).toContain("Piotrkowska, Łódź");
    const stored = await call(s, "GET", "/api/ClientAccount", {
      token: (await signIn(s, "acme-admin")).token,
    });
    expect(stored.body).toMatchObject({
      invoiceName: "Acme Renamed Ltd",
      invoiceEmail: "invoices@acme.example",
      addresses: [{ street: "Piotrkowska", city: "Łódź" }],
      version: 2,
    });
    // The change is in the account's history, opened from its dialog.
    await page.getByRole("button", { name: enUs["dialog.editButton"] }).click();
    await page.getByRole("dialog").getByRole("button", { name: enUs["history.open"] }).click();
    const history = page.getByRole("dialog", { name: /^History/ });
    const entry = history.getByTestId("history-entry").first();
    await entry.waitFor();
    const invoiceRow = entry.getByRole("row", { name: new RegExp(`^${enUs["field.account.invoiceName"]}`) });
    expect((await invoiceRow.locator("td").allTextContents())[1]).toBe("Acme Renamed Ltd");
    await page.context().close();
  });

  it("an administrator changes the base currency in its dialog, choosing what becomes of the rates", async () => {
    const admin = (await signIn(s, "acme-admin")).token;
    for (
      const rate of [{ currencySign: "PLN", shortName: "zł", baseRate: 0.234 }, {
        currencySign: "USD",
        baseRate: 0.8,
      }]
    ) {
      expect((await call(s, "POST", "/api/ExchangeRate", { token: admin, body: rate })).status).toBe(201);
    }
    const page = await pageAs("acme-admin", "/my-company");
    const data = page.getByTestId("my-company");
    await data.getByText(enUs["field.account.baseCurrency"], { exact: true }).waitFor();
    await page.getByRole("button", { name: enUs["myCompany.changeBaseCurrency"] }).click();
    await page.waitForURL(/\/my-company\/base-currency$/);
    const dialog = page.getByRole("dialog", { name: enUs["baseCurrency.title"] });
    await dialog.getByText(enUs["baseCurrency.intro"].replace("{currency}", "EUR")).waitFor();
    const code = dialog.getByRole("textbox", { name: enUs["baseCurrency.new"] });
    const recompute = dialog.getByRole("radio", { name: new RegExp(enUs["baseCurrency.recompute"]) });

    // A currency without a rate cannot be recomputed from; nothing is chosen for the user, and saving
    // without a choice is refused beside the choice, changing nothing.
    await code.fill("CHF");
    await dialog.getByText(enUs["baseCurrency.recomputeNoRate"]).waitFor();
    expect(await recompute.isDisabled()).toBe(true);
    await code.fill("PLN");
    await dialog.getByText(/1 PLN = 0\.234 EUR/).waitFor();
    expect(await recompute.isDisabled()).toBe(false);
    expect(await dialog.getByRole("radio", { checked: true }).count()).toBe(0);
    await dialog.getByRole("button", { name: enUs["baseCurrency.submit"] }).click();
    await dialog.getByText(enUs["error.formHasErrors"]).waitFor();
    const group = dialog.getByRole("radiogroup", { name: enUs["baseCurrency.rates"] });
    expect(await group.innerText()).toContain(enUs["validation.required"]);
    const before = await call(s, "GET", "/api/ClientAccount", { token: admin });
    expect(before.body.baseCurrency).toBe("EUR");

    // Recomputed: the account and the rates change together.
    await dialog.getByText(enUs["baseCurrency.recompute"], { exact: true }).click();
    await dialog.getByRole("button", { name: enUs["baseCurrency.submit"] }).click();
    await page.waitForURL(/\/my-company$/);
    await page.getByText(enUs["baseCurrency.changed"].replace("{currency}", "PLN")).waitFor();
    await expect.poll(async () => (await data.innerText()).includes("PLN")).toBe(true);
    const after = await call(s, "GET", "/api/ClientAccount", { token: admin });
    expect([after.body.baseCurrency, after.body.version]).toEqual(["PLN", before.body.version + 1]);
    const rates =
      (await call(s, "GET", "/api/ExchangeRate?sortColumn=currencySign", { token: admin })).body.results;
    expect(rates.map((r: { currencySign: string; baseRate: number }) => [r.currencySign, r.baseRate]))
      .toEqual([
        ["EUR", 4.273504274],
        ["USD", 3.418803419],
      ]);
    // The edit dialog shows the base currency without a field to change it there.
    await page.getByRole("button", { name: enUs["dialog.editButton"] }).click();
    const edit = page.getByRole("dialog");
    await edit.getByRole("textbox", { name: enUs["field.account.invoiceName"] }).waitFor();
    expect(await edit.getByRole("textbox", { name: enUs["field.account.baseCurrency"] }).count()).toBe(0);
    await page.context().close();
  });

  it("a basic user sees the data without an edit button, and the server refuses their edit", async () => {
    const page = await pageAs("acme-clerk", "/my-company/edit");
    const data = page.getByTestId("my-company");
    await data.getByText(enUs["field.account.invoiceName"]).waitFor();
    await page.getByText(enUs["myCompany.readOnly"]).waitFor();
    expect(await page.getByRole("button", { name: enUs["dialog.editButton"] }).count()).toBe(0);
    expect(await page.getByRole("dialog").count()).toBe(0); // the edit route opens nothing for them
    expect(await data.locator("input").count()).toBe(0);

    const clerk = await signIn(s, "acme-clerk");
    const before = await call(s, "GET", "/api/ClientAccount", { token: clerk.token });
    expect(before.status).toBe(200);
    const put = await call(s, "PUT", "/api/ClientAccount", {
      token: clerk.token,
      body: { version: before.body.version, invoiceName: "Taken over", addresses: [] },
    });
    expect(put.status).toBe(404);
    expect(put.body.error.code).toBe("record.notFoundOrNoPermission");
    const after = await call(s, "GET", "/api/ClientAccount", { token: clerk.token });
    expect(after.body.invoiceName).toBe(before.body.invoiceName);
    expect(after.body.version).toBe(before.body.version);
    await page.context().close();
  });

  it("warns an administrator once the month's documents are used up, on every screen and on my-company", async () => {
    // The provider's subscription: one document a month, 0.50 EUR past it, no budget: the one is used.
    await setSubscription(s.platform, "acme", {
      monthlyDocumentLimit: "1",
      extraDocumentPriceEur: "0.5",
      extraOperationsBudget: "0",
    });
    const admin = (await signIn(s, "acme-admin")).token;
    const post = async (path: string, body: unknown) => {
      const r = await call(s, "POST", `/api${path}`, { token: admin, body });
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
      return r.body;
    };
    const bin = await post("/StorageSpace", { label: "USAGE-01" });
    const box = await post("/Product", { index: "USAGE-BOX", name: "Usage box" });
    const doc = await post("/WmsDocument", { typeCode: "IIN", destinationLocationId: bin.id });
    await post("/WmsDocumentPosition", { documentId: doc.id, productId: box.id, quantity: 1 });
    await post(`/WmsDocument/${doc.id}/confirm?acceptWarnings=true`, undefined);

    const page = await pageAs("acme-admin", "/users");
    const banner = page.getByTestId("document-limit-banner");
    await banner.getByText(enUs["usage.budgetSpent"]).waitFor();
    await banner.getByRole("button", { name: enUs["route.my-company"] }).click();
    await page.waitForURL(/\/my-company$/);
    const panel = page.getByTestId("document-usage");
    await panel.getByText(enUs["usage.budgetSpent"]).waitFor();
    const month = new Date().toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    await panel.getByText(`1 of 1 documents in ${month}`).waitFor();
    await panel.getByText(/0 past the limit, costing €0\.00 of this month's budget of €0\.00/).waitFor();
    // Closed, it stays closed while the user works on.
    await page.getByTestId("document-limit-banner").getByRole("button", { name: enUs["common.close"] })
      .click();
    expect(await page.getByTestId("document-limit-banner").count()).toBe(0);
    await page.context().close();

    // A basic user is not told.
    const clerk = await pageAs("acme-clerk", "/my-company");
    await clerk.getByTestId("my-company").waitFor();
    expect(await clerk.getByTestId("document-limit-banner").count()).toBe(0);
    expect(await clerk.getByTestId("document-usage").count()).toBe(0);
    await clerk.context().close();
  });
});
