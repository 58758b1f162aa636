// The contractor portal and the widgets in real Chromium (issue 16): a contractor fills the cart and
// confirms it; staff see the order and release it; the contractor's "my orders" follows it live to fully
// received. A widget embedded on a page of another origin (a second loopback port) renders the contractor's
// stock in its shadow root and in an iframe; a page of a third origin, not allowed, gets neither.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  addStaffUser,
  company,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage, typeDate } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { widgetMessages } from "../../widgets/messages.ts";

let w: StockWorld;
let browser: Browser;
let acme: number;
const contexts: BrowserContext[] = [];
const servers: Deno.HttpServer[] = [];

beforeAll(async () => {
  w = await startStockWorld("portal-e2e");
  acme = await company(w, "ACME Portal");
  const other = await company(w, "Other Portal");
  const bin = await location(w, "PE-01");
  await receive(w, await product(w, "PE-SOAP", { contractorId: acme, unit: "pcs" }), bin, 10);
  await receive(w, await product(w, "PE-TOWEL", { contractorId: acme, unit: "pcs" }), bin, 4);
  await receive(w, await product(w, "PE-THEIRS", { contractorId: other }), bin, 9);
  await addStaffUser(w, "portal-carla", { connectedContractorId: acme, contractorPortalEnabled: true });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  for (const s of servers) await s.shutdown();
  await w?.s.close();
});

const open = (username: string, path: string) =>
  signedInPage(browser, w.s, contexts, username, path, {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });
const button = (scope: Page | ReturnType<Page["getByRole"]>, name: string) =>
  scope.getByRole("button", { name, exact: true });

// Bounds against a hang, not measures: on a loaded 2-core machine these tests took up to about 25 s.
describe("the contractor portal", { timeout: 90_000 }, () => {
  it("a contractor orders from the cart, staff release it, and the contractor sees it received, live", async () => {
    const page = await open("portal-carla", "/external-order");
    const grid = page.locator('[data-testid="list-grid"]');
    await grid.locator("[data-row-id]").first().waitFor();
    expect(await grid.innerText()).toContain("PE-SOAP");
    expect(await grid.innerText()).not.toContain("PE-THEIRS");
    await grid.getByText("PE-SOAP", { exact: true }).first().click();
    const add = page.getByRole("dialog");
    await add.getByRole("textbox", { name: enUs["portal.quantity"] }).fill("3");
    await button(add, enUs["portal.addOut"]).click();
    const cart = page.getByTestId("portal-cart");
    await cart.getByTestId("portal-cart-line").first().waitFor();
    expect(await cart.innerText()).toContain("PE-SOAP");
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await typeDate(cart.getByRole("group", { name: enUs["portal.deliveryDate"] }), tomorrow);
    await button(cart, enUs["portal.confirm"]).click();
    await page.getByText(enUs["portal.myOrdersLink"]).waitFor();
    await cart.getByText(enUs["portal.cartEmpty"]).waitFor();
    const [order] = await w.query(
      "SELECT e.id, o.id AS wms, o.order_number FROM external_orders e JOIN wms_orders o ON o.id = e.wms_order_id",
    );
    expect(order).toBeDefined();

    // The contractor watches their orders while the warehouse works.
    const mine = await open("portal-carla", `/my-orders/${order.id}`);
    const dialog = mine.getByTestId("portal-order");
    await dialog.waitFor();
    await dialog.locator(`[data-status="submitted"]`).waitFor();

    // Staff see it among the orders and confirm it with its release.
    const staff = await open("portal-e2e-admin", `/warehouse-orders/${order.wms}`);
    const orderDialog = staff.getByTestId("order-dialog");
    await orderDialog.waitFor();
    await expect.poll(() => orderDialog.innerText(), { timeout: 20_000 }).toContain("PE-SOAP");
    await button(staff, enUs["order.action.confirm"]).click();
    await button(staff, enUs["orders.withDocuments"]).click();
    await dialog.locator(`[data-status="sent"]`).waitFor();
    const [release] = await w.query("SELECT id FROM wms_documents WHERE order_id = ?", [order.wms]);
    expect((await w.api("POST", `/WmsDocument/${release.id}/confirm`)).status).toBe(200);
    // Received: the status and the done quantity change without a reload.
    await dialog.locator(`[data-status="fullyReceived"]`).waitFor();
    await expect.poll(() => dialog.getByTestId("portal-done").first().innerText()).toBe("3");
  });
});

