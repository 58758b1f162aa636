// The logistics configuration screen in real Chromium (issue 17): an administrator writes a receipt's
// numbering as a pattern, sees the next number it gives before saving, saves, and the next confirmed receipt
// gets exactly that number; a rule changed there is in force at once; a basic user reads the settings only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import {
  addStaffUser,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage, waitForHydration } from "./browser.ts";
import { signIn } from "../fixtures/harness.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  w = await startStockWorld("logistics-e2e");
  await addStaffUser(w, "logistics-basic");
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

/** A signed-in page of `context` at the logistics configuration (the context routes some calls itself). */
async function signedInPageIn(context: BrowserContext, username: string) {
  const auth = await signIn(w.s, username);
  await context.addInitScript((value) => {
    if (!localStorage.getItem("wms.auth")) localStorage.setItem("wms.auth", value);
  }, JSON.stringify(auth));
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(w.s.baseUrl + "/logistics-config", { waitUntil: "domcontentloaded", timeout: 60_000 });
  await waitForHydration(page);
  return page;
}

const open = (username: string) =>
  signedInPage(browser, w.s, contexts, username, "/logistics-config", {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });

describe("the logistics configuration", () => {
  it("says it is loading until the configuration is there, then asks every next number in one call", async () => {
    // The configuration's answer is held back until the screen has been seen waiting for it.
    const context = await browser.newContext({ locale: "en-US" });
    contexts.push(context);
    const held = Promise.withResolvers<void>();
    await context.route("**/api/ClientLogisticsConfig", async (route) => {
      await held.promise;
      await route.continue();
    });
    const previews: string[] = [];
    context.on("request", (r) => {
      if (r.url().includes("/api/Config/NumberingPreview")) previews.push(new URL(r.url()).pathname);
    });
    const page = await signedInPageIn(context, "logistics-e2e-admin");
    // The screen's own indicator (not the one shown while its script loads).
    const loading = page.getByTestId("logistics-loading");
    await loading.waitFor();
    expect([await loading.getAttribute("role"), await loading.innerText()]).toEqual([
      "status",
      enUs["common.loading"],
    ]);
    expect(await page.locator('main section[aria-busy="true"]').count()).toBe(1);
    expect(await page.getByRole("heading", { name: enUs["route.logistics-config"] }).count()).toBe(1);
    held.resolve();
    const preview = page.getByTestId("numbering-document-IIN").getByTestId("numbering-preview");
    await expect.poll(() => preview.innerText()).toMatch(/\d{6}$/);
    await expect.poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="numbering-preview"]')].every((e) => e.textContent)
      )
    ).toBe(true);
    expect(await loading.count()).toBe(0);
    expect(await page.locator('main section[aria-busy="true"]').count()).toBe(0);
    expect(previews).toEqual(["/api/Config/NumberingPreviews"]);
  });

  it("previews a pattern's next number, saves it, and the next receipt gets that number", async () => {
    const raw = await location(w, "LC-RAW");
    const page = await open("logistics-e2e-admin");
    const row = page.getByTestId("numbering-document-IIN");
    const pattern = row.getByRole("textbox", { name: enUs["logistics.pattern"] });
    await pattern.fill("RCV-{yy}-{counter:6}");
    await row.getByRole("button", { name: new RegExp(enUs["logistics.reset"]) }).click();
    await page.getByRole("option", { name: enUs["logistics.reset.never"], exact: true }).click();
    const yy = String(new Date().getUTCFullYear()).slice(-2);
    await expect.poll(() => row.getByTestId("numbering-preview").innerText()).toBe(`RCV-${yy}-000001`);
    // A pattern that is no schema says why and cannot be saved.
    const other = page.getByTestId("numbering-document-DIN");
    await other.getByRole("textbox", { name: enUs["logistics.pattern"] }).fill("DIN/{yyyy}");
    await other.getByText(enUs["logistics.patternInvalid"]).waitFor();
    expect(await page.getByRole("button", { name: enUs["logistics.save"], exact: true }).isDisabled()).toBe(
      true,
    );
    await other.getByRole("textbox", { name: enUs["logistics.pattern"] }).fill("DIN/{yyyy}/{counter:6}");
    // A rule on another tab.
    await page.getByRole("tab", { name: enUs["logistics.rules"] }).click();
    await page.getByRole("button", { name: new RegExp(enUs["logistics.rules.rackLoad"]) }).click();
    await page.getByRole("option", { name: enUs["logistics.rule.block"], exact: true }).click();
    // A unit typed at the end, comma first, as a person types it.
    await page.getByRole("tab", { name: enUs["logistics.units"] }).click();
    const units = page.getByRole("textbox", { name: enUs["logistics.unitsList"] });
    await units.press("End");
    await units.pressSequentially(", crate", { delay: 20 });
    expect(await units.inputValue()).toMatch(/, crate$/);
    // Production: the raw material's location picked by its label.
    await page.getByRole("tab", { name: enUs["logistics.production"] }).click();
    await page.getByRole("combobox", { name: enUs["logistics.production.rawMaterialLocationId"] }).fill(
      "LC-RAW",
    );
    await page.getByRole("option", { name: "LC-RAW", exact: true }).click();
    await page.getByRole("button", { name: enUs["logistics.save"], exact: true }).click();
    await page.getByText(enUs["logistics.saved"]).waitFor();
    const config = (await w.api("GET", "/ClientLogisticsConfig")).body;
    expect(config.production.rawMaterialLocationId).toBe(raw);
    expect(config.rules.rackLoad).toBe("block");
    expect(config.units.at(-1)).toBe("crate");
    expect(config.numbering.documents.IIN.reset).toBe("never");
    const doc = await receive(w, await product(w, "LC-TEA"), await location(w, "LC-01"), 1);
    expect((await w.api("GET", `/WmsDocument/${doc}`)).body.documentNumber).toBe(`RCV-${yy}-000001`);
  });

  it("shows a basic user the settings without a way to change them", async () => {
    const page = await open("logistics-basic");
    await page.getByText(enUs["logistics.readOnly"]).waitFor();
    expect(await page.getByRole("button", { name: enUs["logistics.save"], exact: true }).count()).toBe(0);
    expect(await page.getByTestId("numbering-document-IIN").getByRole("textbox").getAttribute("readonly"))
      .not.toBeNull();
    // A switch the user may only read does not change when pressed.
    await page.getByRole("tab", { name: enUs["logistics.operations"] }).click();
    const first = page.getByRole("tabpanel").getByRole("switch").first();
    const before = await first.isChecked();
    await first.click({ force: true });
    expect(await first.isChecked()).toBe(before);
    expect(await page.locator("label[data-readonly]").count()).toBeGreaterThan(0);
  });
});
