// A record's attachments in real Chromium (issue 18): a manager attaches a photo to a product in its dialog,
// sees it previewed, is refused a program with the reason in words, and removes the photo; a contractor user
// sees their product's files without a way to add one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import {
  addStaffUser,
  company,
  product,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];
let tea: number;
const PNG = "/work/main/docs/screenshots/home-light-desktop.png";

beforeAll(async () => {
  w = await startStockWorld("attach-e2e");
  const own = await company(w, "ATTACH FOODS");
  tea = await product(w, "ATT-TEA", { contractorId: own });
  await addStaffUser(w, "attach-manager", { isPowerUser: true });
  await addStaffUser(w, "attach-contractor", { connectedContractorId: own, contractorPortalEnabled: true });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

const open = (username: string, path: string) =>
  signedInPage(browser, w.s, contexts, username, path, {
    timeoutMs: 20_000,
    goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
  });

describe("attachments in a record's dialog", () => {
  it("attaches, previews, refuses a program and removes a file", async () => {
    const page = await open("attach-manager", `/products/${tea}`);
    const dialog = page.getByRole("dialog");
    await dialog.getByText(enUs["attachments.none"]).waitFor();
    await dialog.locator('input[name="attachment"]').setInputFiles(PNG);
    const row = dialog.locator('[data-file="home-light-desktop.png"]');
    await row.waitFor();
    await row.getByRole("button", { name: enUs["attachments.show"] }).click();
    const preview = page.getByRole("dialog", { name: "home-light-desktop.png" });
    const img = preview.getByRole("img", { name: "home-light-desktop.png" });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    await preview.getByRole("button", { name: enUs["common.close"] }).click();
    await preview.waitFor({ state: "detached" });
    // A program is refused by its bytes, whatever it is called.
    const program = Buffer.alloc(4096);
    program.write("MZ", 0);
    program.writeUInt32LE(0x80, 0x3c);
    program.write("PE\0\0", 0x80);
    await dialog.locator('input[name="attachment"]').setInputFiles({
      name: "invoice.pdf",
      mimeType: "application/pdf",
      buffer: program,
    });
    await dialog.getByText(enUs["apiError.file.typeNotAllowed"]).waitFor();
    await row.getByRole("button", { name: enUs["attachments.remove"] }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: enUs["attachments.remove"] }).click();
    await row.waitFor({ state: "detached" });
    expect(await w.query("SELECT id FROM file_infos")).toEqual([]);
  });

  it("shows a contractor user their product's files without a way to add one", async () => {
    const form = new FormData();
    form.append("file", new File([new TextEncoder().encode("spec sheet")], "spec.txt"));
    const up = await fetch(`${w.s.baseUrl}/api/File/upload?refResourceType=Product&refResourceId=${tea}`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.admin}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const page = await open("attach-contractor", `/products/${tea}`);
    const dialog = page.getByRole("dialog");
    await dialog.locator('[data-file="spec.txt"]').waitFor();
    expect(await dialog.locator('input[name="attachment"]').count()).toBe(0);
    expect(await dialog.getByRole("button", { name: enUs["attachments.remove"] }).count()).toBe(0);
  });
});
