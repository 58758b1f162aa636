// Dates in real Chromium (issue 31 item 8): the main screens, with data on them (a receipt with an expiry
// date, an order and its release document, a portal order sent, history entries, a message, a calendar
// event), in American English in New York and in German in Berlin. No visible text may look like ISO
// (2026-12-15, T20:45); a calendar day shows in the language's one date format (05/01/2031, 01.05.2031);
// an instant shows its day in that format and its time in the browser's time zone, the same on a list, in a
// dialog and in the history. The expected texts are made here with Intl, apart from the app's formatter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  addStaffUser,
  company,
  confirm,
  draft,
  location,
  product,
  startStockWorld,
  type StockWorld,
} from "../integration/stock/fixture.ts";
import { signIn } from "../fixtures/harness.ts";
import { type SmtpSink, startSmtp } from "../fixtures/smtp.ts";
import { dateField, dateValue, launchBrowser, waitForHydration } from "./browser.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { deDe } from "../../shared/i18n/de_de.ts";

const EXPIRY = "2031-05-01";
const PLANNED = "2031-04-20";
const DELIVERY = "2031-04-25";
const DEADLINE = "2031-04-22T18:45:00.000Z";

/** Text as compared: Intl's narrow and no-break spaces as plain ones, bidi marks of date fields gone. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ").replace(/[\u2066-\u2069]/g, "");

const DAY = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
const dayText = (iso: string, locale: string) =>
  plain(new Intl.DateTimeFormat(locale, { ...DAY, timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`)));
const instantText = (iso: string, locale: string, timeZone: string) =>
  plain(
    new Intl.DateTimeFormat(locale, { ...DAY, hour: "2-digit", minute: "2-digit", timeZone })
      .format(new Date(iso)),
  );

const languages = [
  {
    locale: "en-US",
    timeZone: "America/New_York",
    cat: enUs,
    instant: /\b\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [AP]M\b/,
  },
  { locale: "de-DE", timeZone: "Europe/Berlin", cat: deDe, instant: /\b\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\b/ },
] as const;
type Lang = typeof languages[number];

const ISO = [/\b\d{4}-\d{2}-\d{2}\b/, /T\d{2}:\d{2}/];

let w: StockWorld;
let smtp: SmtpSink;
let browser: Browser;
const contexts: BrowserContext[] = [];
let milk: number;
let receipt: { id: number; documentNumber: string; executedAt: string };
let release: { id: number; documentNumber: string };
let order: { id: number; orderNumber: string };
let portal: { orderNumber: string; submittedAt: string };
let today: string;

beforeAll(async () => {
  w = await startStockWorld("dates");
  smtp = await startSmtp();
  const acme = await company(w, "ACME DATES");
  const zone = await location(w, "DT-ZONE");
  const bin = await location(w, "DT-01", { parentId: zone });
  milk = await product(w, "DT-MILK", { contractorId: acme, unit: "pcs" });
  // The receipt's history: made, its planned day set, confirmed (its execution an instant).
  const { id } = await draft(w, { typeCode: "IIN", destinationLocationId: bin }, [
    { productId: milk, quantity: 10, expiryDate: EXPIRY },
  ]);
  const doc = await w.api("GET", `/WmsDocument/${id}`);
  const edited = await w.api("PUT", "/WmsDocument", { ...doc.body, plannedDate: PLANNED });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  expect((await confirm(w, id, true)).status).toBe(200);
  receipt = (await w.api("GET", `/WmsDocument/${id}`)).body;

  // An order whose release document takes the milk by its expiry (FEFO).
  const o = await w.api("POST", "/WmsOrder", {
    typeCode: "OOU",
    sourceLocationId: zone,
    contractorId: acme,
    plannedDate: PLANNED,
    deadline: DEADLINE,
  });
  expect(o.status, JSON.stringify(o.body)).toBe(201);
  await w.api("POST", "/WmsOrderPosition", { orderId: o.body.id, productId: milk, quantity: 2 });
  const confirmed = await w.api("POST", `/WmsOrder/${o.body.id}/confirm?generateDocuments=true`);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  order = (await w.api("GET", `/WmsOrder/${o.body.id}`)).body;
  const [r] = await w.query("SELECT id, document_number FROM wms_documents WHERE order_id = ?", [order.id]);
  release = { id: Number(r.id), documentNumber: String(r.document_number) };

  // A portal order sent by the contractor's user.
  const carla = await addStaffUser(w, "dates-carla", {
    connectedContractorId: acme,
    contractorPortalEnabled: true,
  });
  const add = await w.api(
    "POST",
    `/contractororders/add-to-cart?productId=${milk}&quantity=1`,
    undefined,
    carla,
  );
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  const sent = await w.api("POST", "/contractororders/confirm-order", { deliveryDate: DELIVERY }, carla);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  portal = sent.body.results[0];

  // A message about the receipt, its subject filled from the record.
  await w.api("POST", "/EmailAccount", {
    address: "warehouse@example.com",
    smtpServer: "127.0.0.1",
    smtpPort: smtp.port,
    useTls: false,
  });
  const message = await w.api("POST", "/Message/send", {
    channel: "email",
    subject: "Receipt {{document.documentNumber}} of {{document.executedAt}}",
    body: "Expiry {{document.plannedDate}}",
    to: ["partner@example.com"],
    refResourceType: "WmsDocument",
    refResourceId: receipt.id,
  });
  expect(message.status, JSON.stringify(message.body)).toBe(202);

  // A calendar event today, for the agenda.
  today = new Date().toISOString().slice(0, 10);
  const event = await w.api("POST", "/Calendar", { title: "DT inventory", startDate: `${today}T12:00:00Z` });
  expect(event.status, JSON.stringify(event.body)).toBe(201);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await w?.s.close();
  await smtp?.close();
});

async function pageOf(lang: Lang, username: string): Promise<Page> {
  const auth = await signIn(w.s, username);
  const context = await browser.newContext({ locale: lang.locale, timezoneId: lang.timeZone });
  contexts.push(context);
  await context.addInitScript((value) => {
    if (!localStorage.getItem("wms.auth")) localStorage.setItem("wms.auth", value);
  }, JSON.stringify(auth));
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  return page;
}

async function open(page: Page, path: string): Promise<void> {
  // The first page of a run may wait for the server's first rendering on a loaded machine.
  await page.goto(w.s.baseUrl + path, { waitUntil: "domcontentloaded", timeout: 60_000 });
  await waitForHydration(page);
}

/**
 * The page's visible text once `marker` shows (its data arrived), checked to hold nothing ISO-looking (soft
 * checks here and below: a failure names every screen that is wrong, not only the first).
 */
