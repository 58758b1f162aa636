// My company (ClientAccount) in a real browser: an administrator edits it in the generic dialog and the
// change survives a reload; a wrong value is shown beside its field with the input kept; a basic user
// sees the data without an edit button, and the server refuses their PUT anyway.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { addUser, call, createTenant, signIn, startServer, type TestServer } from "../fixtures/harness.ts";
import { launchBrowser, waitForHydration } from "./browser.ts";
import { enUs } from "../../client/i18n/en_us.ts";

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
});
