// Issue 31, item 28: the administration, pricing and transport screens that had no browser test, each
// opened by its own role over data made beforehand: the system log (an entry opened), e-mail templates and
// exchange rates (a row edited and saved), transport messages (a row opening its freight ticket).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addUser, signIn } from "../fixtures/harness.ts";
import { addStaffUser, company, startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage, waitForListCount } from "./browser.ts";
import { listRow } from "./list_rows.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let template: { id: number };
let rate: { id: number };
let ticket: { id: number; shipmentNumber: string };

beforeAll(async () => {
  w = await startStockWorld("admin-e2e");
  const dispatcher = await addStaffUser(w, "admin-e2e-dispatcher", {
    visibleName: "Dora Dispatch",
    shippingEnabled: true,
  });
  await addStaffUser(w, "admin-e2e-manager", { isPowerUser: true });
  const carrierCompany = await company(w, "FAST TRUCKS", "carrier");
  await addUser(w.s, w.admin, {
    username: "admin-e2e-carrier",
    visibleName: "Carl Carrier",
    connectedContractorId: carrierCompany,
    transportEnabled: true,
  });
  // The system log: the server alone writes it (on failures), so its rows are put in its table.
  const row = "INSERT INTO system_log (level, message, exception, source, machine_name, http_code, " +
    "elapsed_ms, raise_date, properties, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  await w.query(row, [
    "error",
    "Database is locked",
    "Error: database is locked\n    at confirmDocument",
    "http",
    "node-1",
    500,
    1234,
    "2026-01-02T10:00:00.000Z",
    JSON.stringify({ path: "/api/WmsDocument/7/confirm", method: "POST" }),
    "req-e2e-1",
  ]);
  await w.query(row, [
    "warning",
    "Slow answer",
    null,
    "list",
    "node-2",
    200,
    4100,
    "2026-01-03T10:00:00.000Z",
    null,
    null,
  ]);
  template = (await w.api("POST", "/EmailTemplate", {
    code: "SHIPPED",
    name: "Order shipped",
    language: "en-us",
    subject: "Your order is on its way",
    body: "Hello, your order left our warehouse today.",
  })).body;
  rate = (await w.api("POST", "/ExchangeRate", {
    currencySign: "USD",
    shortName: "Dollar",
    fullName: "US dollar",
    baseRate: 0.92,
  })).body;
  expect(rate.id).toBeTypeOf("number");
  // A published ticket, a carrier's question on it and the warehouse's answer.
  ticket = (await w.api("POST", "/ShipmentTicket", {
    pickupPoint: "Cold store Gdańsk",
    pickupCountry: "PL",
    pickupTime: "2027-02-03T06:00:00Z",
    deliveryPoint: "Frischelager Hamburg",
    deliveryCountry: "DE",
    deliveryTime: "2027-02-03T18:00:00Z",
    loadPalCount: 18,
  }, dispatcher)).body;
  expect((await w.api("POST", `/ShipmentTicket/${ticket.id}/publish`, undefined, dispatcher)).status).toBe(
    200,
  );
  const carrierToken = (await signIn(w.s, "admin-e2e-carrier")).token;
  const question = await w.api("POST", `/ShipmentTicket/${ticket.id}/message`, {
    text: "Is there a tail lift at the store?",
  }, carrierToken);
  expect(question.status, JSON.stringify(question.body)).toBe(201);
  const answer = await w.api("POST", `/ShipmentTicket/${ticket.id}/message`, {
    text: "Yes, dock 3 has one.",
    carrierId: carrierCompany,
  }, dispatcher);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