async function scanned(page: Page, marker: string, where: string): Promise<string> {
  await page.getByText(marker).first().waitFor();
  const text = plain(await page.evaluate(() => document.body.innerText));
  for (const iso of ISO) {
    expect.soft(text.match(iso)?.[0] ?? null, `${where}: ISO-looking text in\n${text}`).toBeNull();
  }
  return text;
}

describe("dates on the main screens", () => {
  for (const lang of languages) {
    it(`show one date and one instant format in ${lang.locale} (${lang.timeZone})`, async () => {
      const day = (iso: string) => dayText(iso, lang.locale);
      const instant = (iso: string) => instantText(iso, lang.locale, lang.timeZone);
      const page = await pageOf(lang, "dates-admin");

      // The documents: the receipt's execution (an instant) and the planned day on the list.
      await open(page, "/warehouse-documents");
      let text = await scanned(page, receipt.documentNumber, "documents");
      expect.soft(text).toContain(instant(receipt.executedAt));
      expect.soft(text).toContain(day(PLANNED));
      expect.soft(text).toMatch(lang.instant);

      // The receipt's dialog: its expiry date, its execution as on the list; its history the same way.
      await open(page, `/warehouse-documents/${receipt.id}`);
      text = await scanned(page, "DT-MILK", "document dialog");
      expect.soft(text).toContain(day(EXPIRY));
      expect.soft(text).toContain(instant(receipt.executedAt));
      await page.getByRole("button", { name: lang.cat["history.open"] }).click();
      const history = page.getByRole("dialog", {
        name: lang.cat["history.title"].replace("{title}", receipt.documentNumber),
      });
      await history.getByTestId("history-entry").first().waitFor();
      const logged = (await w.api(
        "GET",
        `/RecordLog?PageSize=50&BasicFiltersSerialized=${
          encodeURIComponent(JSON.stringify([
            { field: "resourceType", operator: "eq", value: "WmsDocument" },
            { field: "resourceId", operator: "eq", value: receipt.id },
          ]))
        }`,
      )).body.results as { createdAt: string }[];
      expect(logged.length).toBeGreaterThan(1);
      text = await scanned(page, receipt.documentNumber, "history");
      const historyText = plain(await history.innerText());
      for (const entry of logged) expect.soft(historyText).toContain(instant(entry.createdAt));
      // The planned date it changed, as a day.
      expect.soft(historyText).toContain(day(PLANNED));

      // The administrators' log lists the same entries with the same instants.
      await open(page, "/history");
      text = await scanned(page, receipt.documentNumber, "change history");
      expect.soft(text).toContain(instant(logged[0].createdAt));

      // Orders: the planned day and the deadline (an instant) on the list and in the dialog.
      await open(page, "/warehouse-orders");
      text = await scanned(page, order.orderNumber, "orders");
      expect.soft(text).toContain(day(PLANNED));
      expect.soft(text).toContain(instant(DEADLINE));
      await open(page, `/warehouse-orders/${order.id}`);
      text = await scanned(page, "DT-MILK", "order dialog");
      expect.soft(text).toContain(instant(DEADLINE));

      // Stock: the total, and the inventory by location with the expiry date.
      await open(page, "/warehouse-product-stock");
      await scanned(page, "DT-MILK", "total stock");
      await open(page, `/warehouse-product-inventory/product/${milk}`);
      text = await scanned(page, "DT-01", "inventory");
      expect.soft(text).toContain(day(EXPIRY));

      // Statistics: the date fields in the same numeric order, the movements' instants and expiry.
      await open(page, "/warehouse-product-movements");
      text = await scanned(page, receipt.documentNumber, "movements");
      expect.soft(text).toContain(day(EXPIRY));
      expect.soft(text).toMatch(lang.instant);
      for (const label of [lang.cat["stock.dateFrom"], lang.cat["stock.dateTo"]]) {
        const field = dateField(page, label);
        const value = await dateValue(field);
        expect.soft(plain((await field.textContent()) ?? "").replace(/\s/g, ""), label).toBe(day(value));
      }

      // Messages: when it was made and sent, and its subject filled with the receipt's instant.
      await open(page, "/messages");
      text = await scanned(page, receipt.documentNumber, "messages");
      expect.soft(text).toMatch(lang.instant);

      // The calendar's agenda of today.
      await open(page, `/warehouse-calendar-agenda-day?date=${today}`);
      await scanned(page, "DT inventory", "calendar agenda");

      // The terminal's release: the position with its expiry date.
      await open(page, "/wms-terminal-out");
      await page.getByTestId("terminal-task").filter({ hasText: release.documentNumber }).click();
      text = await scanned(page, "DT-01", "terminal release");
      expect.soft(text).toContain(day(EXPIRY));

      // The contractor's portal: their orders (delivery day, when sent) and a new order.
      const contractor = await pageOf(lang, "dates-carla");
      await open(contractor, "/my-orders");
      text = await scanned(contractor, portal.orderNumber, "my orders");
      expect.soft(text).toContain(day(DELIVERY));
      expect.soft(text).toContain(instant(portal.submittedAt));
      await open(contractor, "/external-order");
      await scanned(contractor, "DT-MILK", "new portal order");
    }, 90_000);
  }
});
