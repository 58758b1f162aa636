// Messages in real Chromium (issue 18): an administrator writes an SMS in Polish to a number and sees it in
// the list turn to sent (over the hub), with its segment count (UCS-2: one part of 70 characters holds it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../client/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  w = await startStockWorld("messages-e2e");
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
});

describe("messages", () => {
  it("sends an SMS and lists it as sent with its segments", async () => {
    const page = await signedInPage(browser, w.s, contexts, "messages-e2e-admin", "/messages", {
      timeoutMs: 20_000,
      goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
    });
    await page.getByRole("button", { name: enUs["messages.new"] }).click();
    const dialog = page.getByTestId("message-dialog");
    await dialog.getByRole("button", { name: new RegExp(enUs["field.message.channel"]) }).click();
    await page.getByRole("option", { name: enUs["option.channel.sms"] }).click();
    await dialog.getByRole("textbox", { name: enUs["messages.toPhone"] }).fill("+48 601 234 567");
    await dialog.getByRole("textbox", { name: enUs["field.message.body"] }).fill(
      "Dostawa na rampę 3 o 14:00, proszę potwierdzić",
    );
    await dialog.getByRole("button", { name: enUs["messages.send"] }).click();
    await page.getByText(enUs["messages.queued#one"].replace("{count}", "1")).waitFor();
    const row = page.getByRole("row").filter({ hasText: enUs["option.status.sent"] });
    await row.first().waitFor();
    const cells = await row.first().innerText();
    expect(cells).toContain(enUs["option.channel.sms"]);
    const [message] = (await w.api("GET", "/Message")).body.results;
    expect([message.status, message.smsSegments, message.smsEncoding]).toEqual(["sent", 1, "UCS-2"]);
  });
});
