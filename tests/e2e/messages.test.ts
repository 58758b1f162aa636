// Messages in real Chromium (issue 18): an administrator writes an SMS in Polish to a number and sees it in
// the list turn to sent (over the hub), with its segment count (UCS-2: one part of 70 characters holds it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { draft, location, product, startStockWorld, type StockWorld } from "../integration/stock/fixture.ts";
import { type SmtpSink, startSmtp } from "../fixtures/smtp.ts";
import { launchBrowser, signedInPage } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";

let w: StockWorld;
let browser: Browser;
let smtp: SmtpSink;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  w = await startStockWorld("messages-e2e");
  smtp = await startSmtp();
  await w.api("POST", "/EmailAccount", {
    address: "warehouse@example.com",
    smtpServer: "127.0.0.1",
    smtpPort: smtp.port,
    useTls: false,
  });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
  await smtp?.close();
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

  it("mails a document to a partner from its preview, its printout attached", async () => {
    const doc = await draft(w, { typeCode: "IIN", destinationLocationId: await location(w, "ME-DOCK") }, [
      { productId: await product(w, "ME-TEA"), quantity: 3 },
    ]);
    const page = await signedInPage(
      browser,
      w.s,
      contexts,
      "messages-e2e-admin",
      `/warehouse-documents/${doc.id}`,
      {
        timeoutMs: 20_000,
        goto: { waitUntil: "domcontentloaded", timeout: 60_000 },
      },
    );
    await page.getByRole("button", { name: enUs["messages.sendByEmail"] }).click();
    const dialog = page.getByTestId("message-dialog");
    await dialog.getByRole("textbox", { name: enUs["messages.toEmail"] }).fill("partner@example.com");
    await dialog.getByRole("textbox", { name: enUs["field.message.subject"] }).fill("Your delivery");
    await dialog.getByRole("textbox", { name: enUs["field.message.body"] }).fill("The document is attached.");
    expect(await dialog.getByRole("checkbox", { name: enUs["messages.attachPrintout"] }).isChecked()).toBe(
      true,
    );
    await dialog.getByRole("button", { name: enUs["messages.send"] }).click();
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes("partner@example.com"), 20_000);
    expect(mail.subject).toBe("Your delivery");
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
  });
});