/** A page served from its own loopback port: another origin than the warehouse's. */
function site(): { origin: string; html: string } {
  const page = { origin: "", html: "" };
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response(page.html, { headers: { "content-type": "text/html; charset=utf-8" } }),
  );
  servers.push(server);
  page.origin = `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`;
  return page;
}

describe("a widget on a contractor's site", () => {
  it("renders on an allowed origin, as an element and in a frame; a site not allowed gets nothing", async () => {
    const snippet = (key: string) =>
      `<!doctype html><html lang="pl"><body><h1>Shop</h1>` +
      `<script src="${w.s.baseUrl}/widgets/embed.js" async></script>` +
      `<wms-stock key="${key}" lang="pl"></wms-stock>` +
      `<iframe src="${w.s.baseUrl}/widgets/stock?key=${key}&lang=pl" referrerpolicy="origin" ` +
      `style="width:100%;height:300px"></iframe>` +
      `</body></html>`;
    // Two sites with the same snippet; the access allows the first one only.
    const shop = site();
    const strangerSite = site();
    const made = await w.api("POST", "/SharedAccess", {
      contentType: "wmsstock",
      contractorId: acme,
      allowedOrigins: [shop.origin],
    });
    shop.html = strangerSite.html = snippet(made.body.token);
    const shopUrl = shop.origin;
    const strangerUrl = strangerSite.origin;
    expect(new Set([shopUrl, strangerUrl, w.s.baseUrl]).size).toBe(3);

    const context = await browser.newContext({ locale: "pl-PL" });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(shopUrl);
    // In the element's shadow root (Playwright's locators go into open shadow roots).
    await page.locator("wms-stock td", { hasText: "PE-SOAP" }).first().waitFor();
    expect(await page.locator("wms-stock").innerText()).not.toContain("PE-THEIRS");
    expect(await page.locator("wms-stock h2").innerText()).toBe(widgetMessages["pl-pl"]["widget.stockTitle"]);
    // The search in the shadow root asks again.
    await page.locator("wms-stock input[type=search]").fill("TOWEL");
    await page.locator("wms-stock button[type=submit]").click();
    await expect.poll(() => page.locator("wms-stock tbody tr").count()).toBe(1);
    expect(await page.locator("wms-stock tbody").innerText()).toContain("PE-TOWEL");
    await page.frameLocator("iframe").locator("td", { hasText: "PE-SOAP" }).first().waitFor();

    // Another visitor (the two test sites share a host, so one browser would reuse the shop's cached frame,
    // which its frame-ancestors would then block).
    const strangers = await browser.newContext({ locale: "pl-PL" });
    contexts.push(strangers);
    const stranger = await strangers.newPage();
    stranger.setDefaultTimeout(20_000);
    await stranger.goto(strangerUrl);
    await stranger.locator("wms-stock", { hasText: widgetMessages["pl-pl"]["widget.notAllowed"] }).waitFor();
    expect(await stranger.locator("wms-stock").innerText()).not.toContain("PE-SOAP");
    // The frame gets no data either (the server knows the framing site by its Referer): it says why.
    await stranger.frameLocator("iframe").getByText(widgetMessages["pl-pl"]["widget.notAllowed"]).waitFor();
    expect(await stranger.frameLocator("iframe").locator("td").count()).toBe(0);
  });

  it("the demo-less server's /widgets/demo says the demo warehouse is missing", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${w.s.baseUrl}/widgets/demo`);
    await page.getByText(widgetMessages["en-us"]["widget.demoMissing"]).waitFor();
  });
});