function open(username: string, path: string): Promise<Page> {
  return signedInPage(browser, w.s, contexts, username, path, {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
}

const heading = (p: Page) => p.locator("main h1").first();
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replace(`{${k}}`, String(v)), text);

describe("administration, pricing and transport screens", () => {
  it("system log: the entries newest first; one opened shows what failed", async () => {
    const p = await open("admin-e2e-admin", "/log");
    expect(await heading(p).textContent()).toBe(enUs["route.log"]);
    await waitForListCount(p, fill(enUs["list.rows#other"], { count: 2 }));
    expect(await listRow(p, "Database is locked")).toMatchObject({
      level: enUs["option.level.error"],
      source: "http",
      httpCode: "500",
    });
    const rows = await p.locator("[data-row-id]").allTextContents();
    expect(rows[0]).toContain("Slow answer");
    await p.locator("[data-row-id]").filter({ hasText: "Database is locked" }).click();
    const dialog = p.getByRole("dialog");
    await dialog.getByText("at confirmDocument", { exact: false }).waitFor();
    await dialog.getByText("req-e2e-1").waitFor();
  });

  it("e-mail templates: a template's row; edited in its dialog and saved", async () => {
    const p = await open("admin-e2e-admin", "/email-templates");
    expect(await heading(p).textContent()).toBe(enUs["route.email-templates"]);
    expect(await listRow(p, "SHIPPED")).toMatchObject({
      name: "Order shipped",
      language: enUs["option.language.en-us"],
      subject: "Your order is on its way",
    });
    await p.locator("[data-row-id]").filter({ hasText: "SHIPPED" }).click();
    const form = p.getByTestId("record-form");
    const subject = form.getByRole("textbox", { name: enUs["field.emailTemplate.subject"] });
    await subject.fill("Your order left us today");
    await form.getByRole("button", { name: enUs["common.save"], exact: true }).click();
    await expect.poll(
      async () =>
        (await w.query("SELECT subject FROM email_templates WHERE id = ?", [template.id]))[0].subject,
      { timeout: 20_000 },
    ).toBe("Your order left us today");
    await expect.poll(async () => (await listRow(p, "SHIPPED")).subject, { timeout: 20_000 }).toBe(
      "Your order left us today",
    );
  });

  it("exchange rates: a currency and its rate; its full name edited in its dialog", async () => {
    const p = await open("admin-e2e-manager", "/exchange-rates");
    expect(await heading(p).textContent()).toBe(enUs["route.exchange-rates"]);
    expect(await listRow(p, "USD")).toMatchObject({
      shortName: "Dollar",
      fullName: "US dollar",
      baseRate: "0.92",
    });
    await p.locator("[data-row-id]").filter({ hasText: "USD" }).click();
    const form = p.getByTestId("record-form");
    await form.getByRole("textbox", { name: enUs["field.exchangeRate.fullName"] }).fill(
      "United States dollar",
    );
    await form.getByRole("button", { name: enUs["common.save"], exact: true }).click();
    await expect.poll(
      async () =>
        (await w.query("SELECT full_name FROM exchange_rates WHERE id = ?", [rate.id]))[0].full_name,
      { timeout: 20_000 },
    ).toBe("United States dollar");
  });

  it("transport messages: the conversation's messages by ticket and carrier; a row opens its ticket", async () => {
    const p = await open("admin-e2e-dispatcher", "/direct-transport-message");
    expect(await heading(p).textContent()).toBe(enUs["route.direct-transport-message"]);
    await waitForListCount(p, fill(enUs["list.rows#other"], { count: 2 }));
    expect(await listRow(p, "tail lift")).toMatchObject({
      ticketId: ticket.shipmentNumber,
      carrierId: "FAST TRUCKS",
      fromWarehouse: enUs["list.no"],
      authorName: "Carl Carrier",
    });
    expect(await listRow(p, "dock 3")).toMatchObject({
      fromWarehouse: enUs["list.yes"],
      authorName: "Dora Dispatch",
    });
    await p.locator("[data-row-id]").filter({ hasText: "tail lift" }).click();
    await p.waitForURL((url) => url.pathname === `/direct-transport-offer/${ticket.id}`);
    await p.getByTestId("freight-panel").waitFor();
  });
});
