// A record's discussion in real Chromium (issue 18): two staff users have the same product's dialog open;
// what one writes appears in the other's at once (the hub), in the order written, with its author.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { addStaffUser, product, startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
let tea: number;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  w = await startStockWorld("discussion-e2e");
  await addStaffUser(w, "discussion-e2e-clerk");
  tea = await product(w, "DE-TEA", { name: "Green tea" });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

describe("a record's discussion", () => {
  it("shows what another user writes at once", async () => {
    const options = { timeoutMs: 20_000, goto: { waitUntil: "domcontentloaded" as const, timeout: 60_000 } };
    const admin = await signedInPage(
      browser,
      w.s,
      contexts,
      "discussion-e2e-admin",
      `/products/${tea}`,
      options,
    );
    const clerk = await signedInPage(
      browser,
      w.s,
      contexts,
      "discussion-e2e-clerk",
      `/products/${tea}/preview`,
      options,
    );
    for (const page of [admin, clerk]) {
      await page.getByRole("button", { name: enUs["discussion.title"], exact: true }).click();
      await page.getByTestId("discussion").getByText(enUs["discussion.none"]).waitFor();
    }
    await admin.getByRole("textbox", { name: enUs["discussion.write"] }).fill("The pallet arrived wet.");
    await admin.getByRole("button", { name: enUs["discussion.send"] }).click();
    const seen = clerk.getByTestId("discussion-message");
    await seen.first().waitFor();
    expect(await seen.first().innerText()).toContain("The pallet arrived wet.");
    await clerk.getByRole("textbox", { name: enUs["discussion.write"] }).fill("Photographed it.");
    await clerk.getByRole("button", { name: enUs["discussion.send"] }).click();
    await expect.poll(() => admin.getByTestId("discussion-message").allInnerTexts()).toHaveLength(2);
    const texts = await admin.getByTestId("discussion-message").allInnerTexts();
    expect(texts[1]).toContain("Photographed it.");
    expect(texts[1]).toContain("discussion-e2e-clerk");
  });
});
