// A clerk releasing from a zone in a real browser (issue 12, item 4): 25 hake fillets scanned from the
// FREEZER zone are taken earliest expiry first, split across the two bins whose lots cover them, each line
// showing its bin and lot, with the other bins and lots offered in FEFO order; one more picked by name grows
// the next lot's line; the confirmed document says where each line's goods came from, and the bins hold
// what is left.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  daysAhead,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  stockAt,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { dateValue, launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

// Lots' expiry dates from today (a fixed date would meet the short-expiry rule one day), and as en-us shows them.
const [early, late] = [100, 150].map(daysAhead);
const shown = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let f1: number;
let f2: number;
let hake: number;
let doc: number;

beforeAll(async () => {
  w = await startStockWorld("fefo-ui", { loginLimitPerUser: 1000, loginLimitPerIp: 1000 });
  const zone = await location(w, "FREEZER");
  f1 = await location(w, "F-01", { parentId: zone });
  f2 = await location(w, "F-02", { parentId: zone });
  hake = await product(w, "HAKE", { name: "Cape hake fillets" });
  await receive(w, hake, f1, 30, { expiryDate: late });
  await receive(w, hake, f2, 20, { expiryDate: early });
  doc = (await draft(w, { typeCode: "DOU", sourceLocationId: zone }, [])).id;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

const editor = (page: Page) => page.getByTestId("document-editor");
const row = (page: Page, bin: string) =>
  editor(page).locator(`tbody tr[data-product='HAKE'][data-source='${bin}']`);

describe("a release from a zone", () => {
  it("takes the earliest lots first, split across bins, and says where from once confirmed", async () => {
    const page = await signedInPage(
      browser,
      w.s,
      contexts,
      "fefo-ui-admin",
      `/warehouse-new-document/${doc}`,
      {
        timeoutMs: 20_000,
        viewport: { width: 1400, height: 1000 },
      },
    );
    const quantity = editor(page).getByRole("textbox", { name: enUs["documents.scanQuantity"] });
    await quantity.fill("25");
    const box = editor(page).getByRole("textbox", { name: enUs["documents.scan"] });
    await box.fill("HAKE");
    await box.press("Enter");
    await row(page, "F-01").waitFor();
    // F-02's lot expires first: all 20 of it, then 5 of F-01's.
    const qty = (bin: string) =>
      row(page, bin).getByRole("textbox", { name: new RegExp(enUs["field.wmsDocumentPosition.quantity"]) })
        .inputValue();
    expect([await qty("F-02"), await qty("F-01")]).toEqual(["20", "5"]);
    const expiry = (bin: string) =>
      dateValue(
        row(page, bin).getByRole("group", { name: new RegExp(enUs["field.wmsDocumentPosition.expiryDate"]) }),
      );
    expect([await expiry("F-02"), await expiry("F-01")]).toEqual([early, late]);
    await page.getByTestId("scan-status").getByText(
      `F-02 · ${shown(early)} · 20; F-01 · ${shown(late)} · 5`,
      {
        exact: false,
      },
    )
      .waitFor();
    // The other bins and lots are offered, earliest expiry first, for the clerk to choose another.
    await row(page, "F-01").getByRole("button", {
      name: enUs["documents.lotsOf"].replace("{product}", "HAKE · Cape hake fillets"),
    }).click();
    const offered = page.getByTestId("lot-chooser").getByRole("button");
    await offered.first().waitFor();
    expect(await offered.allTextContents()).toEqual([
      `F-02 · ${enUs["documents.lotExpiry"].replace("{date}", shown(early))} · 20`,
      `F-01 · ${enUs["documents.lotExpiry"].replace("{date}", shown(late))} · 30`,
    ]);
    await page.keyboard.press("Escape");
    await page.getByTestId("lot-chooser").waitFor({ state: "detached" });
    // The quantity goes back to 1 for the next scan.
    expect(await quantity.inputValue()).toBe("1");

    // One more, picked by name: the next unit of the same lot.
    const picker = editor(page).getByRole("combobox", { name: enUs["documents.pickProduct"] });
    await picker.fill("hake");
    // Offered by its name, with its index beside it.
    await page.getByRole("option", { name: "Cape hake fillets HAKE", exact: true }).click();
    await expect.poll(() => qty("F-01"), { timeout: 15_000 }).toBe("6");
    // The search list is closed and the scan field ready for the next code.
    expect(await page.getByRole("listbox").count()).toBe(0);
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    // Each line shows its bin in its source picker, which the clerk may change.
    const bin = row(page, "F-02").getByRole("combobox", {
      name: enUs["documents.sourceOf"].replace("{product}", "HAKE · Cape hake fillets"),
    });
    expect(await bin.inputValue()).toBe("F-02");
    expect(await editor(page).locator("tbody tr[data-product='HAKE']").count()).toBe(2);

    await editor(page).getByRole("button", { name: enUs["document.action.confirm"], exact: true }).click();
    await page.waitForURL(new RegExp(`/warehouse-documents/${doc}$`));
    const taken = page.getByTestId("position-sources");
    await taken.first().waitFor();
    expect((await taken.allTextContents()).sort()).toEqual([
      `F-01 · ${enUs["documents.lotExpiry"].replace("{date}", shown(late))} · 6`,
      `F-02 · ${enUs["documents.lotExpiry"].replace("{date}", shown(early))} · 20`,
    ]);
    expect([await stockAt(w, hake, f2), await stockAt(w, hake, f1)]).toEqual([0, 24]);
  }, 60_000);
});
